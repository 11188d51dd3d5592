import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * An empty PostgreSQL database of the test's own, beside the shared one at `baseUrl`: for tests
 * whose code takes whatever it finds in a table (the mail sender takes any due mail), which
 * other test files running at the same time would otherwise feed or drain.
 */
export async function ownPostgres(baseUrl: string, prefix = "mare_own") {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database ${name} with (force)`) };
}
