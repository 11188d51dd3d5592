import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encodings a request accepts, from its Accept-Encoding header (q=0 means "not this one"). */
export function acceptsEncoding(header: string | null, encoding: string) {
  if (!header) return false;
  for (const part of header.slice(0, 512).toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name !== encoding && name !== "*") continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  }
  return false;
}

/**
 * Compresses a whole page in one call, off the main thread (zlib runs in libuv's pool), instead
 * of through the streaming middleware: a complete document needs no stream, and a one-shot
 * Brotli call costs about half as much. The Express compression middleware then leaves the
 * response alone because it already carries a Content-Encoding.
 */
export async function compressDocument(
  body: Buffer<ArrayBuffer>,
  acceptEncoding: string | null,
  headers: Headers,
): Promise<Buffer<ArrayBuffer>> {
  headers.append("Vary", "Accept-Encoding");
  if (body.byteLength < 1024) return body;
  if (acceptsEncoding(acceptEncoding, "br")) {
    headers.set("Content-Encoding", "br");
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        // A 256 KB window holds any page whole; the default 4 MB costs time for nothing.
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    });
  }
  if (acceptsEncoding(acceptEncoding, "gzip")) {
    headers.set("Content-Encoding", "gzip");
    return gzip(body, { level: 6 });
  }
  return body;
}

/**
 * A page stored to be sent many times (the document cache): compressed once, as small as the
 * formats go, since each byte saved is saved on every hit. About 0.1 s of a libuv thread for a
 * 130 KB page, then never again for as long as it is kept.
 */
export async function compressForStorage(
  body: Buffer<ArrayBuffer>,
): Promise<{ br: Buffer<ArrayBuffer>; gzip: Buffer<ArrayBuffer> }> {
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gzipped };
}

/**
 * A streamed download (a CSV export), gzip-compressed here as it streams when the browser
 * accepts it. The compression middleware would do it too, but it leaves a 'drain' listener
 * behind on each write that has to wait (expressjs/compression#135): hundreds for an export of
 * a hundred thousand rows.
 */
export function compressedDownload(
  request: Request,
  body: ReadableStream<Uint8Array>,
  init: { headers: Record<string, string> },
) {
  const headers = new Headers(init.headers);
  headers.append("Vary", "Accept-Encoding");
  if (!acceptsEncoding(request.headers.get("accept-encoding"), "gzip")) {
    return new Response(body, { headers });
  }
  headers.set("Content-Encoding", "gzip");
  // TypeScript's DOM types want ArrayBuffer-backed chunks; the stream takes any Uint8Array.
  const gzip = new CompressionStream("gzip") as unknown as ReadableWritablePair<
    Uint8Array,
    Uint8Array
  >;
  return new Response(body.pipeThrough(gzip), { headers });
}
