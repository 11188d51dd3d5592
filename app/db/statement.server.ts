import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./db.server.ts";

/**
 * A statement of the busiest write path (an application), written once with drizzle's `sql`
 * (tables and columns from the schema, values as named placeholders) and sent to the driver
 * as it is, beneath drizzle's query layer:
 *  - on PostgreSQL as a named prepared statement: each pooled connection parses and plans it
 *    once, then only binds the values;
 *  - on PGlite without drizzle's per-query objects (two parser maps built for every query).
 * Its text never changes, which is what a named statement needs (PostgreSQL refuses the same
 * name for another text on one connection).
 */
export interface PreparedStatement<Values extends Record<string, unknown>> {
  name: string;
  text: string;
  with(values: Values): BoundStatement;
}

export interface BoundStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** A connection, a pool or the embedded database: what a statement runs on. */
export type StatementClient = pg.Pool | pg.PoolClient | PGlite;

export function prepareStatement<Values extends Record<string, unknown>>(
  name: string,
  query: SQL,
): PreparedStatement<Values> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return {
    name,
    text,
    with: (values) => ({ name, text, values: fillPlaceholders(params, values) }),
  };
}

/** The rows a statement returns, as objects named by its columns (raw values: no parsing). */
export async function runStatement<Row>(
  client: StatementClient,
  statement: BoundStatement,
): Promise<Row[]> {
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({
      name: statement.name,
      text: statement.text,
      values: statement.values,
    });
    return result.rows as Row[];
  }
  return (await (client as PGlite).query<Row>(statement.text, statement.values)).rows;
}

/** The driver's own client under a drizzle database (a pg Pool or the PGlite instance). */
export function clientOf(db: Database): StatementClient {
  return (db as unknown as { $client: StatementClient }).$client;
}
