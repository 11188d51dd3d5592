import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeImage, ImageRejected, sniffImage, type ImageProblem } from "./images.server.ts";

const photo = (format: "jpeg" | "png" | "webp", width = 2000, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: "#18908f" } })
    // A camera's metadata: who took it and where (GPS), which must never reach the site.
    .withExif({
      IFD0: { Copyright: "segredo-do-fotografo", Make: "CameraCo" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "27/1 35/1 0/1" },
    })
    .toFormat(format)
    .toBuffer();

async function refusal(bytes: Uint8Array): Promise<ImageProblem> {
  try {
    await encodeImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) return error.problem;
    throw error;
  }
  throw new Error("accepted");
}

describe("uploaded images", () => {
  it.each(["jpeg", "png", "webp"] as const)(
    "a %s becomes AVIF and WebP at the page's widths, without its metadata",
    async (format) => {
      const encoded = await encodeImage(await photo(format));
      expect(encoded.width).toBe(1440);
      expect(encoded.height).toBe(864);
      expect(encoded.variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual(
        ["avif@480", "avif@960", "avif@1440", "webp@480", "webp@960", "webp@1440"].sort(),
      );
      for (const variant of encoded.variants) {
        const meta = await sharp(variant.bytes).metadata();
        expect(meta.format === "heif" ? "avif" : meta.format).toBe(variant.format);
        expect(meta.width).toBe(variant.width);
        expect(meta.exif, `${variant.format}@${variant.width}`).toBeUndefined();
        expect(variant.bytes.toString("latin1")).not.toContain("segredo-do-fotografo");
        expect(variant.bytes.toString("latin1")).not.toContain("CameraCo");
      }
    },
  );

  it("keeps a small image at its own width, never enlarged", async () => {
    const encoded = await encodeImage(await photo("png", 700, 400));
    expect(encoded.variants.filter((v) => v.format === "webp").map((v) => v.width)).toEqual([
      480, 700,
    ]);
  });

  it("judges a file by its content, not its name or type", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await refusal(svg)).toBe("notAnImage");
    expect(await refusal(Buffer.from("GIF89a…"))).toBe("notAnImage");
    expect(await refusal(Buffer.from("%PDF-1.7"))).toBe("notAnImage");
    // A PNG's first bytes on something else.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("not a png at all"),
    ]);
    expect(sniffImage(fake)).toBe("png");
    expect(await refusal(fake)).toBe("unreadable");
    // A JPEG cut in half.
    const jpeg = await photo("jpeg");
    expect(await refusal(jpeg.subarray(0, jpeg.length / 2))).toBe("unreadable");
    expect(await refusal(new Uint8Array())).toBe("empty");
  });

  it("refuses a file over 10 MB and a picture of more than 50 megapixels", async () => {
    expect(await refusal(new Uint8Array(10 * 1024 * 1024 + 1))).toBe("tooLarge");
    // Small on disk, huge once decoded: a decompression bomb.
    const bomb = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: "#000" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    expect(await refusal(bomb)).toBe("tooManyPixels");
  });
});
