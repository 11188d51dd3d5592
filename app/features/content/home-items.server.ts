import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { homeItems, images, type HomeItemKind } from "#app/db/schema.server.ts";
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
};
const itemForm = () =>
  z.object({
    title: formText(HOME_ITEM_LIMITS.title, errors),
    subtitle: formText(HOME_ITEM_LIMITS.subtitle, { tooLong: errors.tooLong }),
    body: formText(HOME_ITEM_LIMITS.body, errors, { lines: true }),
  });

export type HomeItemField = "title" | "subtitle" | "body";

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
    })
    .from(homeItems)
    .leftJoin(images, eq(images.id, homeItems.photoImageId))
    .where(and(eq(homeItems.kind, kind), eq(homeItems.language, language)))
    .orderBy(asc(homeItems.position), asc(homeItems.id));
  return rows.map(({ photo, consentBy, consentAt, ...row }) => {
    const image = photoOf(photo);
    return { ...row, photo: image && { image, consentBy, consentAt: consentAt! } };
  });
}

type Change = "add" | "edit" | "move" | "hide" | "show" | "delete" | "removePhoto";

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

export async function addHomeItem(
  db: Database,
  actor: Actor,
  kind: HomeItemKind,
  language: Language,
  input: Record<string, unknown>,
  photo: Encoded | null = null,
): Promise<ItemResult> {
  const parsed = itemForm().safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  if (photo && kind !== "testimonial") return { ok: false, errors: { form: errors.invalid } };
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
        ...(photo ? await storePhoto(tx, actor, photo) : {}),
      })
      .returning({ id: homeItems.id });
    await changed(tx, actor, { id: item!.id, kind, language }, "add", photo !== null);
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
  photo: Encoded | null = null,
): Promise<ItemResult> {
  const parsed = change === "edit" ? itemForm().safeParse(input) : null;
  if (parsed && !parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  if (photo && (change !== "edit" || target.kind !== "testimonial")) {
    return { ok: false, errors: { form: errors.invalid } };
  }
  const done = await db.transaction(async (tx) => {
    if (change === "up" || change === "down") await lockList(tx, target.kind, target.language);
    const item = await lockItem(tx, target.id, target.kind, target.language);
    if (!item) return false;
    const where = eq(homeItems.id, item.id);
    const stamp = { updatedAt: new Date(), updatedBy: actor.id };
    if (change === "edit" && parsed?.success) {
      // A new photo replaces the old one, which is deleted (photos.server.ts).
      const newPhoto = photo ? await storePhoto(tx, actor, photo) : {};
      await tx
        .update(homeItems)
        .set({ ...parsed.data, ...stamp, ...newPhoto })
        .where(where);
      if (photo) await deletePhoto(tx, item.photoImageId);
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
      if (!other) return true;
      const order = list.map((row) => row.id);
      order[index] = other.id;
      order[change === "up" ? index - 1 : index + 1] = item.id;
      for (const [position, id] of order.entries()) {
        await tx.update(homeItems).set({ position }).where(eq(homeItems.id, id));
      }
    }
    const logged = change === "up" || change === "down" ? "move" : change;
    await changed(tx, actor, item, logged, photo !== null);
    return true;
  });
  if (!done) return { ok: false, errors: { form: "admin.content.errors.notFound" } };
  forgetContent();
  return { ok: true };
}
