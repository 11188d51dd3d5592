import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./db.server.ts";

/**
 * A statement of the busiest write path (an application), written once with drizzle's `sql`
 * (tables and columns from the schema, values as named placeholders) and sent to the driver
 * as it is, beneath drizzle's query layer, as a named prepared statement: parsed and planned
 * once per connection (each pooled one on PostgreSQL, the one session of PGlite), then only
 * bound to its values. Its text never changes, which is what a named statement needs
 * (PostgreSQL refuses the same name for another text on one connection).
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
  return runOnPglite<Row>(client as PGlite, statement);
}

/** The statements each embedded database has parsed already, by name. */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/**
 * PGlite's query() sends a statement as six separate calls into the database (parse, describe,
 * bind, describe, execute, sync) and has it parsed and planned every time; for the two
 * statements of an application that was most of PGlite's time (an application took 5.5 ms of
 * it, 2.3 ms prepared, measured side by side). Here a statement is parsed once, and each run
 * is one call: bind, describe, execute and sync together. It waits for the same two locks as
 * query(), so it never runs inside another caller's transaction nor between the steps of
 * another query.
 */
async function runOnPglite<Row>(db: PGlite, statement: BoundStatement): Promise<Row[]> {
  if (db.closed) throw new Error("PGlite is closed");
  await db.waitReady;
  let prepared = preparedOn.get(db);
  if (!prepared) preparedOn.set(db, (prepared = new Set()));
  const known = prepared;
  const { messages } = await db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      if (!known.has(statement.name)) {
        await db.execProtocol(concat([parseMessage(statement.name, statement.text), SYNC]));
        known.add(statement.name);
      }
      return db.execProtocol(
        concat([bindMessage(statement.name, statement.values), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      );
    }),
  );
  // Values as text, as PostgreSQL sends them; callers convert what they read.
  let columns: string[] = [];
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name === "rowDescription") {
      columns = (message as unknown as { fields: { name: string }[] }).fields.map((f) => f.name);
    } else if (message.name === "dataRow") {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      rows.push(Object.fromEntries(columns.map((name, i) => [name, values[i]])) as Row);
    }
  }
  return rows;
}

// The few frontend messages of PostgreSQL's extended query protocol used above, as its
// documentation lays them out: a type byte, a 32-bit length counting itself, then the body.
const encoder = new TextEncoder();
const text = (value: string) => encoder.encode(`${value}\0`);
const int16 = (value: number) => {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setInt16(0, value);
  return bytes;
};
const int32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value);
  return bytes;
};

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function frontendMessage(type: string, body: Uint8Array[]) {
  const content = concat(body);
  return concat([encoder.encode(type), int32(content.length + 4), content]);
}

/** Parse: the statement's name and text, its parameters' types left to the server. */
const parseMessage = (name: string, sqlText: string) =>
  frontendMessage("P", [text(name), text(sqlText), int16(0)]);

/** Bind: the unnamed portal, every value as text (null as length -1), results as text. */
function bindMessage(name: string, values: unknown[]) {
  const parameters = values.flatMap((value) => {
    if (value === null || value === undefined) return [int32(-1)];
    const bytes = encoder.encode(String(value));
    return [int32(bytes.length), bytes];
  });
  return frontendMessage("B", [
    text(""),
    text(name),
    int16(0),
    int16(values.length),
    ...parameters,
    int16(0),
  ]);
}

const DESCRIBE_PORTAL = frontendMessage("D", [encoder.encode("P"), text("")]);
const EXECUTE = frontendMessage("E", [text(""), int32(0)]);
const SYNC = frontendMessage("S", []);

/** The driver's own client under a drizzle database (a pg Pool or the PGlite instance). */
export function clientOf(db: Database): StatementClient {
  return (db as unknown as { $client: StatementClient }).$client;
}
