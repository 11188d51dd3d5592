import { finished } from "node:stream/promises";
import type busboy from "busboy";
import { MAX_DISCARDED_BYTES } from "./body-limit.server.ts";

/**
 * The one way a multipart body (a form with photos) is read: busboy parses it as it streams in,
 * each reader keeping only what its form has (application-photo and identity uploads, decision
 * 045). This part is theirs alike: the body fed to the parser within its bound, then drained a
 * little further so the 413 reaches her browser, never buffered whole.
 */

export const isMultipart = (request: Request) =>
  /^\s*multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");

/**
 * Feeds the request's body to `parser` (its handlers already set) as it arrives. "tooLarge": the
 * body went past `bodyBytes` (read on only up to MAX_DISCARDED_BYTES more, then cut);
 * "malformed": busboy could not read it, or it was cut short; "parsed" once every part is read.
 */
export async function streamMultipart(
  request: Request,
  parser: busboy.Busboy,
  bodyBytes: number,
): Promise<"parsed" | "tooLarge" | "malformed"> {
  const parsed = finished(parser).then(
    () => true,
    () => false,
  );
  if (request.body) {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > bodyBytes + MAX_DISCARDED_BYTES) {
        await reader.cancel();
        parser.destroy();
        return "tooLarge";
      }
      // Past the body's limit the rest is only drained, so that the 413 reaches her browser.
      if (size > bodyBytes || parser.destroyed) continue;
      try {
        if (!parser.write(value)) {
          await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), parsed]);
        }
      } catch {
        // A part busboy reads in a way its reader's handlers did not foresee: the client's doing.
        parser.destroy();
      }
    }
    if (size > bodyBytes) {
      parser.destroy();
      return "tooLarge";
    }
  }
  parser.end();
  return (await parsed) ? "parsed" : "malformed";
}
