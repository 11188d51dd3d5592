import { sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { purgeDocumentCache } from "#app/utils/document-cache.server.ts";
import { startPeriodicJob } from "#app/utils/periodic-job.server.ts";

/**
 * What the public pages show of the agency's own content (articles, FAQ, testimonials) is read
 * once per instance and kept until it changes (docs/decisions/021-content-edited-by-the-agency.md).
 * A change bumps a version in the database inside the change's transaction; the instance that
 * made it forgets at once, every other one within a watch interval, and so does each one when
 * a scheduled article falls due. Forgetting also drops the stored pages (decision 015).
 */

const VERSION_KEY = "content.version";

// Per database: tests open PGlite and PostgreSQL in one process.
let memos = new WeakMap<Database, Map<string, Promise<unknown>>>();

/** `load()` once per database and key until the content changes. A failed load is not kept. */
export function memoized<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
    const stored = value;
    const kept = memo;
    value.catch(() => {
      if (kept.get(key) === stored) kept.delete(key);
    });
  }
  return value;
}

// A page whose render began before a change may be stored just after it: the stored pages are
// dropped once more when such a render has surely ended.
const SECOND_PURGE_MS = 2_000;

/** This instance forgets what it read of the content and the pages made from it. */
export function forgetContent() {
  memos = new WeakMap();
  purgeDocumentCache();
  setTimeout(() => purgeDocumentCache(), SECOND_PURGE_MS).unref();
}

/** Inside a content change's transaction: the other instances will see a new version. */
export async function bumpContentVersion(tx: Pick<Database, "execute">) {
  await tx.execute(sql`
    insert into settings (key, value, updated_at)
    values (${VERSION_KEY}, jsonb_build_object('n', 1), now())
    on conflict (key) do update
      set value = jsonb_build_object('n', coalesce((settings.value ->> 'n')::bigint, 0) + 1),
          updated_at = now()`);
}

interface WatchState {
  version: string | null;
  /** The database's clock at the last look: articles due since then change what is shown. */
  at: Date | null;
}

interface WatchRow {
  version: string | null;
  at: Date | string;
  due: boolean;
}

/** One look: whether the content changed (another instance's edit, an article falling due). */
export async function contentChangedSince(db: Database, state: WatchState): Promise<boolean> {
  const result = await db.execute(sql`
    select
      (select value ->> 'n' from settings where key = ${VERSION_KEY}) as version,
      now() as at,
      exists (
        select 1 from blog_translations
        where publish_at <= now()
          and publish_at > coalesce(${state.at?.toISOString() ?? null}::timestamptz, now())
      ) as due`);
  const row = (result as unknown as { rows: WatchRow[] }).rows[0]!;
  const changed = state.at !== null && (row.version !== state.version || row.due);
  state.version = row.version;
  state.at = new Date(row.at);
  return changed;
}

/** Started with the server: looks every `everyMs` (5 s) and forgets on a change. */
export function startContentWatch(getDb: () => Promise<Database>, everyMs = 5_000) {
  const state: WatchState = { version: null, at: null };
  return startPeriodicJob(
    "content.watch",
    async () => {
      if (await contentChangedSince(await getDb(), state)) forgetContent();
    },
    { everyMs },
  );
}
