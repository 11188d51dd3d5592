import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { images, settings } from "#app/db/schema.server.ts";
import { storeImage } from "#app/features/images/images.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import { bumpContentVersion, forgetContent } from "./content-version.server.ts";
import { deletePhoto, photoField, receivePhoto } from "./photos.server.ts";

/**
 * The home page's hero image: one picture of the agency's own, with its alt text in each
 * language, shown in place of the drawn art (features/marketing/hero.tsx); with none, the art
 * stays. Kept in `settings` under one key; its form (admin/hero-image-form.tsx) and this
 * handler are placed on the Site screen (routes/admin/site.tsx), which has the upload's body
 * limit.
 */
const KEY = "site.heroImage";

interface Stored {
  imageId: number;
  alt: Record<Language, string>;
}

/** The hero image as a page in a language shows it. */
export interface HeroImage {
  image: StoredImage;
  alt: string;
}

export const HERO_ALT_MAX = 200;

async function read(db: Pick<Database, "select">) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  const value = row?.value as Partial<Stored> | undefined;
  if (!value?.imageId) return null;
  const [image] = await db
    .select({ id: images.id, hash: images.hash, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.id, value.imageId));
  if (!image) return null;
  const alt = Object.fromEntries(
    languages.map(({ code }) => [code, value.alt?.[code] ?? ""]),
  ) as Record<Language, string>;
  return { image, alt };
}

/** Read through homeContent's memo (home-items.server.ts), once until the content changes. */
export async function heroImage(db: Database, language: Language): Promise<HeroImage | null> {
  const stored = await read(db);
  return stored && { image: stored.image, alt: stored.alt[language] };
}

/** For the form: the image and its alt text in every language. */
export function heroImageForEditing(db: Database) {
  return read(db);
}

export type HeroImageField = "photo" | `alt-${Language}`;

// The Site screen's own messages: the screen that hosts the form loads only its strings.
const altErrors = {
  required: "admin.site.errors.required",
  tooLong: "admin.site.errors.tooLong",
};

/**
 * The hero form's two posts, to be added to the screen's own intents: a new image or new alt
 * text (the image may be left as it is), and its removal.
 */
export const heroImageIntents = [
  z.object({
    intent: z.literal("heroImage"),
    photo: photoField,
    ...(Object.fromEntries(
      languages.map(({ code }) => [`alt-${code}`, z.string().optional()]),
    ) as Record<`alt-${Language}`, z.ZodOptional<z.ZodString>>),
  }),
  z.object({ intent: z.literal("removeHeroImage") }),
] as const;

export type HeroImageInput = z.output<(typeof heroImageIntents)[number]>;

const altForm = () =>
  z.object(
    Object.fromEntries(
      languages.map(({ code }) => [`alt-${code}`, formText(HERO_ALT_MAX, altErrors)]),
    ) as Record<`alt-${Language}`, ReturnType<typeof formText>>,
  );

/** What the hero form is told back: its errors and what was typed, or that it was saved. */
export type HeroImageResult =
  | { form: "hero"; ok: true }
  | {
      form: "hero";
      ok: false;
      errors: FieldErrors<HeroImageField | "form">;
      values?: Partial<Record<string, string>>;
    };

/**
 * The hero form's action, for its screen's action to call once its guard has let the viewer
 * through and parseForm (with the image upload's body limit) has read one of heroImageIntents.
 */
export async function handleHeroImage(
  db: Database,
  actor: Actor,
  input: HeroImageInput,
  { values, signal }: { values?: Partial<Record<string, string>>; signal?: AbortSignal } = {},
) {
  const refuse = (errors: FieldErrors<HeroImageField | "form">, status: number) =>
    data<HeroImageResult>({ form: "hero", ok: false, errors, values }, status);
  const current = await read(db);
  if (input.intent === "removeHeroImage") {
    if (current) {
      await db.transaction(async (tx) => {
        await tx.delete(settings).where(eq(settings.key, KEY));
        await deletePhoto(tx, current.image.id);
        await logged(tx, actor, "removePhoto");
      });
      forgetContent();
    }
    return data<HeroImageResult>({ form: "hero", ok: true });
  }
  const alt = altForm().safeParse(input);
  if (!alt.success) return refuse(fieldErrorsOf(alt.error), 400);
  if (!input.photo && !current) return refuse({ photo: "admin.images.errors.missing" }, 400);
  const photo = await receivePhoto(input.photo, { consent: null, shape: "as-sent", signal });
  if (!photo.ok) return refuse({ photo: photo.error }, photo.status);
  await db.transaction(async (tx) => {
    // Read again inside: another save may have replaced the image while this one was encoded.
    const before = await read(tx);
    const imageId = photo.encoded
      ? (await storeImage(tx as unknown as Database, photo.encoded, actor.id)).id
      : before?.image.id;
    if (!imageId) return;
    const value: Stored = {
      imageId,
      alt: Object.fromEntries(
        languages.map(({ code }) => [code, alt.data[`alt-${code}`]]),
      ) as Record<Language, string>,
    };
    await tx
      .insert(settings)
      .values({ key: KEY, value: { ...value }, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...value }, updatedAt: new Date(), updatedBy: actor.id },
      });
    if (photo.encoded && before) await deletePhoto(tx, before.image.id);
    await logged(tx, actor, before ? "edit" : "add");
  });
  forgetContent();
  return data<HeroImageResult>({ form: "hero", ok: true });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function logged(tx: Tx, actor: Actor, change: "add" | "edit" | "removePhoto") {
  await recordAccess(tx, "content.home", {
    actor,
    subject: `settings:${KEY}`,
    details: { kind: "hero", language: "all", change },
  });
  await bumpContentVersion(tx);
}
