import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTOS_FIELD } from "./photo-limits.ts";
import {
  LARGE_SIDE,
  PhotoRefused,
  preparePhotos,
  readMultipartApplication,
  THUMB_SIDE,
  uploadLimits,
  type UploadLimits,
} from "./photo-upload.server.ts";

/** A photo as a camera writes one: a JPEG of that size with a gradient, so it compresses like one. */
async function jpeg(
  width = 640,
  height = 480,
  options: { exif?: boolean; orientation?: number } = {},
) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + Math.floor(i / width)) % 256;
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: "SpyCam", Model: "Tracker 3000", Artist: "Ana Souza" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "27/1 35/1 4800/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "48/1 32/1 5200/100",
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** A PNG of nothing but its header, declaring a picture of that size (a decompression bomb). */
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
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Her form as the browser sends it: multipart, her answers and her files in the photo field. */
function multipart(fields: Record<string, string>, files: (Uint8Array | string)[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  files.forEach((bytes, i) =>
    form.append(
      PHOTOS_FIELD,
      new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]),
      `photo-${i + 1}.jpg`,
    ),
  );
  return new Request("http://localhost/", { method: "POST", body: form });
}

const answers = { fullName: "Ana Souza", email: "ana@example.com", message: "Olá, equipe!" };
const small: UploadLimits = { ...uploadLimits, fileBytes: 1000, totalBytes: 2500 };
const bytes = (size: number, fill = 0x41) => new Uint8Array(size).fill(fill);

describe("reading an application with its photos", () => {
  it("keeps her answers and each photo, and takes an empty file input for none", async () => {
    const read = await readMultipartApplication(multipart(answers, [bytes(10), bytes(20)]));
    expect(read).toEqual({
      fields: answers,
      photos: [Buffer.from(bytes(10)), Buffer.from(bytes(20))],
      problem: null,
    });
    const none = await readMultipartApplication(multipart(answers, [bytes(0)]));
    expect(none).toEqual({ fields: answers, photos: [], problem: null });
  });

  it("refuses a sixth photo and keeps every answer", async () => {
    const six = Array.from({ length: 6 }, () => bytes(10));
    const read = await readMultipartApplication(multipart(answers, six));
    expect(read).toEqual({ fields: answers, photos: [], problem: "tooMany" });
    const five = await readMultipartApplication(multipart(answers, six.slice(1)));
    expect(five).toMatchObject({ problem: null, photos: { length: 5 } });
  });

  it("refuses a photo over its size, dropping it as it comes, and keeps every answer", async () => {
    const read = await readMultipartApplication(
      multipart(answers, [bytes(500), bytes(1001)]),
      small,
    );
    expect(read).toEqual({ fields: answers, photos: [], problem: "tooBig" });
    const atLimit = await readMultipartApplication(multipart(answers, [bytes(1000)]), small);
    expect(atLimit).toMatchObject({ problem: null, photos: [{ length: 1000 }] });
  });

  it("refuses photos that together pass the application's total", async () => {
    const read = await readMultipartApplication(
      multipart(answers, [bytes(900), bytes(900), bytes(900)]),
      small,
    );
    expect(read).toEqual({ fields: answers, photos: [], problem: "totalTooLarge" });
  });

  it("answers 413 for a body past every limit, even one that never ends", async () => {
    const limits = { ...small, bodyBytes: 64 * 1024 };
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(bytes(64 * 1024, 0x2d));
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      body: endless,
      duplex: "half",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    } as RequestInit);
    expect(await readMultipartApplication(request, limits)).toBe("tooLarge");
    // Read up to its limit and the bytes drained after it, then cut: never more.
    expect(sent).toBeLessThan(limits.bodyBytes + 9 * 1024 * 1024);
  });

  it("reads a field without a name, as the browser's FormData does, without failing", async () => {
    const form = new FormData();
    form.append("", "nameless");
    form.append("fullName", "Ana");
    const read = await readMultipartApplication(
      new Request("http://localhost/", { method: "POST", body: form }),
    );
    expect(read).toEqual({
      fields: { "": "nameless", fullName: "Ana" },
      photos: [],
      problem: null,
    });
  });

  it("answers 413 for answers longer than any form's, and 400 for a body cut short", async () => {
    const long = multipart({ message: "x".repeat(uploadLimits.textBytes + 1) });
    expect(await readMultipartApplication(long)).toBe("tooLarge");
    const whole = new Uint8Array(await multipart(answers, [bytes(100)]).arrayBuffer());
    const cut = new Request("http://localhost/", {
      method: "POST",
      body: whole.subarray(0, whole.length - 60),
      headers: multipart(answers).headers,
    });
    expect(await readMultipartApplication(cut)).toBe("malformed");
  });
});

describe("preparing photos", () => {
  const problemOf = (uploads: Uint8Array[]) =>
    preparePhotos(uploads).then(
      () => null,
      (error: unknown) => (error instanceof PhotoRefused ? error.problem : error),
    );

  it("writes them again without EXIF or GPS, and checks that the original had them", async () => {
    const original = await jpeg(640, 480, { exif: true });
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from("Tracker 3000"))).toBe(true);
    expect(original.includes(Buffer.from("GPS"))).toBe(false); // tag ids, not names, in EXIF
    expect(before.exif?.length).toBeGreaterThan(100);

    const [photo] = await preparePhotos([original]);
    for (const kept of [photo!.large, photo!.thumb]) {
      const after = await sharp(kept).metadata();
      expect(after.format).toBe("jpeg");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(kept.includes(Buffer.from("Tracker 3000"))).toBe(false);
      expect(kept.includes(Buffer.from("Ana Souza"))).toBe(false);
      expect(kept.includes(Buffer.from("Exif\0\0"))).toBe(false);
    }
  });

  it("turns a photo upright as the camera meant it, then forgets the orientation", async () => {
    const sideways = await jpeg(300, 200, { orientation: 6 });
    const [photo] = await preparePhotos([sideways]);
    expect(photo).toMatchObject({ width: 200, height: 300 });
    expect((await sharp(photo!.large).metadata()).orientation).toBeUndefined();
  });

  it("keeps a large photo at 2000 px on its long side and a thumbnail of 320", async () => {
    const png = await sharp({
      create: { width: 3000, height: 1500, channels: 4, background: "#c0ffee80" },
    })
      .png()
      .toBuffer();
    const [photo] = await preparePhotos([png]);
    expect(photo).toMatchObject({ width: LARGE_SIDE, height: LARGE_SIDE / 2 });
    expect(await sharp(photo!.thumb).metadata()).toMatchObject({
      format: "jpeg",
      width: THUMB_SIDE,
      height: THUMB_SIDE / 2,
    });
    const webp = await sharp(await jpeg(100, 80))
      .webp()
      .toBuffer();
    expect((await preparePhotos([webp]))[0]).toMatchObject({ width: 100, height: 80 });
  });

  it("leaves behind what a polyglot carries after the picture and in its comments", async () => {
    const picture = await jpeg(200, 150);
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.from("evil.php")]);
    // A comment segment (COM, 0xFFFE) right after the start of image, then the rest.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, html.length + 2]), html]);
    const polyglot = Buffer.concat([
      picture.subarray(0, 2),
      comment,
      picture.subarray(2),
      html,
      zip,
    ]);
    expect((await sharp(polyglot).metadata()).format).toBe("jpeg");
    const [photo] = await preparePhotos([polyglot]);
    for (const kept of [photo!.large, photo!.thumb]) {
      expect(kept.includes(Buffer.from("<script"))).toBe(false);
      expect(kept.includes(Buffer.from("<html"))).toBe(false);
      expect(kept.includes(Buffer.from("PK\x03\x04", "latin1"))).toBe(false);
      expect(kept.includes(Buffer.from("evil.php"))).toBe(false);
    }
  });

  it("refuses a decompression bomb from its header, at once and without decoding it", async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect(await problemOf([bomb])).toBe("tooManyPixels");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    // Past this app's own limit, well under the decoder's default one (268 MP).
    expect(await problemOf([pngDeclaring(8000, 8000)])).toBe("tooManyPixels");
  });

  it("refuses a text file named .jpg, and a file that only starts like an image", async () => {
    expect(await problemOf([Buffer.from("Hello, I am not a photo at all.\n")])).toBe("notAnImage");
    expect(await problemOf([Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")])).toBe(
      "notAnImage",
    );
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await problemOf([fake])).toBe("unreadable");
    // A good photo beside a bad one: refused as a whole.
    expect(await problemOf([await jpeg(50, 50), Buffer.from("text")])).toBe("notAnImage");
  });
});
