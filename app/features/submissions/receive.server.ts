import { getDatabase } from "#app/db/db.server.ts";
import { DatabaseTimeout, withDeadline } from "#app/db/deadline.server.ts";
import type { SubmissionSource } from "#app/db/schema.server.ts";
import { referralFromRequest } from "#app/features/referrals/referral.server.ts";
import { addressHash } from "#app/features/affiliates/address-hash.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";
import { notifyMailQueued } from "#app/mail/outbox.server.ts";
import {
  clientIp,
  clientLimitKey,
  isCrossSiteRequest,
  MAX_FORM_FIELDS,
  readBodyAtMost,
} from "#app/utils/request.server.ts";
import { storableText } from "#app/utils/text.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";
import { storeApplication, type NewSubmission } from "./submissions.server.ts";
import type { PhotoProblem } from "./photo-limits.ts";
import { isMultipart } from "#app/utils/multipart.server.ts";
import {
  PhotoRefused,
  preparePhotos,
  readMultipartApplication,
  type PreparedPhoto,
} from "./photo-upload.server.ts";
import { storePhotos } from "./photos.server.ts";
import { requestLogger } from "#app/utils/logger.server.ts";
import { replyDays } from "./thank-you.server.ts";
import type { ReplyPromise } from "./thank-you.ts";

const MAX_BODY_BYTES = 64 * 1024;
const RATE_WINDOW_SECONDS = 10 * 60;
/** A field longer than any limit is cut here, so an error answer never echoes 64 KB back. */
const MAX_ECHO_LENGTH = 4000;
/** The longest address an application takes (RFC 5321), for the panel of a bot's "application". */
const MAX_EMAIL = 254;

/** What every application channel answers; field errors and messages are translation keys. */
export type ApplicationResult =
  | { status: "sent"; reply: ReplyPromise }
  | { status: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { status: "limited"; retryAfterMinutes: number; values: Record<string, string> }
  | { status: "refused" }
  | { status: "malformed" }
  | { status: "tooLarge" }
  | { status: "error"; values: Record<string, string> }
  /** The browser's own: no answer came (the network or the server is gone). */
  | { status: "unreachable" };

export interface ApplicationAnswer<Result = ApplicationResult> {
  body: Result;
  status: number;
  headers?: Record<string, string>;
}

type Validation<T> =
  { success: true; data: T } | { success: false; fieldErrors: Record<string, string> };

/** Headers the follow-up adds to the answer (the cookie that proves who chose her password). */
export type AfterStoreHeaders = Record<string, string>;

export interface ApplicationChannel<T> {
  source: SubmissionSource;
  /** The fields this channel reads; anything else in the body is ignored. */
  fields: readonly string[];
  validate: (values: Record<string, string>) => Validation<T>;
  /** The checked application as it is stored; source, language and referral are added here. */
  toSubmission: (
    application: T,
  ) => Omit<NewSubmission, "source" | "language" | "referralCode" | "consentVersion">;
  consentVersion: string;
  /** Where its photos' messages are (`<prefix>.<problem>`): the screen's own strings. */
  photoErrors: `${string}.photos.errors`;
  /** Fields never given back in an answer (a password). */
  secretFields?: readonly string[];
  /**
   * What else happens once the application is stored (the account of /register/model). It runs
   * after the application's transaction, so its failure never loses the application.
   */
  afterStore?: (
    application: T,
    context: { request: Request; language: Language },
  ) => Promise<AfterStoreHeaders | void>;
}

/**
 * The one server path every application takes, whichever screen it comes from: refuse
 * cross-site posts, read at most 64 KB of form data or JSON, check the channel's schema again,
 * apply the per-address limit (kept in the database, so it holds across app instances), then
 * store the application with its confirmation mail in one transaction. The database gets
 * SUBMISSION_TIMEOUT_MS for that, so a slow or unreachable one ends in a 503, not a request that
 * hangs, and never in half an application (db/deadline.server.ts). Every answer other than
 * success gives back what she typed, so nothing is lost.
 */
export async function receiveApplication<T>(
  request: Request,
  channel: ApplicationChannel<T>,
): Promise<ApplicationAnswer> {
  if (isCrossSiteRequest(request)) return { status: 403, body: { status: "refused" } };

  const read = await readBody(request);
  if (read === "tooLarge") return { status: 413, body: { status: "tooLarge" } };
  if (read === "malformed") return { status: 400, body: { status: "malformed" } };
  const { fields: body, photos, photoProblem } = read;

  const given: Record<string, string> = {};
  for (const field of channel.fields) {
    const value = body[field];
    // A NUL or a lone surrogate (a script's, never a keyboard's) would fail the insert: a 503.
    given[field] = typeof value === "string" ? storableText(value.slice(0, MAX_ECHO_LENGTH)) : "";
  }
  const values = Object.fromEntries(
    Object.entries(given).filter(([field]) => !channel.secretFields?.includes(field)),
  );

  // Only software fills in the hidden field: thank it and keep nothing.
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    const reply = await replyPromise(
      given.email?.slice(0, MAX_EMAIL) ?? "",
      given.whatsapp || given.phone,
    );
    return { status: 200, body: { status: "sent", reply } };
  }

  const result = channel.validate(given);
  const photoError = (problem: PhotoProblem) => ({ photos: `${channel.photoErrors}.${problem}` });
  if (!result.success || photoProblem) {
    const fieldErrors = {
      ...(result.success ? {} : result.fieldErrors),
      ...(photoProblem ? photoError(photoProblem) : {}),
    };
    return { status: 400, body: { status: "invalid", fieldErrors, values } };
  }
  // Checked by their content and re-encoded before anything is stored: all of them, or none
  // and her answers back with the reason next to the photo field.
  let prepared: PreparedPhoto[];
  try {
    prepared = await preparePhotos(photos, request.signal);
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    const fieldErrors = photoError(error.problem);
    return {
      status: error.problem === "busy" ? 503 : 400,
      body: { status: "invalid", fieldErrors, values },
    };
  }

  const log = requestLogger(request);
  try {
    const language: Language = languageForRequest(request).language;
    const input = {
      ...channel.toSubmission(result.data),
      source: channel.source,
      language,
      referralCode: referralFromRequest(request),
      // Compared with her affiliate's sign-in addresses: a possible self-referral is held.
      sourceAddressHash: addressHash(clientIp(request)),
      consentVersion: channel.consentVersion,
    };
    const limit = await withDeadline(
      await getDatabase(),
      getEnv().SUBMISSION_TIMEOUT_MS,
      async (session) => {
        // Her attempt counted on its own (a refused or failed one counts too, and the counter
        // every client behind her address shares is never locked while she is stored), then
        // the application, whole or not at all.
        const counted = await hitRateLimit(session.db, `submission:${clientLimitKey(request)}`, {
          limit: getEnv().SUBMISSION_RATE_LIMIT,
          windowSeconds: RATE_WINDOW_SECONDS,
        });
        if (counted.allowed) {
          await session.transaction(async (tx) => {
            const id = await storeApplication(tx, input);
            await storePhotos(tx, id, prepared);
          });
        }
        return counted;
      },
    );
    if (limit.allowed) notifyMailQueued();
    if (!limit.allowed) {
      return {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
        body: {
          status: "limited",
          retryAfterMinutes: Math.ceil(limit.retryAfterSeconds / 60),
          values,
        },
      };
    }
    const headers = await afterStore(channel, result.data, { request, language });
    const reply = await replyPromise(input.email, input.whatsapp ?? input.phone);
    return { status: 200, body: { status: "sent", reply }, ...(headers ? { headers } : {}) };
  } catch (error) {
    log.error({
      event: error instanceof DatabaseTimeout ? "submission.timed-out" : "submission.failed",
      source: channel.source,
      ...(error instanceof DatabaseTimeout ? { outcome: error.outcome } : { err: error }),
    });
    // Nothing of hers was kept (or, rarely, it cannot be known): she has it all back to try again.
    return { status: 503, body: { status: "error", values } };
  }
}

/**
 * The channel's follow-up (her account), once the application is stored: its failure, or a
 * database too slow to finish it, is logged and never turns a stored application into an error.
 */
async function afterStore<T>(
  channel: ApplicationChannel<T>,
  application: T,
  context: { request: Request; language: Language },
) {
  if (!channel.afterStore) return;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      requestLogger(context.request).error({
        event: "submission.after-store-timed-out",
        source: channel.source,
      });
      resolve(undefined);
    }, getEnv().SUBMISSION_TIMEOUT_MS);
  });
  const run = channel.afterStore(application, context).catch((error: unknown) => {
    requestLogger(context.request).error({
      event: "submission.after-store-failed",
      source: channel.source,
      err: error,
    });
  });
  const headers = await Promise.race([run, timeUp]);
  clearTimeout(timer);
  return headers ?? undefined;
}

/** What the thank-you panel promises: when, at which address, and whether on WhatsApp too. */
async function replyPromise(email: string, phone: string | undefined): Promise<ReplyPromise> {
  return { days: await replyDays(), email, whatsapp: Boolean(phone) };
}

type Body = Record<string, unknown>;

interface ReadBody {
  fields: Body;
  photos: Buffer[];
  photoProblem: PhotoProblem | null;
}

/**
 * The posted fields: from a multipart form with its photos (photo-upload.server.ts), or from
 * form encoding (a page without photos) or a JSON object (the chatbot without photos), read
 * only up to 64 KB.
 */
async function readBody(request: Request): Promise<ReadBody | "tooLarge" | "malformed"> {
  if (isMultipart(request)) {
    const read = await readMultipartApplication(request);
    if (typeof read === "string") return read;
    return { fields: read.fields, photos: read.photos, photoProblem: read.problem };
  }
  const fields = await readPlainBody(request);
  return typeof fields === "string" ? fields : { fields, photos: [], photoProblem: null };
}

/** Values that are not strings count as missing, so they get the field's message. */
async function readPlainBody(request: Request): Promise<Body | "tooLarge" | "malformed"> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return "tooLarge";
  const bytes = await readBodyAtMost(request, MAX_BODY_BYTES, MAX_FORM_FIELDS);
  if (bytes === "tooLarge" || bytes === "tooManyFields") return "tooLarge";
  const contentType = request.headers.get("content-type") ?? "";
  try {
    if (/^application\/json\b/i.test(contentType)) {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "malformed";
      return parsed as Body;
    }
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    const fields: Body = {};
    for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
    return fields;
  } catch {
    return "malformed";
  }
}
