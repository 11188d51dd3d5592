import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { checkReadiness, closeDatabase, getDatabase } from "./db/db.server";
import { flushCounts } from "./features/analytics/counting.server";
import { referralClicksSettled } from "./features/affiliates/referral-clicks.server";
import { startMailSender } from "./mail/sender.server";
import { startRetentionJob } from "./features/privacy/retention.server";
import { effectiveMailTransport } from "./mail/smtp-settings.server";
import { getEnv } from "./utils/env.server";
import { requestLogger } from "./utils/logger.server";
import { compressDocument } from "./utils/compress.server";
import { contentSecurityPolicy } from "./utils/content-security-policy";
import {
  cacheDocument,
  documentCacheKey,
  cachedDocument,
  NONCE_PLACEHOLDER,
} from "./utils/document-cache.server";
import { NonceProvider } from "./utils/nonce";
import { recordServerError } from "./features/reports/server-errors.server";

export const streamTimeout = 5_000;

let mailSender: ReturnType<typeof startMailSender> | undefined;
let retentionJob: ReturnType<typeof startRetentionJob> | undefined;

/**
 * Run by the production server before it listens: the database is opened and migrated, the
 * mail sender starts delivering the outbox, and the daily retention job is scheduled.
 */
export async function startup() {
  await getDatabase();
  // SMTP_URL, else the settings of /admin/email, read on every pass (no restart after a save).
  mailSender = startMailSender(getDatabase, (db) => effectiveMailTransport(db));
  // Erases rejected applications past the retention period, once a day across all instances.
  retentionJob = startRetentionJob(getDatabase, {
    firstCheckMs: getEnv().RETENTION_FIRST_CHECK_SECONDS * 1000,
  });
}

/** `/readyz`: the database answers and has this build's migrations. */
export const readiness = checkReadiness;

/** Shell commands that need the app's modules (scripts/user-create.ts). */
export { createAccountFromShell } from "./auth/users.server";

/**
 * A loader's or action's uncaught error (React Router calls this): logged, and kept for the
 * tech report. A request the visitor abandoned is not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  recordServerError(error, request);
  requestLogger(request).error({ event: "request.error", err: error });
}

/** Run by the production server after it stopped accepting requests. */
export async function shutdown() {
  await mailSender?.stop();
  await retentionJob?.stop();
  await flushCounts(); // the last seconds of cookie-free counting
  await referralClicksSettled(); // referral clicks still being written
  await closeDatabase();
}

/**
 * Every HTML page goes through here. It is rendered whole (loaders have already run, so there is
 * nothing to stream) and sent in one piece, which is also what makes compressing it cheap.
 * See docs/decisions/003-csp-nonce-and-whole-page-rendering.md.
 */
export default async function handleRequest(
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
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, { dev: import.meta.env.DEV, formTargets: formTargets() }),
  );
  // The page depends on the visitor's cookie and language headers: never from a shared cache.
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", "private, no-cache");
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const cacheKey = import.meta.env.PROD
    ? documentCacheKey(request, responseStatusCode, routerContext)
    : null;
  const acceptEncoding = request.headers.get("accept-encoding");
  const cached = cacheKey ? cachedDocument(cacheKey, nonce) : undefined;
  if (cached) {
    const body = await compressDocument(cached, acceptEncoding, responseHeaders);
    return new Response(body, { status: responseStatusCode, headers: responseHeaders });
  }

  const { html, status } = await renderDocument(
    request,
    routerContext,
    responseStatusCode,
    cacheKey ? NONCE_PLACEHOLDER : nonce,
  );
  let page: Buffer<ArrayBuffer>;
  if (!cacheKey) page = Buffer.from(html);
  else if (status === 200) page = cacheDocument(cacheKey, html, nonce);
  else page = Buffer.from(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  const body = await compressDocument(page, acceptEncoding, responseHeaders);
  return new Response(body, { status, headers: responseHeaders });
}

/** The sign-in page of Google (its issuer's origin), where the Google button's post leads. */
function formTargets(): string[] {
  const env = getEnv();
  return env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? [new URL(env.GOOGLE_ISSUER).origin]
    : [];
}

// The `<link rel="modulepreload">` hints that React Router adds (and React hoists into <head>)
// make the browser fetch all of a page's JavaScript at high priority before the first paint,
// competing with the stylesheet on slow connections. Pages are complete without JavaScript, so
// content comes first; the module script at the end of <body> still loads everything.
// See docs/decisions/004-javascript-budget.md.
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

function renderDocument(
  request: Request,
  routerContext: EntryContext,
  initialStatus: number,
  nonce: string,
): Promise<{ html: string; status: number }> {
  return new Promise((resolve, reject) => {
    let status = initialStatus;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const html = Buffer.concat(chunks).toString("utf8").replace(MODULE_PRELOAD, "");
        resolve({ html, status });
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Whole boundaries inline: past 12,800 bytes of page React would otherwise send a lazy
        // part's HTML hidden, to be revealed by an inline script, so a page read without
        // JavaScript would miss it (decision 019). The page is sent in one piece anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          recordServerError(error, request);
          requestLogger(request).error({ event: "render.error", err: error });
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
