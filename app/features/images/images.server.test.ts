import { readFileSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  encodeImage,
  ImageRejected,
  MAX_PIXELS,
  sniffImage,
  type ImageProblem,
} from "./images.server.ts";
import { paced } from "#app/test/pace.ts";

const photo = (format: "jpeg" | "png" | "webp", width = 2000, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: "#18908f" } })
    // A camera's metadata: who took it and where (GPS), which must never reach the site.
    .withExif({
      IFD0: { Copyright: "segredo-do-fotografo", Make: "CameraCo" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "27/1 35/1 0/1" },
    })
    .toFormat(format)
    .toBuffer();

/** A PNG of one colour: tiny to send, `width × height × 3` bytes once decoded. */
const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#000" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** This process's memory in MB: resident now, and the peak since the last reset. */
function memory() {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** How far this process's peak memory rose over its resident memory while `run` ran, in MB. */
async function peakGrowth(run: () => Promise<unknown>) {
  // Writing 5 to clear_refs resets the peak (VmHWM) to the memory in use now.
  writeFileSync("/proc/self/clear_refs", "5");
  const before = memory().rss;
  await run();
  return memory().peak - before;
}

/**
 * A PNG as an attacker writes it by hand: a header declaring `width × height` pixels and a few
 * bytes of data behind it. Nothing in it is true but the header.
 */
function pngDeclaring(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(4096))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

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

  it("refuses a file over 10 MB and a picture of more than 40 megapixels", async () => {
    expect(MAX_PIXELS).toBe(40_000_000);
    expect(await refusal(new Uint8Array(10 * 1024 * 1024 + 1))).toBe("tooLarge");
    // Small on disk, huge once decoded: 50 megapixels of one colour.
    const fifty = await solidPng(10_000, 5_000);
    expect(fifty.length).toBeLessThan(1024 * 1024);
    expect(await refusal(await solidPng(8_000, 5_001))).toBe("tooManyPixels");
    // Read from its header only: refused at once, and 150 MB of pixels never reach memory.
    await encodeImage(fifty).catch(() => {}); // sharp loaded
    const started = performance.now();
    const growth = await peakGrowth(async () => expect(await refusal(fifty)).toBe("tooManyPixels"));
    expect(performance.now() - started).toBeLessThan(500);
    expect(growth, `peak memory +${growth.toFixed(1)} MB`).toBeLessThan(20);
  });

  it("refuses a decompression bomb cheaply: a tiny PNG whose header declares 10 gigapixels", async () => {
    await encodeImage(pngDeclaring(10, 10)).catch(() => {}); // sharp loaded
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    const started = performance.now();
    const growth = await peakGrowth(async () => expect(await refusal(bomb)).toBe("tooManyPixels"));
    expect(performance.now() - started).toBeLessThan(500);
    expect(growth, `peak memory +${growth.toFixed(1)} MB`).toBeLessThan(20);
  });

  it("takes a picture just under the cap, shrunk to the largest width a page shows", async () => {
    const encoded = await encodeImage(await solidPng(8_000, 5_000));
    expect([encoded.width, encoded.height]).toEqual([1440, 900]);
  });

  it(
    "works on one upload at a time, four waiting; the rest are refused at once as busy",
    async () => {
      const picture = await photo("png");
      let atWork = 0;
      let mostAtWork = 0;
      // libvips' own count of images being worked on, sampled while the uploads run.
      const sampler = setInterval(() => {
        atWork = sharp.counters().process;
        mostAtWork = Math.max(mostAtWork, atWork);
      }, 1);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () =>
          encodeImage(picture).then(
            () => "encoded",
            (error: unknown) => (error instanceof ImageRejected ? error.problem : String(error)),
          ),
        ),
      );
      clearInterval(sampler);
      expect(outcomes.filter((outcome) => outcome === "encoded")).toHaveLength(5);
      expect(outcomes.filter((outcome) => outcome === "busy")).toHaveLength(3);
      expect(mostAtWork).toBe(1);
      // The line empty again: the next upload is taken.
      expect((await encodeImage(picture)).width).toBe(1440);
    },
    paced(60_000),
  );
});
