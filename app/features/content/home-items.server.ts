import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { homeItems, type HomeItemKind } from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import { bumpContentVersion, forgetContent, memoized } from "./content-version.server.ts";

/** The home page's questions and answers, in the agency's order. */
export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

/** A creator's words, with her name as she asked to be shown and what she does. */
export interface Testimonial {
  id: number;
  quote: string;
  name: string;
  role: string;
}

/** The FAQ and the testimonials the home page shows in a language; read once until they change. */
export function homeContent(
  db: Database,
  language: Language,
): Promise<{ faq: FaqItem[]; testimonials: Testimonial[] }> {
  return memoized(db, `home:${language}`, async () => {
    const rows = await db
      .select()
      .from(homeItems)
      .where(and(eq(homeItems.language, language), eq(homeItems.hidden, false)))
      .orderBy(asc(homeItems.position), asc(homeItems.id));
    return {
      faq: rows
        .filter((row) => row.kind === "faq")
        .map((row) => ({ id: row.id, question: row.title, answer: row.body })),
      testimonials: rows
        .filter((row) => row.kind === "testimonial")
        .map((row) => ({ id: row.id, quote: row.body, name: row.title, role: row.subtitle })),
    };
  });
}

/**
 * Admin › Content: the same lists as an editor sees them, hidden items included, and what she
 * may change. Each change is one transaction with its access-log row (`content.home`) and a new
 * content version; the home page shows it at once.
 */

export const HOME_ITEM_LIMITS = { title: 200, subtitle: 80, body: 1_000 } as const;

const errors = {
  required: "admin.content.errors.required",
  tooLong: "admin.content.errors.tooLong",
};
const itemForm = () =>
  z.object({
    title: formText(HOME_ITEM_LIMITS.title, errors),
    subtitle: formText(HOME_ITEM_LIMITS.subtitle, { tooLong: errors.tooLong }),
    body: formText(HOME_ITEM_LIMITS.body, errors, { lines: true }),
  });

export type HomeItemField = "title" | "subtitle" | "body";

export async function listHomeItems(db: Database, kind: HomeItemKind, language: Language) {
  return db
    .select({
      id: homeItems.id,
      title: homeItems.title,
      subtitle: homeItems.subtitle,
      body: homeItems.body,
      hidden: homeItems.hidden,
      updatedAt: homeItems.updatedAt,
    })
    .from(homeItems)
    .where(and(eq(homeItems.kind, kind), eq(homeItems.language, language)))
    .orderBy(asc(homeItems.position), asc(homeItems.id));
}

type Change = "add" | "edit" | "move" | "hide" | "show" | "delete";

async function changed(
  tx: Pick<Database, "insert" | "execute">,
  actor: Actor,
  item: { id: number; kind: HomeItemKind; language: string },
  change: Change,
) {
  await recordAccess(tx, "content.home", {
    actor,
    subject: `home-item:${item.id}`,
    details: { kind: item.kind, language: item.language, change },
  });
  await bumpContentVersion(tx);
}

type ItemResult = { ok: true } | { ok: false; errors: FieldErrors<HomeItemField | "form"> };

export async function addHomeItem(
  db: Database,
  actor: Actor,
  kind: HomeItemKind,
  language: Language,
  input: Record<string, unknown>,
): Promise<ItemResult> {
  const parsed = itemForm().safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${homeItems.position}), -1)` })
      .from(homeItems)
      .where(and(eq(homeItems.kind, kind), eq(homeItems.language, language)));
    const [item] = await tx
      .insert(homeItems)
      .values({
        kind,
        language,
        position: Number(last?.position ?? -1) + 1,
        ...parsed.data,
        updatedBy: actor.id,
      })
      .returning({ id: homeItems.id });
    await changed(tx, actor, { id: item!.id, kind, language }, "add");
  });
  forgetContent();
  return { ok: true };
}

/**
 * Every item of a list, locked in one order (by id) before a move renumbers them all: two moves
 * in one list then wait for each other instead of deadlocking on each other's rows.
 */
async function lockList(tx: Tx, kind: HomeItemKind, language: string) {
  await tx
    .select({ id: homeItems.id })
    .from(homeItems)
    .where(and(eq(homeItems.kind, kind), eq(homeItems.language, language)))
    .orderBy(asc(homeItems.id))
    .for("update");
}

/** An item of this kind and language, locked for the change, or null. */
async function lockItem(tx: Tx, id: number, kind: HomeItemKind, language: string) {
  const [item] = await tx
    .select()
    .from(homeItems)
    .where(and(eq(homeItems.id, id), eq(homeItems.kind, kind), eq(homeItems.language, language)))
    .for("update");
  return item ?? null;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function changeHomeItem(
  db: Database,
  actor: Actor,
  target: { id: number; kind: HomeItemKind; language: Language },
  change: Exclude<Change, "add"> | "up" | "down",
  input: Record<string, unknown> = {},
): Promise<ItemResult> {
  const parsed = change === "edit" ? itemForm().safeParse(input) : null;
  if (parsed && !parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  const done = await db.transaction(async (tx) => {
    if (change === "up" || change === "down") await lockList(tx, target.kind, target.language);
    const item = await lockItem(tx, target.id, target.kind, target.language);
    if (!item) return false;
    const where = eq(homeItems.id, item.id);
    const stamp = { updatedAt: new Date(), updatedBy: actor.id };
    if (change === "edit" && parsed?.success) {
      await tx
        .update(homeItems)
        .set({ ...parsed.data, ...stamp })
        .where(where);
    } else if (change === "hide" || change === "show") {
      await tx
        .update(homeItems)
        .set({ hidden: change === "hide", ...stamp })
        .where(where);
    } else if (change === "delete") {
      await tx.delete(homeItems).where(where);
    } else if (change === "up" || change === "down") {
      // Swapped with its neighbour in the list as shown (position, then id).
      const list = await listHomeItems(tx as unknown as Database, target.kind, target.language);
      const index = list.findIndex((row) => row.id === item.id);
      const other = list[change === "up" ? index - 1 : index + 1];
      if (!other) return true;
      const order = list.map((row) => row.id);
      order[index] = other.id;
      order[change === "up" ? index - 1 : index + 1] = item.id;
      for (const [position, id] of order.entries()) {
        await tx.update(homeItems).set({ position }).where(eq(homeItems.id, id));
      }
    }
    await changed(tx, actor, item, change === "up" || change === "down" ? "move" : change);
    return true;
  });
  if (!done) return { ok: false, errors: { form: "admin.content.errors.notFound" } };
  forgetContent();
  return { ok: true };
}
