import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A PostgreSQL database of a spec's own, made on the server of TEST_DATABASE_URL and dropped when
 * the spec is done: for servers that share one database, as instances behind a load balancer do
 * (tests/ops/instances.spec.ts), or a spec that prepares rows a screen has no form for.
 */
export interface ScratchDatabase {
  url: string;
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Drops it, also while a killed server's connections linger. */
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database named `<prefix>_<random>`; the servers started on it migrate it. */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("needs PostgreSQL: set TEST_DATABASE_URL (CI does)");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (text, values = []) =>
      withClient(url.toString(), async (client) => (await client.query(text, values)).rows),
    drop: () =>
      withClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}
