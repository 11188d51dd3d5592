import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { contentSecurityPolicy } from "./utils/content-security-policy";
import { NonceProvider } from "./utils/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // A fresh nonce for every page: only scripts this response names may run.
  const nonce = randomBytes(16).toString("base64");
  // The page depends on the visitor's cookie and language headers: never from a shared cache.
  if (!responseHeaders.has("Cache-Control"))
    responseHeaders.set("Cache-Control", "private, no-cache");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }),
  );

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The whole document is sent once it is ready: loaders resolve before rendering, so waiting
    // costs nothing, and a page written in one piece is compressed in one pass (see below).
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = documentStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * The stream between React and the response.
 *
 * React writes a page in many small pieces, and the server adapter flushes the compressor after
 * each one; a flushed Brotli or gzip stream per 2 KB piece costs more than rendering the page.
 * This stream hands on what React wrote within one turn of the event loop as a single chunk,
 * so a page goes out in a few flushes while later (suspended) parts still stream when ready.
 *
 * It also drops the `<link rel="modulepreload">` hints that React Router adds and React hoists
 * into <head>: they make the browser fetch all of the page's JavaScript at high priority before
 * the first paint, competing with the stylesheet on slow connections. The page is complete
 * without JavaScript, so content comes first; the module script at the end of <body> still loads
 * everything (see docs/decisions/004-javascript-budget.md).
 */
function documentStream(onEnd: () => void) {
  let pending: Buffer[] = [];
  let scheduled = false;
  const emit = (target: Transform) => {
    if (!pending.length) return;
    const html = Buffer.concat(pending).toString("utf8");
    pending = [];
    target.push(html.replace(MODULE_PRELOAD, ""));
  };
  const stream: Transform = new Transform({
    // Room for a whole page, so React never waits for the reader in the middle of one.
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          emit(stream);
        });
      }
      callback();
    },
    flush(callback) {
      onEnd();
      emit(this);
      callback();
    },
  });
  return stream;
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
