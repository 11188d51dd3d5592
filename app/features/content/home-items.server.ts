import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  homeItemRevisions,
  homeItems,
  images,
  user,
  type HomeItemFields,
  type HomeItemKind,
} from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { bumpContentVersion, forgetContent, memoized } from "./content-version.server.ts";
import {
  deletePhoto,
  noPhoto,
  photoColumnsOf,
  photoOf,
  storePhoto,
  type Encoded,
} from "./photos.server.ts";
import { teamForPages, type TeamMember } from "./team.server.ts";
import { heroImage, type HeroImage } from "./hero-image.server.ts";

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
  /** Her photo, published with her consent (square: PORTRAIT_WIDTHS); else her initial shows. */
  photo: StoredImage | null;
}

export interface HomeContent {
  faq: FaqItem[];
  testimonials: Testimonial[];
  team: TeamMember[];
  hero: HeroImage | null;
}

/**
 * What the home page shows of the agency's content in a language (FAQ, testimonials, team,
 * hero image); read once until it changes.
 */
export function homeContent(db: Database, language: Language): Promise<HomeContent> {
  return memoized(db, `home:${language}`, async () => {
    const [rows, team, hero] = await Promise.all([
      db
        .select({ item: homeItems, photo: photoColumnsOf })
        .from(homeItems)
        .leftJoin(images, eq(images.id, homeItems.photoImageId))
        .where(and(eq(homeItems.language, language), eq(homeItems.hidden, false)))
        .orderBy(asc(homeItems.position), asc(homeItems.id)),
      teamForPages(db, language),
      heroImage(db, language),
    ]);
    return {
      faq: rows
        .filter(({ item }) => item.kind === "faq")
        .map(({ item }) => ({ id: item.id, question: item.title, answer: item.body })),
      testimonials: rows
        .filter(({ item }) => item.kind === "testimonial")
        .map(({ item, photo }) => ({
          id: item.id,
          quote: item.body,
          name: item.title,
          role: item.subtitle,
          photo: photoOf(photo),
        })),
      team,
      hero,
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
  invalid: "admin.content.errors.invalid",
  source: "admin.content.translation.sourceInvalid",
};

/** The language every translation of a FAQ item or testimonial is made from (decision 040). */
export const SOURCE_LANGUAGE: Language = "pt";

/**
 * The "Translation of" choice as sent: empty is none, else a Portuguese item's id; checked
 * against the database in the item's transaction (sourceFor).
 */
const sourceChoice = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === "") return null;
    if (!/^\d{1,15}$/.test(value) || Number(value) < 1) {
      ctx.addIssue({ code: "custom", message: errors.source });
      return z.NEVER;
    }
    return Number(value);
  });
const itemForm = () =>
  z.object({
    title: formText(HOME_ITEM_LIMITS.title, errors),
    subtitle: formText(HOME_ITEM_LIMITS.subtitle, { tooLong: errors.tooLong }),
    body: formText(HOME_ITEM_LIMITS.body, errors, { lines: true }),
  });

export type HomeItemField = "title" | "subtitle" | "body" | "source";

const source = alias(homeItems, "source");

export async function listHomeItems(db: Database, kind: HomeItemKind, language: Language) {
  const rows = await db
    .select({
      id: homeItems.id,
      title: homeItems.title,
      subtitle: homeItems.subtitle,
      body: homeItems.body,
      hidden: homeItems.hidden,
      updatedAt: homeItems.updatedAt,
      consentBy: homeItems.photoConsentByName,
      consentAt: homeItems.photoConsentAt,
      photo: photoColumnsOf,
      sourceId: source.id,
      sourceTitle: source.title,
      sourceVersion: source.textVersion,
      seenVersion: homeItems.sourceVersion,
    })
    .from(homeItems)
    .leftJoin(images, eq(images.id, homeItems.photoImageId))
    .leftJoin(source, eq(source.id, homeItems.sourceId))
    .where(and(eq(homeItems.kind, kind), eq(homeItems.language, language)))
    .orderBy(asc(homeItems.position), asc(homeItems.id));
  return rows.map(
    ({
      photo,
      consentBy,
      consentAt,
      sourceId,
      sourceTitle,
      sourceVersion,
      seenVersion,
      ...row
    }) => {
      const image = photoOf(photo);
      return {
        ...row,
        photo: image && { image, consentBy, consentAt: consentAt! },
        /** The Portuguese item it translates, and whether that changed since it was saved. */
        source:
          sourceId === null
            ? null
            : {
                id: sourceId,
                title: sourceTitle!,
                outOfDate: (seenVersion ?? 0) < sourceVersion!,
              },
      };
    },
  );
}

/** The Portuguese items of a kind a translation can name as its source: id and title. */
export async function sourceChoices(db: Database, kind: HomeItemKind) {
  return db
    .select({ id: homeItems.id, title: homeItems.title })
    .from(homeItems)
    .where(and(eq(homeItems.kind, kind), eq(homeItems.language, SOURCE_LANGUAGE)))
    .orderBy(asc(homeItems.position), asc(homeItems.id));
}

type Change =
  "add" | "edit" | "move" | "hide" | "show" | "delete" | "removePhoto" | "markCurrent" | "restore";

async function changed(
  tx: Pick<Database, "insert" | "execute">,
  actor: Actor,
  item: { id: number; kind: HomeItemKind; language: string },
  change: Change,
  photo = false,
) {
  await recordAccess(tx, "content.home", {
    actor,
    subject: `home-item:${item.id}`,
    details: {
      kind: item.kind,
      language: item.language,
      change,
      ...(photo ? { photo: "stored with consent" as const } : {}),
    },
  });
  await bumpContentVersion(tx);
}

type ItemResult = { ok: true } | { ok: false; errors: FieldErrors<HomeItemField | "form"> };

const notFound = { ok: false, errors: { form: "admin.content.errors.notFound" } } as const;

/**
 * The source columns of an item linked to `sourceId` (null: none), read in its transaction: the
 * source's current text version is what the translation is now up to date with. Null when the
 * source is not a Portuguese item of the same kind, or the item is itself Portuguese.
 */
async function linkTo(
  tx: Tx,
  item: { id?: number; kind: HomeItemKind; language: string },
  sourceId: number | null,
) {
  if (sourceId === null) return { sourceId: null, sourceVersion: null };
  if (item.language === SOURCE_LANGUAGE || sourceId === item.id) return null;
  const [found] = await tx
    .select({ textVersion: homeItems.textVersion })
    .from(homeItems)
    .where(
      and(
        eq(homeItems.id, sourceId),
        eq(homeItems.kind, item.kind),
        eq(homeItems.language, SOURCE_LANGUAGE),
      ),
    );
  return found ? { sourceId, sourceVersion: found.textVersion } : null;
}

/** Every save of an item's words is kept: who, when, and the words. */
async function recordRevision(tx: Tx, actor: Actor, itemId: number, fields: HomeItemFields) {
  await tx.insert(homeItemRevisions).values({
    itemId,
    savedBy: actor.id,
    fields: { title: fields.title, subtitle: fields.subtitle, body: fields.body },
  });
}

/** A refused form: the fields' messages, the source's among them. */
function refusal(
  parsed: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] },
  chosen: { success: boolean },
): ItemResult {
  return {
    ok: false,
    errors: {
      ...(parsed.success ? {} : fieldErrorsOf<HomeItemField>(parsed.error!)),
      ...(chosen.success ? {} : { source: errors.source }),
    },
  };
}

export async function addHomeItem(
  db: Database,
  actor: Actor,
  kind: HomeItemKind,
  language: Language,
  input: Record<string, unknown>,
  photo: Encoded | null = null,
): Promise<ItemResult> {
  const parsed = itemForm().safeParse(input);
  const chosen = sourceChoice.safeParse(input.source);
  if (!parsed.success || !chosen.success) return refusal(parsed, chosen);
  if (photo && kind !== "testimonial") return { ok: false, errors: { form: errors.invalid } };
  const result = await db.transaction(async (tx): Promise<ItemResult> => {
    const link = await linkTo(tx, { kind, language }, chosen.data ?? null);
    if (!link) return { ok: false, errors: { source: errors.source } };
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
        ...link,
        updatedBy: actor.id,
        ...(photo ? await storePhoto(tx, actor, photo) : {}),
      })
      .returning({ id: homeItems.id });
    await recordRevision(tx, actor, item!.id, parsed.data);
    await changed(tx, actor, { id: item!.id, kind, language }, "add", photo !== null);
    return { ok: true };
  });
  if (result.ok) forgetContent();
  return result;
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

/** An item's words as they are now, and whether the sent ones differ. */
const wordsChanged = (item: HomeItemFields, fields: HomeItemFields) =>
  item.title !== fields.title || item.subtitle !== fields.subtitle || item.body !== fields.body;

/**
 * A change to one item of a list. Saving an item's words (`edit`) keeps a revision and, when they
 * differ, makes its translations out of date; saving a translation (or `markCurrent`) makes it
 * up to date with its source again.
 */
export async function changeHomeItem(
  db: Database,
  actor: Actor,
  target: { id: number; kind: HomeItemKind; language: Language },
  change: Exclude<Change, "add" | "restore"> | "up" | "down",
  input: Record<string, unknown> = {},
  photo: Encoded | null = null,
): Promise<ItemResult> {
  const parsed = change === "edit" ? itemForm().safeParse(input) : null;
  const chosen = sourceChoice.safeParse(change === "edit" ? input.source : undefined);
  if ((parsed && !parsed.success) || !chosen.success) {
    return refusal(parsed ?? { success: true }, chosen);
  }
  if (photo && (change !== "edit" || target.kind !== "testimonial")) {
    return { ok: false, errors: { form: errors.invalid } };
  }
  const result = await db.transaction(async (tx): Promise<ItemResult> => {
    if (change === "up" || change === "down") await lockList(tx, target.kind, target.language);
    const item = await lockItem(tx, target.id, target.kind, target.language);
    if (!item) return notFound;
    const where = eq(homeItems.id, item.id);
    const stamp = { updatedAt: new Date(), updatedBy: actor.id };
    if (change === "edit" && parsed?.success) {
      const link = await linkTo(tx, item, chosen.data === undefined ? item.sourceId : chosen.data);
      if (!link) return { ok: false, errors: { source: errors.source } };
      // A new photo replaces the old one, which is deleted (photos.server.ts).
      const newPhoto = photo ? await storePhoto(tx, actor, photo) : {};
      await tx
        .update(homeItems)
        .set({
          ...parsed.data,
          ...link,
          ...stamp,
          ...newPhoto,
          textVersion: item.textVersion + (wordsChanged(item, parsed.data) ? 1 : 0),
        })
        .where(where);
      await recordRevision(tx, actor, item.id, parsed.data);
      if (photo) await deletePhoto(tx, item.photoImageId);
    } else if (change === "markCurrent") {
      const link = item.sourceId === null ? null : await linkTo(tx, item, item.sourceId);
      if (!link) return { ok: false, errors: { form: errors.invalid } };
      await tx
        .update(homeItems)
        .set({ ...link, ...stamp })
        .where(where);
    } else if (change === "removePhoto") {
      await tx
        .update(homeItems)
        .set({ ...noPhoto, ...stamp })
        .where(where);
      await deletePhoto(tx, item.photoImageId);
    } else if (change === "hide" || change === "show") {
      await tx
        .update(homeItems)
        .set({ hidden: change === "hide", ...stamp })
        .where(where);
    } else if (change === "delete") {
      await tx.delete(homeItems).where(where);
      await deletePhoto(tx, item.photoImageId);
    } else if (change === "up" || change === "down") {
      // Swapped with its neighbour in the list as shown (position, then id).
      const list = await listHomeItems(tx as unknown as Database, target.kind, target.language);
      const index = list.findIndex((row) => row.id === item.id);
      const other = list[change === "up" ? index - 1 : index + 1];
      if (!other) return { ok: true };
      const order = list.map((row) => row.id);
      order[index] = other.id;
      order[change === "up" ? index - 1 : index + 1] = item.id;
      for (const [position, id] of order.entries()) {
        await tx.update(homeItems).set({ position }).where(eq(homeItems.id, id));
      }
    }
    const logged = change === "up" || change === "down" ? "move" : change;
    await changed(tx, actor, item, logged, photo !== null);
    return { ok: true };
  });
  if (result.ok) forgetContent();
  return result;
}

/** Where an item stands in its list now (1-based) and how many the list holds. */
export async function positionOf(
  db: Database,
  target: { id: number; kind: HomeItemKind; language: Language },
) {
  const list = await db
    .select({ id: homeItems.id })
    .from(homeItems)
    .where(and(eq(homeItems.kind, target.kind), eq(homeItems.language, target.language)))
    .orderBy(asc(homeItems.position), asc(homeItems.id));
  const index = list.findIndex((row) => row.id === target.id);
  return index < 0 ? null : { position: index + 1, total: list.length };
}

/**
 * An item of this list with its revisions, newest first (who saved each, and when), or null
 * when the item is not in this list.
 */
export async function listHomeItemRevisions(
  db: Database,
  target: { id: number; kind: HomeItemKind; language: Language },
) {
  const [item] = await db
    .select({
      id: homeItems.id,
      title: homeItems.title,
      subtitle: homeItems.subtitle,
      body: homeItems.body,
    })
    .from(homeItems)
    .where(
      and(
        eq(homeItems.id, target.id),
        eq(homeItems.kind, target.kind),
        eq(homeItems.language, target.language),
      ),
    );
  if (!item) return null;
  const revisions = await db
    .select({
      id: homeItemRevisions.id,
      savedAt: homeItemRevisions.savedAt,
      savedBy: user.name,
      fields: homeItemRevisions.fields,
    })
    .from(homeItemRevisions)
    .leftJoin(user, eq(user.id, homeItemRevisions.savedBy))
    .where(eq(homeItemRevisions.itemId, item.id))
    .orderBy(desc(homeItemRevisions.savedAt), desc(homeItemRevisions.id));
  return {
    item,
    revisions: revisions.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() })),
  };
}

/**
 * Makes a revision's words the item's again: a save like any other (a new revision, the access
 * log, a new content version, its translations out of date). Only a revision of this very item,
 * in this list, is restored. A restored translation stays as current as it was: the words it
 * gets back were translated from an older source, if anything.
 */
export async function restoreHomeItem(
  db: Database,
  actor: Actor,
  target: { id: number; kind: HomeItemKind; language: Language },
  revisionId: number,
): Promise<ItemResult> {
  const result = await db.transaction(async (tx): Promise<ItemResult> => {
    const item = await lockItem(tx, target.id, target.kind, target.language);
    if (!item) return notFound;
    const [revision] = await tx
      .select({ fields: homeItemRevisions.fields })
      .from(homeItemRevisions)
      .where(and(eq(homeItemRevisions.id, revisionId), eq(homeItemRevisions.itemId, item.id)));
    if (!revision) return notFound;
    const { title, subtitle, body } = revision.fields;
    const fields = { title, subtitle, body };
    await tx
      .update(homeItems)
      .set({
        ...fields,
        updatedAt: new Date(),
        updatedBy: actor.id,
        textVersion: item.textVersion + (wordsChanged(item, fields) ? 1 : 0),
      })
      .where(eq(homeItems.id, item.id));
    await recordRevision(tx, actor, item.id, fields);
    await changed(tx, actor, item, "restore");
    return { ok: true };
  });
  if (result.ok) forgetContent();
  return result;
}
