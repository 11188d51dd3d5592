import { and, asc, eq, inArray } from "drizzle-orm";
import { recordPhotosViewed, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Transaction } from "#app/db/db.server.ts";
import { submissionPhotos } from "#app/db/schema.server.ts";
import { decryptBytes, encryptBytes, getEncryptionKey } from "#app/utils/encryption.server.ts";
import type { PreparedPhoto } from "./photo-upload.server.ts";

/**
 * The applicants' photos once prepared (photo-upload.server.ts): kept encrypted in the
 * database, listed without their bytes, read back only for staff (routes/admin/submission-photo.ts),
 * and each staff member's first look at an application's photos written to the access log.
 */

/** A photo as the review screens list it: never its bytes, only where to ask for them. */
export interface PhotoRef {
  id: number;
  position: number;
  width: number;
  height: number;
}

export type PhotoSize = "thumb" | "large";

/** The staff-only address of a photo (routes/admin/submission-photo.ts). */
export const photoUrl = (submissionId: number, photo: { id: number }, size: PhotoSize) =>
  `/admin/cadastros/${submissionId}/photos/${photo.id}/${size}`;

/** Stores an application's photos inside its transaction: all of them with it, or none. */
export async function storePhotos(
  tx: Pick<Transaction, "insert">,
  submissionId: number,
  photos: readonly PreparedPhoto[],
) {
  if (!photos.length) return;
  const { key } = getEncryptionKey();
  await tx.insert(submissionPhotos).values(
    photos.map((photo, index) => ({
      submissionId,
      position: index + 1,
      width: photo.width,
      height: photo.height,
      large: encryptBytes(photo.large, key),
      thumb: encryptBytes(photo.thumb, key),
    })),
  );
}

const refColumns = {
  id: submissionPhotos.id,
  position: submissionPhotos.position,
  width: submissionPhotos.width,
  height: submissionPhotos.height,
};

/** One application's photos, in her order. */
export async function photosOf(db: Database, submissionId: number): Promise<PhotoRef[]> {
  return db
    .select(refColumns)
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId))
    .orderBy(asc(submissionPhotos.position));
}

/**
 * The photos of a page of applications, in one query (the index on submission_id, position
 * finds them; never a query per row): each application's, in order.
 */
export async function photosOfPage(
  db: Database,
  submissionIds: readonly number[],
): Promise<Map<number, PhotoRef[]>> {
  const byApplication = new Map<number, PhotoRef[]>();
  if (!submissionIds.length) return byApplication;
  const rows = await db
    .select({ submissionId: submissionPhotos.submissionId, ...refColumns })
    .from(submissionPhotos)
    .where(inArray(submissionPhotos.submissionId, [...submissionIds]))
    .orderBy(asc(submissionPhotos.submissionId), asc(submissionPhotos.position));
  for (const { submissionId, ...photo } of rows) {
    const list = byApplication.get(submissionId) ?? [];
    list.push(photo);
    byApplication.set(submissionId, list);
  }
  return byApplication;
}

/** Her photos as her page shows them: their sizes and the addresses of their two sizes. */
export async function galleryOf(db: Database, submissionId: number) {
  const photos = await photosOf(db, submissionId);
  return photos.map((photo) => ({
    id: photo.id,
    width: photo.width,
    height: photo.height,
    thumb: photoUrl(submissionId, photo, "thumb"),
    large: photoUrl(submissionId, photo, "large"),
  }));
}

/** What a list row shows of her photos: the first one's thumbnail, and how many there are. */
export interface RowPhotos {
  thumb: string;
  count: number;
}

/** The rows' photos for a page of the review list, in one query. */
export async function rowPhotosOfPage(
  db: Database,
  submissionIds: readonly number[],
): Promise<Map<number, RowPhotos>> {
  const pages = await photosOfPage(db, submissionIds);
  const rows = new Map<number, RowPhotos>();
  for (const [id, photos] of pages) {
    rows.set(id, { thumb: photoUrl(id, photos[0]!, "thumb"), count: photos.length });
  }
  return rows;
}

/** A photo's bytes, decrypted, when it belongs to that application. */
export async function readPhoto(
  db: Database,
  submissionId: number,
  photoId: number,
  size: PhotoSize,
): Promise<Buffer | null> {
  const [row] = await db
    .select({
      bytes: size === "thumb" ? submissionPhotos.thumb : submissionPhotos.large,
    })
    .from(submissionPhotos)
    .where(and(eq(submissionPhotos.id, photoId), eq(submissionPhotos.submissionId, submissionId)));
  return row ? decryptBytes(row.bytes, getEncryptionKey().key) : null;
}

/**
 * Every photo of these applications, decrypted, for her data export: each with its place,
 * as a data URL a browser (or any JSON reader) opens as a picture.
 */
export async function photosForExport(
  db: Pick<Database, "select">,
  submissionIds: readonly number[],
): Promise<Map<number, { position: number; width: number; height: number; dataUrl: string }[]>> {
  const byApplication = new Map<
    number,
    { position: number; width: number; height: number; dataUrl: string }[]
  >();
  if (!submissionIds.length) return byApplication;
  const { key } = getEncryptionKey();
  const rows = await db
    .select({
      submissionId: submissionPhotos.submissionId,
      position: submissionPhotos.position,
      width: submissionPhotos.width,
      height: submissionPhotos.height,
      large: submissionPhotos.large,
    })
    .from(submissionPhotos)
    .where(inArray(submissionPhotos.submissionId, [...submissionIds]))
    .orderBy(asc(submissionPhotos.submissionId), asc(submissionPhotos.position));
  for (const { submissionId, large, ...photo } of rows) {
    const list = byApplication.get(submissionId) ?? [];
    const dataUrl = `data:image/jpeg;base64,${decryptBytes(large, key).toString("base64")}`;
    list.push({ ...photo, dataUrl });
    byApplication.set(submissionId, list);
  }
  return byApplication;
}

/** Deletes the photos of these applications (erasure, retention). */
export async function deletePhotos(tx: Pick<Database, "delete">, submissionIds: readonly number[]) {
  if (!submissionIds.length) return;
  await tx
    .delete(submissionPhotos)
    .where(inArray(submissionPhotos.submissionId, [...submissionIds]));
}

/**
 * Writes a staff member's first look at an application's photos to the access log, once
 * (recordPhotosViewed). This instance remembers whom it has written, so most picture requests
 * cost no write at all.
 */
export async function notePhotosViewed(db: Database, submissionId: number, actor: Actor) {
  const seen = `${actor.id}:${submissionId}`;
  if (recorded.has(seen)) return;
  await recordPhotosViewed(db, submissionId, actor);
  remember(seen);
}

const MAX_REMEMBERED = 10_000;
const recorded = new Set<string>();
function remember(seen: string) {
  recorded.add(seen);
  if (recorded.size > MAX_REMEMBERED) recorded.delete(recorded.values().next().value!);
}
