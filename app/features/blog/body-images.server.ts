import { inArray } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { images } from "#app/db/schema.server.ts";
import { bodyImages, type Body, type ResolvedImage } from "./body.ts";

type Db = Pick<Database, "select">;

/**
 * The stored images a body shows, found by the ids its image blocks carry: the page writes
 * their variants' addresses and sizes from these, never from anything the body says.
 */
export async function resolveBodyImages(db: Db, body: Body): Promise<ResolvedImage[]> {
  const ids = [...new Set(bodyImages(body).map((block) => block.attrs.id))];
  if (!ids.length) return [];
  return db
    .select({ id: images.id, hash: images.hash, width: images.width, height: images.height })
    .from(images)
    .where(inArray(images.id, ids));
}

/** Whether every image of a body is a stored image (a forged or mistyped id is refused). */
export async function bodyImagesExist(db: Db, body: Body): Promise<boolean> {
  const ids = new Set(bodyImages(body).map((block) => block.attrs.id));
  if (!ids.size) return true;
  return (await resolveBodyImages(db, body)).length === ids.size;
}
