import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { images, user } from "#app/db/schema.server.ts";
import {
  encodeImage,
  forgetImage,
  ImageRejected,
  storeImage,
  type ImageShape,
} from "#app/features/images/images.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";

/**
 * Photos of people on the home page (a testimonial's, a team member's) and the agency's own
 * pictures (the hero): sent with the form that describes them, checked and re-encoded by the
 * image pipeline (app/features/images/images.server.ts) before anything is written, then stored
 * in the same transaction as the item, so a refused form leaves nothing behind.
 */

/** A file field as a multipart form sends it: no file chosen is an empty, nameless File. */
export const photoField = z
  .instanceof(File)
  .optional()
  .transform((file) => (file && file.size > 0 ? file : undefined));
/** A ticked checkbox sends "on"; an unticked one sends nothing. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export type Encoded = Awaited<ReturnType<typeof encodeImage>>;

export type PhotoRefusal = {
  field: "photo";
  error: string;
  status: 400 | 413 | 422 | 503;
};

/**
 * The sent photo, re-encoded, or why it is refused. A photo of a person needs her consent to
 * publish it, ticked by the staff member who sends it: without it nothing is even decoded.
 */
export async function receivePhoto(
  file: File | undefined,
  { consent, shape, signal }: { consent: boolean | null; shape: ImageShape; signal?: AbortSignal },
): Promise<{ ok: true; encoded: Encoded | null } | ({ ok: false } & PhotoRefusal)> {
  if (!file) return { ok: true, encoded: null };
  if (consent === false) {
    return { ok: false, field: "photo", error: "admin.content.errors.consent", status: 400 };
  }
  try {
    const encoded = await encodeImage(new Uint8Array(await file.arrayBuffer()), signal, shape);
    return { ok: true, encoded };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    const status = error.problem === "tooLarge" ? 413 : error.problem === "busy" ? 503 : 422;
    return { ok: false, field: "photo", error: `admin.images.errors.${error.problem}`, status };
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Inside the item's transaction: the photo stored, and the columns that point to it with the
 * consent recorded (who ticked it, by id and by name, and when).
 */
export async function storePhoto(tx: Tx, actor: Actor, encoded: Encoded) {
  const image = await storeImage(tx as unknown as Database, encoded, actor.id);
  const [who] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actor.id));
  return {
    photoImageId: image.id,
    photoConsentBy: actor.id,
    photoConsentByName: who?.name ?? null,
    photoConsentAt: new Date(),
  };
}

/**
 * A photo taken down (removed, replaced, its item deleted) is deleted with its variants: a
 * person who withdraws her consent stops being served at once, not only left off the pages.
 */
export async function deletePhoto(tx: Tx, imageId: number | null) {
  if (imageId === null) return;
  await tx.delete(images).where(eq(images.id, imageId));
  forgetImage(imageId);
}

/** The columns of a removed photo. */
export const noPhoto = {
  photoImageId: null,
  photoConsentBy: null,
  photoConsentByName: null,
  photoConsentAt: null,
} as const;

/** A photo as the pages read it, joined from `images`; null when none is set. */
export const photoColumnsOf = {
  id: images.id,
  hash: images.hash,
  width: images.width,
  height: images.height,
};

/** A left-joined photo: drizzle makes the nested object null when no image is joined. */
export function photoOf(row: StoredImage | null): StoredImage | null {
  return row?.id ? row : null;
}
