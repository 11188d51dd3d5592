/**
 * Awaits the queries one after another and gives their results as Promise.all would. Drizzle's
 * queries start when awaited; given together to Promise.all on a transaction, they would go out
 * on its one connection at once, which node-postgres only queues today (with a deprecation
 * warning) and refuses from its next major version. Outside a transaction, Promise.all is fine.
 */
export async function inTurn<T extends readonly unknown[] | []>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
