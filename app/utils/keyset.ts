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

/**
 * PostgreSQL's text of a timestamptz in its default ISO style: "2026-11-25 03:12:04.123456+00",
 * the offset with minutes (and seconds) where the session's zone has them.
 */
const PG_TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::[0-5]\d){0,2}$/;

/** Whether a timestamptz's text names a real instant (no 30 February, no 25 o'clock). */
function isTimestamp(text: string): boolean {
  const match = PG_TIMESTAMPTZ.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offset] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offset <= 15
  );
}

/**
 * What a list's `after` parameter says: no position (absent or empty), a position, or, when
 * `invalid`, something no page of ours links to (forged, cut, oversized, an impossible date).
 * Checked whole here, because the database would answer a bad one with an error (a 500): the
 * list answers 400 and shows its first page instead.
 */
export function readCursor(value: string | null): {
  cursor: KeysetCursor | undefined;
  invalid: boolean;
} {
  if (value === null || value === "") return { cursor: undefined, invalid: false };
  const match = value.length <= 60 ? /^([^~]+)~([1-9]\d{0,14})$/.exec(value) : null;
  if (!match || !isTimestamp(match[1]!)) return { cursor: undefined, invalid: true };
  return { cursor: { createdAt: match[1]!, id: Number(match[2]) }, invalid: false };
}

/**
 * A page's number or an id in the URL (`?page=`, `?before=`): absent or empty is none; anything
 * but a whole number from 1 to `max` is `invalid`, which the list answers with a 400.
 */
export function readPageNumber(
  value: string | null,
  max = Number.MAX_SAFE_INTEGER,
): { value: number | undefined; invalid: boolean } {
  if (value === null || value === "") return { value: undefined, invalid: false };
  const number = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
  return number <= max ? { value: number, invalid: false } : { value: undefined, invalid: true };
}

/** The position an `after` parameter names; anything else (absent, forged, oversized) is none. */
export function parseCursor(value: string | null): KeysetCursor | undefined {
  return readCursor(value).cursor;
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
