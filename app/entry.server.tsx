import { privacyRequestsSettled } from "#app/features/privacy/requests.server.ts";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { checkReadiness, closeDatabase, getDatabase } from "#app/db/db.server.ts";
import {
  count,
  countPageViews,
  flushCounts,
  pageViewOf,
} from "#app/features/analytics/counting.server.ts";
import { referralClicksSettled } from "#app/features/affiliates/referral-clicks.server.ts";
import { startMailSender } from "#app/mail/sender.server.ts";
import { startRetentionJob } from "#app/features/privacy/retention.server.ts";
import { startIdentityImageJob } from "#app/features/identity/retention.server.ts";
import { startContentWatch } from "#app/features/content/content-version.server.ts";
import { startStaffAlerts } from "#app/features/staff-alerts/alerts.server.ts";
import { effectiveMailTransport } from "#app/mail/smtp-settings.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { WHATSAPP_ORIGIN } from "#app/utils/whatsapp.ts";
import { requestLogger } from "#app/utils/logger.server.ts";
import { compressDocument } from "#app/utils/compress.server.ts";
import { contentSecurityPolicy } from "#app/utils/content-security-policy.ts";
import {
  answerFromStore,
  documentCacheIsEmpty,
  documentCacheKey,
  documentKey,
  NONCE_PLACEHOLDER,
  storedDocument,
  storeDocument,
  type DocumentAnswer,
} from "#app/utils/document-cache.server.ts";
import type { RequestHead } from "#app/utils/request-head.ts";
import { NonceProvider } from "#app/utils/nonce.tsx";
import { codeAfterFirstPaint } from "#app/utils/document-html.server.ts";
import { recordServerError } from "#app/features/reports/server-errors.server.ts";

export const streamTimeout = 5_000;

let mailSender: ReturnType<typeof startMailSender> | undefined;
let retentionJob: ReturnType<typeof startRetentionJob> | undefined;
let contentWatch: ReturnType<typeof startContentWatch> | undefined;
let staffAlerts: ReturnType<typeof startStaffAlerts> | undefined;
let identityImages: ReturnType<typeof startIdentityImageJob> | undefined;

/**
 * Run by the production server before it listens: the database is opened and migrated, the
 * mail sender starts delivering the outbox, and the daily retention job is scheduled.
 */
export async function startup() {
  await getDatabase();
  // SMTP_URL, else the settings of /admin/email, read on every pass (no restart after a save).
  mailSender = startMailSender(
    getDatabase,
    (db) => effectiveMailTransport(db),
    getEnv().MAIL_POLL_SECONDS * 1000,
  );
  // Erases rejected applications past the retention period, once a day across all instances.
  retentionJob = startRetentionJob(getDatabase, {
    firstCheckMs: getEnv().RETENTION_FIRST_CHECK_SECONDS * 1000,
  });
  // Another instance's edit of the articles, FAQ or testimonials, or an article falling due.
  contentWatch = startContentWatch(getDatabase);
  // New applications announced to the reviewers who asked, and their daily digests.
  staffAlerts = startStaffAlerts(getDatabase);
  // Identity photos deleted their number of days after the reviewer's answer (issue 30).
  identityImages = startIdentityImageJob(getDatabase);
}

/** `/readyz`: the database answers and has this build's migrations. */
export const readiness = checkReadiness;

/** Shell commands that need the app's modules (scripts/user-create.ts). */
export { createAccountFromShell } from "#app/auth/users.server.ts";

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
  await contentWatch?.stop();
  await staffAlerts?.stop();
  await identityImages?.stop();
  await flushCounts(); // the last seconds of cookie-free counting
  await referralClicksSettled(); // referral clicks still being written
  await privacyRequestsSettled(); // privacy requests stored after their answer
  await closeDatabase();
}

/**
 * Every HTML page goes through here. It is rendered whole (loaders have already run, so there is
 * nothing to stream) and sent in one piece, which is also what makes compressing it cheap.
 * See docs/decisions/003-csp-nonce-and-whole-page-rendering.md. A page that is the same for
 * every visitor is stored as it is sent, and later requests for it are answered before React
 * Router runs (cachedDocument below; decision 015).
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

  const cacheKey = import.meta.env.PROD
    ? documentCacheKey(request, responseStatusCode, routerContext, responseHeaders)
    : null;
  // Rendered with a placeholder nonce: removed from a page that is stored, replaced by a fresh
  // nonce in one that is not.
  const { html, status } = await renderDocument(request, routerContext, responseStatusCode);
  if (cacheKey && status === 200) {
    const stored = await storeDocument(cacheKey, html, {
      headers: responseHeaders,
      countsViews: countsViews(routerContext),
      policy: (hashes) => contentSecurityPolicy({ hashes }, policyOptions()),
    }).catch((error: unknown) => {
      // Not stored (compression failed): this visitor still gets her page, rendered for her.
      requestLogger(request).error({ event: "document-cache.store-failed", err: error });
      return undefined;
    });
    if (stored) {
      const { status, headers, body } = answerFromStore(stored, request, cacheKey);
      return new Response(body, { status, headers });
    }
  }

  // A fresh nonce for every page rendered for this request only: only scripts it names may run.
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, {
      ...policyOptions(),
      // A page that says this site may frame it (its X-Frame-Options) is framed by no other.
      framedBySelf: responseHeaders.get("X-Frame-Options")?.toUpperCase() === "SAMEORIGIN",
    }),
  );
  // The page depends on the visitor's cookie and language headers: never from a shared cache.
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", "private, no-cache");
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const page = Buffer.from(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  const body = await compressDocument(
    page,
    request.headers.get("accept-encoding"),
    responseHeaders,
  );
  return new Response(body, { status, headers: responseHeaders });
}

/**
 * The answer to a request for a stored page, or null to let React Router render it: called by
 * server/app.ts for every GET and HEAD of a page, before anything else of the app runs, so a hit
 * costs a key and a map lookup. The page-view middleware does not run on a hit, so a hit counts
 * its view itself, by the same rule.
 */
export function cachedDocument(head: RequestHead): DocumentAnswer | null {
  if (documentCacheIsEmpty()) return null;
  const key = documentKey(head);
  const stored = key ? storedDocument(key.key) : undefined;
  if (!key || !stored) return null;
  if (stored.countsViews) {
    const group = pageViewOf(head);
    if (group) count("page_view", group);
  }
  return answerFromStore(stored, head, key);
}

/** Whether views of this page are counted: one of its routes has the page-view middleware. */
function countsViews(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) =>
    (match.route.middleware as unknown[] | undefined)?.includes(countPageViews),
  );
}

function policyOptions() {
  return { dev: import.meta.env.DEV, formTargets: formTargets() };
}

/**
 * Where a form's post may lead besides this site: the sign-in page of Google (its issuer's
 * origin), where the Google button's post leads, and WhatsApp's chat, where a reviewer's "Message
 * on WhatsApp" post is sent on (app/routes/admin/submission-contact.ts). On every page, not only
 * the back office's: a page keeps the policy of the document it was first loaded as.
 */
function formTargets(): string[] {
  const env = getEnv();
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? [new URL(env.GOOGLE_ISSUER).origin] : [];
  return [...google, WHATSAPP_ORIGIN];
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
        const html = codeAfterFirstPaint(
          Buffer.concat(chunks).toString("utf8").replace(MODULE_PRELOAD, ""),
        );
        resolve({ html, status });
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={NONCE_PLACEHOLDER}>
        <ServerRouter context={routerContext} url={request.url} nonce={NONCE_PLACEHOLDER} />
      </NonceProvider>,
      {
        nonce: NONCE_PLACEHOLDER,
        // Whole boundaries inline: past 12,800 bytes of page React would otherwise send a
        // suspended part's HTML hidden, to be revealed by an inline script, so a page read
        // without JavaScript would miss it. The page is sent in one piece anyway.
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
