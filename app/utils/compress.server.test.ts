import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressDocument } from "./compress.server";

const page = Buffer.from("<!DOCTYPE html><p>Maré Talent</p>".repeat(200));

describe("compressDocument", () => {
  it("prefers Brotli, and the result decodes to the page", async () => {
    const headers = new Headers();
    const body = await compressDocument(page, "gzip, deflate, br", headers);
    expect(headers.get("content-encoding")).toBe("br");
    expect(headers.get("vary")).toBe("Accept-Encoding");
    expect(body.length).toBeLessThan(page.length / 4);
    expect(brotliDecompressSync(body).equals(page)).toBe(true);
  });

  it("falls back to gzip, and honours q=0", async () => {
    const headers = new Headers();
    const body = await compressDocument(page, "br;q=0, gzip", headers);
    expect(headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(body).equals(page)).toBe(true);
  });

  it("sends the page as it is when nothing is accepted, or when it is tiny", async () => {
    for (const accept of [null, "", "identity", "compress", "gzip;q=0, br;q=0"]) {
      const headers = new Headers();
      expect((await compressDocument(page, accept, headers)).equals(page)).toBe(true);
      expect(headers.get("content-encoding")).toBeNull();
    }
    const headers = new Headers();
    const tiny = Buffer.from("<p>hi</p>");
    expect((await compressDocument(tiny, "br", headers)).equals(tiny)).toBe(true);
  });
});
