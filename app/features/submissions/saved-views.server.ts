import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Reader } from "#app/db/db.server.ts";
import { savedViews } from "#app/db/schema.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { readReviewFilter, reviewFilterParams } from "./review-filter.ts";

/*
 * A staff member's saved views of the review list (issue 28): a name and the list's URL with its
 * filters and order. Every read and write is scoped by her id in its WHERE clause, so another's
 * view is, to her, a view that does not exist.
 */

export interface SavedView {
  id: number;
  name: string;
  href: string;
}

/** How many views one person may keep: a row of links above the list, not an archive. */
export const MAX_VIEWS = 30;

export function listViews(db: Reader, userId: string): Promise<SavedView[]> {
  return db
    .select({ id: savedViews.id, name: savedViews.name, href: savedViews.href })
    .from(savedViews)
    .where(eq(savedViews.userId, userId))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id))
    .limit(MAX_VIEWS);
}

/**
 * The list's URL as a view keeps it: one of the review lists, and only the filters and order
 * the list reads (re-written from what was read, so nothing else rides along). Null when the
 * path is not a review list.
 */
export function viewHref(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, "http://view.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://view.invalid") return null;
  const list = reviewLists.find((l) => l.path === url.pathname);
  if (!list) return null;
  const query = new URLSearchParams(reviewFilterParams(readReviewFilter(url.searchParams)));
  return query.size ? `${list.path}?${query}` : list.path;
}

export type ViewOutcome = "saved" | "taken" | "missing" | "full";

export async function saveView(
  db: Database,
  input: { userId: string; name: string; href: string },
): Promise<ViewOutcome> {
  return db.transaction(async (tx) => {
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedViews)
      .where(eq(savedViews.userId, input.userId))) as [{ count: number }];
    if (count >= MAX_VIEWS) return "full";
    const created = await tx
      .insert(savedViews)
      .values(input)
      .onConflictDoNothing()
      .returning({ id: savedViews.id });
    return created.length ? "saved" : "taken";
  });
}

export async function renameView(
  db: Database,
  input: { userId: string; id: number; name: string },
): Promise<ViewOutcome> {
  const [clash] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, input.userId),
        sql`lower(${savedViews.name}) = lower(${input.name})`,
        sql`${savedViews.id} <> ${input.id}`,
      ),
    );
  if (clash) return "taken";
  const renamed = await db
    .update(savedViews)
    .set({ name: input.name })
    .where(and(eq(savedViews.id, input.id), eq(savedViews.userId, input.userId)))
    .returning({ id: savedViews.id });
  return renamed.length ? "saved" : "missing";
}

export async function deleteView(
  db: Database,
  input: { userId: string; id: number },
): Promise<ViewOutcome> {
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, input.id), eq(savedViews.userId, input.userId)))
    .returning({ id: savedViews.id });
  return deleted.length ? "saved" : "missing";
}
