import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { images, user } from "#app/db/schema.server.ts";
import { encodeImage, storeImage } from "#app/features/images/images.server.ts";
import { mediaSrc, type StoredImage } from "#app/features/images/media.ts";
import { closeAppDatabase, openAppDatabase, TEST_ORIGIN } from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import * as media from "./media.ts";
import { paced } from "#app/test/pace.ts";

/**
 * `/media/<id>-<hash>-<width>.<format>` through its loader, as React Router calls it (the file
 * name decoded from the path): an uploaded image's variants with a year of caching, and anything
 * else a plain 404 that no cache keeps.
 */
const YEAR = 60 * 60 * 24 * 365;

describe.each(databaseTargets)("the /media resource on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const ownerId = `media-owner-${marker}`;
  let image: StoredImage;

  const get = (file: string, headers: Record<string, string> = {}) =>
    callRoute(
      media.loader,
      new Request(`${TEST_ORIGIN}/media/${encodeURIComponent(file.toWellFormed())}`, { headers }),
      {
        file,
      },
    );
  const name = (
    { id = image.id, hash = image.hash }: { id?: number; hash?: string },
    width: number,
    format: "avif" | "webp",
  ) => mediaSrc({ id, hash }, width, format).slice("/media/".length);

  beforeAll(async () => {
    const db = await openAppDatabase(kind);
    await insertAccount(db, {
      id: ownerId,
      name: "Dona da Imagem",
      email: `imagem.${marker}@example.com`,
      role: "editor",
    });
    const upload = await sharp({
      create: { width: 600, height: 360, channels: 3, background: "#d4566a" },
    })
      .jpeg()
      .toBuffer();
    image = await storeImage(db, await encodeImage(upload), ownerId);
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(images).where(eq(images.id, image.id));
    await db.delete(user).where(eq(user.id, ownerId));
    await closeAppDatabase();
  });

  it.each([
    ["webp", 480],
    ["webp", 600],
    ["avif", 480],
    ["avif", 600],
  ] as const)("serves the %s at %i px, cached by everyone for a year", async (format, width) => {
    const answer = await get(name({}, width, format));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(`image/${format}`);
    const cacheControl = answer.headers.get("cache-control")!;
    expect(cacheControl.split(/,\s*/).sort()).toEqual(
      ["immutable", `max-age=${YEAR}`, "public"].sort(),
    );
    // Nothing in it may run, even opened on its own.
    expect(answer.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    const bytes = Buffer.from(await answer.response!.arrayBuffer());
    expect(answer.headers.get("content-length")).toBe(String(bytes.byteLength));
    const decoded = await sharp(bytes).metadata();
    expect(decoded.format === "heif" ? "avif" : decoded.format).toBe(format);
    expect(decoded.width).toBe(width);

    // Asked again with its ETag: 304, no body, the same caching.
    const again = await get(name({}, width, format), {
      "if-none-match": answer.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(cacheControl);
    expect(await again.response!.text()).toBe("");
  });

  it("answers 404, kept by no cache, for an address that names no stored variant", async () => {
    const otherHash = image.hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    const wrong = [
      name({ hash: otherHash }, 480, "webp"), // the right image, another hash
      name({ id: image.id + 1_000_000 }, 480, "webp"), // the right hash, another image
      name({ id: 999_999_999_999_999 }, 480, "avif"), // the longest id the address allows
      name({ id: 0 }, 480, "webp"),
      name({}, 960, "webp"), // a standard width it was not kept at (it came 600 px wide)
      name({}, 1440, "avif"),
      name({}, 720, "avif"),
      name({}, 10, "webp"),
      name({}, 9999, "webp"),
      `${image.id}-${image.hash}-480.png`, // a format it is never served in
      `${image.id}-${image.hash}-480.svg`,
      `${image.id}-${image.hash}-480`,
      `${image.id}-${image.hash.toUpperCase()}-480.webp`,
      `${image.id}-${image.hash}0-480.webp`,
      `${image.id}-${image.hash}-480.webp.html`,
      `${"9".repeat(16)}-${image.hash}-480.webp`, // longer than any id
      "",
    ];
    for (const file of wrong) {
      const answer = await get(file);
      expect(answer.status, file).toBe(404);
      expect(answer.headers.get("cache-control"), file).toBe("no-store");
      expect(answer.headers.get("content-type"), file).toMatch(/^text\/plain/);
    }
  });

  it("answers 404 to a name with control characters, a traversal or an encoded path", async () => {
    const valid = name({}, 480, "webp");
    const hostile = [
      `../${valid}`,
      `..%2F..%2F${valid}`,
      `../../../etc/passwd`,
      `..\\..\\${valid}`,
      `${valid}/../../package.json`,
      `${valid}\u0000`,
      `\u0000${valid}`,
      `${valid}\n`,
      `${valid}\r\nSet-Cookie: x=1`,
      `${valid.replace("-480", "-\u0000480")}`,
      `${valid}\u202e`,
      `${valid}%00`,
      `${valid}?x=1`,
      `${valid}#x`,
      `/${valid}`,
      ` ${valid}`,
      `${valid} `,
      "1-0123456789abcdef-480.webp\ud800",
      "x".repeat(10_000),
    ];
    for (const file of hostile) {
      const answer = await get(file);
      expect(answer.status, JSON.stringify(file)).toBe(404);
      expect(answer.headers.get("set-cookie"), JSON.stringify(file)).toBeNull();
    }
  });
});
