import { getDatabase } from "#app/db/db.server.ts";
import { readVariant } from "#app/features/images/images.server.ts";
import { parseMediaFile } from "#app/features/images/media.ts";
import type { Route } from "./+types/media";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * `/media/<id>-<hash>-<width>.<format>`: an uploaded image's variant. The address names the
 * content, so browsers and shared caches keep it for a year without asking again.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const file = parseMediaFile(params.file);
  const bytes = file ? await readVariant(await getDatabase(), file) : null;
  if (!file || !bytes) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const etag = `"${file.hash}-${file.width}-${file.format}"`;
  const headers = {
    "Content-Type": `image/${file.format}`,
    "Cache-Control": `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
    ETag: etag,
    // An image, never a document: nothing in it runs, even opened on its own.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, "Content-Length": String(bytes.byteLength) },
  });
}
