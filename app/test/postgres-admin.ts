import pg from "pg";

/**
 * The PostgreSQL server the database tests may use (CI sets TEST_DATABASE_URL); without one they
 * run on PGlite only. Its own database is only where the tests' copies are made from.
 */
export function postgresBaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
}

/** Runs one statement (create or drop a database) in a session of its own. */
export async function postgresAdmin(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query<Record<string, unknown>>(statement);
  } finally {
    await client.end();
  }
}

/** The same server's database `name`. */
export function postgresUrlOf(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
