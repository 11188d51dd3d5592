import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import {
  privacyRequests,
  submissions,
  user,
  type PrivacyRequestKind,
} from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { maskEmail } from "#app/mail/smtp-admin.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import {
  builtInTemplate,
  findTemplateOverride,
  renderTemplate,
  type MailTemplateKind,
  type TemplateText,
} from "#app/mail/templates.server.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";
import {
  collectPersonalData,
  holdsDataFor,
  normalizeEmail,
  type PersonalData,
} from "./data-export.server.ts";
import { REQUEST_TTL_HOURS } from "./constants.ts";
import { erasePerson, type ErasureResult, type Writer } from "./erasure.server.ts";

/** The path of the mailed link; the token travels as ?token=. */
export const CONFIRM_PATH = "/privacy/confirm";

/** The mail template of each kind of request (editable on /admin/email). */
export const requestTemplates = {
  export: "privacyExport",
  erase: "privacyErase",
} as const satisfies Record<PrivacyRequestKind, MailTemplateKind>;

/** Only the hash is stored: a copy of the table does not let anyone confirm a request. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The mail with her link, in her language: the admin's wording when there is one. */
export function privacyRequestMail(
  kind: PrivacyRequestKind,
  language: Language,
  name: string,
  url: string,
  override?: TemplateText | null,
) {
  const template = requestTemplates[kind];
  return renderTemplate(template, language, override ?? builtInTemplate(template, language), {
    name,
    link: url,
  });
}

/**
 * Who she is to the mail: the account's name and address as she typed them, else those of her
 * latest application (the address case as she wrote it).
 */
async function recipientOf(db: Pick<Database, "select">, address: string) {
  const [owner] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${address}`)
    .limit(1);
  if (owner) return owner;
  const [latest] = await db
    .select({ name: submissions.fullName, email: submissions.email })
    .from(submissions)
    .where(and(eq(submissions.emailNormalized, address), isNull(submissions.erasedAt)))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  return latest ?? { name: "", email: address };
}

export interface NewPrivacyRequest {
  kind: PrivacyRequestKind;
  email: string;
  /** The signed-in model who asked, when she did so from her dashboard. */
  userId?: string | null;
  language: Language;
}

/**
 * Stores a request (the token's hash only, valid 24 hours) and queues the mail with its link, in
 * one transaction: a request exists if and only if its mail does.
 */
export async function createPrivacyRequest(db: Database, input: NewPrivacyRequest) {
  const address = normalizeEmail(input.email);
  const token = randomBytes(32).toString("base64url");
  // The link's origin comes from configuration, never from the request that asked for it.
  const url = `${mailOrigin()}${CONFIRM_PATH}?token=${token}`;
  await db.transaction(async (tx) => {
    const recipient = await recipientOf(tx, address);
    await tx.insert(privacyRequests).values({
      kind: input.kind,
      email: address,
      userId: input.userId ?? null,
      language: input.language,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REQUEST_TTL_HOURS * 3600_000),
    });
    await queueMail(tx, {
      kind: requestTemplates[input.kind],
      to: recipient.email,
      language: input.language,
      ...privacyRequestMail(
        input.kind,
        input.language,
        recipient.name,
        url,
        await findTemplateOverride(tx, requestTemplates[input.kind], input.language),
      ),
    });
  });
  return token;
}

/**
 * The contact page's request: a link is mailed only when something is held about the address,
 * and the caller answers the same either way, so the form never tells anyone whether an address
 * applied to the agency.
 */
export async function requestByAddress(db: Database, input: NewPrivacyRequest) {
  if (!(await holdsDataFor(db, input.email))) return;
  await createPrivacyRequest(db, input);
}

/** Work started after an answer and not yet finished (tests and a stopping server wait for it). */
const afterAnswer = new Set<Promise<void>>();

/**
 * requestByAddress, once the answer is on its way. Storing a request and queueing its mail take
 * time that an unknown address does not: done before answering, that time told a known address
 * from an unknown one (~70 % from one request). Started on a timer, the work runs after the
 * page has been rendered and sent, so both answers take the same path and the same time. A
 * failure is logged; she can ask again, and the page tells her the mail may take a few minutes.
 */
export function requestByAddressAfterAnswer(db: Database, input: NewPrivacyRequest) {
  const work = new Promise<void>((resolve) => {
    setTimeout(() => {
      requestByAddress(db, input)
        .catch((error: unknown) => logger().error({ event: "privacy.request-failed", err: error }))
        .finally(() => {
          afterAnswer.delete(work);
          resolve();
        });
    }, AFTER_ANSWER_MS);
  });
  afterAnswer.add(work);
}

/** Long enough for the answer to have been rendered and sent. */
const AFTER_ANSWER_MS = 50;

/** Resolves once every request started after its answer has been stored (or has failed). */
export async function privacyRequestsSettled() {
  while (afterAnswer.size) await Promise.all([...afterAnswer]);
}

/** The limits of asking: per address and per client, counted whether or not the address is known. */
const limits = {
  address: { limit: 3, windowSeconds: 3600 },
  ip: { limit: 10, windowSeconds: 3600 },
  account: { limit: 3, windowSeconds: 3600 },
  /** Her own file, downloaded while signed in: no mail goes out, so more are allowed. */
  download: { limit: 10, windowSeconds: 3600 },
} as const;

/** Counts one request; the minutes to wait when over a limit, or null when allowed. */
export async function privacyRequestLimit(
  db: Pick<Database, "insert">,
  keys: { address?: string; ip?: string; account?: string; download?: string },
): Promise<number | null> {
  const waits: number[] = [];
  for (const [name, value] of Object.entries(keys) as [keyof typeof limits, string][]) {
    if (!value) continue;
    const key = `privacy:${name}:${name === "address" ? normalizeEmail(value) : value}`;
    const result = await hitRateLimit(db, key, limits[name]);
    if (!result.allowed) waits.push(result.retryAfterSeconds);
  }
  return waits.length ? Math.max(1, Math.ceil(Math.max(...waits) / 60)) : null;
}

export interface OpenRequest {
  kind: PrivacyRequestKind;
  language: string;
  expiresAt: Date;
}

/**
 * The request a link stands for, while it can still be confirmed: not used, not expired. Every
 * other case (unknown, used, expired, malformed) is the same null, and the page says the same.
 */
export async function openRequest(
  db: Pick<Database, "select">,
  token: string | null | undefined,
): Promise<OpenRequest | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      kind: privacyRequests.kind,
      language: privacyRequests.language,
      expiresAt: privacyRequests.expiresAt,
    })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.tokenHash, hashToken(token)),
        isNull(privacyRequests.completedAt),
        gt(privacyRequests.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Marks the request done, if it still can be: the one statement that makes a link single-use
 * (two clicks at once: one gets the row, the other nothing).
 */
async function claimRequest(tx: Writer, token: string, kind: PrivacyRequestKind) {
  if (!token || token.length > 100) return null;
  const [row] = await tx
    .update(privacyRequests)
    .set({ completedAt: sql`now()` })
    .where(
      and(
        eq(privacyRequests.tokenHash, hashToken(token)),
        eq(privacyRequests.kind, kind),
        isNull(privacyRequests.completedAt),
        gt(privacyRequests.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: privacyRequests.email });
  return row ?? null;
}

/** Her data for a confirmed export link, once; null when the link cannot be used. */
export async function confirmExport(db: Database, token: string): Promise<PersonalData | null> {
  return db.transaction(async (tx) => {
    const claimed = await claimRequest(tx, token, "export");
    if (!claimed) return null;
    return collectPersonalData(tx, claimed.email, { includeDocument: true });
  });
}

/** Erases her data for a confirmed erasure link, once; null when the link cannot be used. */
export async function confirmErasure(db: Database, token: string): Promise<ErasureResult | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ email: privacyRequests.email })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.tokenHash, hashToken(token)), eq(privacyRequests.kind, "erase")));
  if (!row) return null;
  return erasePerson(db, {
    email: row.email,
    by: { kind: "subject" },
    // Checked again inside the erasure's transaction: used or expired meanwhile, nothing happens.
    claim: async (tx) => Boolean(await claimRequest(tx, token, "erase")),
  });
}

/**
 * The latest privacy requests for /admin/privacy, newest first: what was asked, when, and where
 * it stands. Staff see which request it was, not whose address: the masked form is enough.
 */
export async function recentPrivacyRequests(db: Database, { limit = 50, now = Date.now() } = {}) {
  const rows = await db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      email: privacyRequests.email,
      createdAt: privacyRequests.createdAt,
      expiresAt: privacyRequests.expiresAt,
      completedAt: privacyRequests.completedAt,
      fromAccount: privacyRequests.userId,
    })
    .from(privacyRequests)
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    email: row.email.includes("***") ? row.email : maskEmail(row.email),
    createdAt: row.createdAt,
    state: row.completedAt
      ? ("done" as const)
      : row.expiresAt.getTime() <= now
        ? ("expired" as const)
        : ("waiting" as const),
    until: row.completedAt ?? row.expiresAt,
    fromAccount: Boolean(row.fromAccount),
  }));
}

export type PrivacyRequestRow = Awaited<ReturnType<typeof recentPrivacyRequests>>[number];
