/**
 * Keyset paging on (created_at, id), newest first, for the back office's long lists: the position
 * after the last row shown travels in the URL as `?after=<created_at>~<id>`. `createdAt` is
 * PostgreSQL's own text of the timestamp: a JavaScript Date keeps only milliseconds, and a cursor
 * rounded to them would skip the rows stored within the same millisecond.
 */
export interface KeysetCursor {
  createdAt: string;
  id: number;
}

/** The `after` parameter for the page that follows, or null on the last page. */
export function cursorParam(cursor: KeysetCursor | null): string | null {
  return cursor ? `${cursor.createdAt}~${cursor.id}` : null;
}

/** The position an `after` parameter names; anything else (absent, forged, oversized) is none. */
export function parseCursor(value: string | null): KeysetCursor | undefined {
  const match = value ? /^(.{10,40})~(\d{1,15})$/.exec(value) : null;
  return match ? { createdAt: match[1]!, id: Number(match[2]) } : undefined;
}

/**
 * Every row of a keyset query, fetched `batch` rows at a time (each batch after the last row of
 * the one before), for an export that must never hold a whole table: the next batch is asked
 * for only once the rows before it have been taken.
 */
export async function* keysetRows<Row extends { id: number; cursorCreatedAt: string }>(
  fetch: (before: KeysetCursor | undefined, limit: number) => Promise<Row[]>,
  batch = 1000,
): AsyncGenerator<Row> {
  let before: KeysetCursor | undefined;
  for (;;) {
    const rows = await fetch(before, batch);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    before = { createdAt: last.cursorCreatedAt, id: last.id };
  }
}
