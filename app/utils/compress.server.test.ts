import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressDocument, compressedDownload } from "./compress.server.ts";

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

describe("compressedDownload", () => {
  const rows = Array.from({ length: 2000 }, (_, i) => `${i};Ana Souza;ana${i}@example.com\n`);
  const csv = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const row of rows) controller.enqueue(new TextEncoder().encode(row));
        controller.close();
      },
    });
  const request = (acceptEncoding?: string) =>
    new Request("http://localhost/admin/export.csv", {
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });
  const init = { headers: { "Content-Type": "text/csv; charset=utf-8" } };

  it("streams gzip to a browser that accepts it, decoding to the same file", async () => {
    const response = compressedDownload(request("gzip, deflate, br"), csv(), init);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(rows.join("").length / 3);
    expect(gunzipSync(body).toString()).toBe(rows.join(""));
  });

  it("streams the file as it is otherwise", async () => {
    for (const accept of [undefined, "identity", "gzip;q=0"]) {
      const response = compressedDownload(request(accept), csv(), init);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(await response.text()).toBe(rows.join(""));
    }
  });
});
