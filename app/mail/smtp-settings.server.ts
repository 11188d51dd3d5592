import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Reader } from "#app/db/db.server.ts";
import { settings } from "#app/db/schema.server.ts";
import { agency } from "#app/utils/agency.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { smtpSecurities, type SmtpSecurity } from "./kinds.ts";
import { smtpTransport, type MailTransport } from "./sender.server.ts";
import { logger } from "#app/utils/logger.server.ts";

/** The `settings` keys of outgoing mail. */
export const SMTP_SETTINGS_KEY = "smtp";
/** The result of the last test mail (the production checklist reads it). */
export const SMTP_LAST_TEST_KEY = "smtp.lastTest";

export { smtpSecurities, type SmtpSecurity };

/** The SMTP settings as stored: the password only encrypted (AES-256-GCM), or null. */
export interface StoredSmtpSettings {
  /** When they were last saved. */
  savedAt?: string;
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  passwordEncrypted: string | null;
  senderName: string;
  senderAddress: string;
}

export interface SmtpLastTest {
  at: string;
  ok: boolean;
  error?: string;
}

async function readSetting(db: Reader, key: string) {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, key));
  return row ?? null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export async function readSmtpSettings(db: Reader): Promise<StoredSmtpSettings | null> {
  const row = await readSetting(db, SMTP_SETTINGS_KEY);
  if (!row) return null;
  const value = row.value;
  const security = smtpSecurities.find((s) => s === value.security) ?? "starttls";
  return {
    savedAt: row.updatedAt.toISOString(),
    host: text(value.host),
    port: typeof value.port === "number" ? value.port : 587,
    security,
    user: text(value.user),
    passwordEncrypted: text(value.passwordEncrypted) || null,
    senderName: text(value.senderName),
    senderAddress: text(value.senderAddress),
  };
}

export async function readSmtpLastTest(db: Reader): Promise<SmtpLastTest | null> {
  const row = await readSetting(db, SMTP_LAST_TEST_KEY);
  if (!row || typeof row.value.at !== "string") return null;
  return {
    at: row.value.at,
    ok: row.value.ok === true,
    ...(typeof row.value.error === "string" ? { error: row.value.error } : {}),
  };
}

/** The From of outgoing mail: the screen's sender, else the agency's name and MAIL_FROM. */
export function senderOf(stored: StoredSmtpSettings | null) {
  return {
    name: stored?.senderName || agency.name,
    address: stored?.senderAddress || getEnv().MAIL_FROM,
  };
}

/** Where the transport comes from: SMTP_URL wins over the screen's settings. */
export type TransportSource = "env" | "settings" | "none";

export function transportSource(stored: StoredSmtpSettings | null): TransportSource {
  if (getEnv().SMTP_URL) return "env";
  return stored?.host ? "settings" : "none";
}

/** Short enough that the admin's "send test e-mail" answers while she waits. */
const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

function transportOptions(stored: StoredSmtpSettings): SMTPTransport.Options {
  let pass: string | undefined;
  if (stored.passwordEncrypted) {
    try {
      pass = decrypt(stored.passwordEncrypted, getEncryptionKey().key);
    } catch {
      // Another key than the one that encrypted it: sign in without it; the test mail says so.
      logger().error({ event: "mail.smtp-password-unreadable" });
    }
  }
  return {
    host: stored.host,
    port: stored.port,
    secure: stored.security === "tls",
    requireTLS: stored.security === "starttls",
    ignoreTLS: stored.security === "none",
    ...(stored.user ? { auth: { user: stored.user, pass: pass ?? "" } } : {}),
    ...timeouts,
  };
}

let cached: { key: string; transport: MailTransport } | undefined;

/**
 * The transport outgoing mail uses now: SMTP_URL when set, else the settings saved on
 * /admin/email, else none (mail stays queued). Read on every delivery pass, so a save applies
 * without a restart on every instance; the nodemailer transport is rebuilt only when the
 * settings change. `fresh` builds a new one (the test mail reports its own connection's error).
 */
export async function effectiveMailTransport(
  db: Reader,
  { fresh = false } = {},
): Promise<MailTransport | null> {
  const stored = await readSmtpSettings(db);
  const source = transportSource(stored);
  if (source === "none") return null;
  const from = senderOf(stored);
  const server: SMTPTransport.Options =
    source === "settings" && stored
      ? transportOptions(stored)
      : { url: getEnv().SMTP_URL, ...timeouts };
  if (fresh) return smtpTransport(server, from);
  const key = createHash("sha256").update(JSON.stringify({ server, from })).digest("hex");
  if (cached?.key !== key) {
    cached?.transport.close?.();
    cached = { key, transport: smtpTransport(server, from) };
  }
  return cached.transport;
}
