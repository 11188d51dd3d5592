import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { outbox, settings } from "#app/db/schema.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { notifyMailQueued } from "./outbox.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import {
  effectiveMailTransport,
  readSmtpLastTest,
  readSmtpSettings,
  senderOf,
  SMTP_LAST_TEST_KEY,
  SMTP_SETTINGS_KEY,
  smtpSecurities,
  transportSource,
  type SmtpLastTest,
  type StoredSmtpSettings,
} from "./smtp-settings.server.ts";
import { simpleMail } from "./templates.server.ts";
import { agency } from "#app/utils/agency.ts";
import { encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { done, refused, type EmailOutcome } from "#app/mail/admin/result.ts";

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const IPV6 = /^\[?[0-9a-f:.]+\]?$/i;

/** The SMTP form; messages are translation keys. An empty password keeps the stored one. */
export const smtpSettingsSchema = z.object({
  host: z
    .string()
    .trim()
    .max(253, { error: "admin.email.errors.host" })
    .refine((value) => value === "" || HOST.test(value) || IPV6.test(value), {
      error: "admin.email.errors.host",
    }),
  port: z
    .string({ error: "admin.email.errors.port" })
    .trim()
    .regex(/^\d{1,5}$/, { error: "admin.email.errors.port" })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: "admin.email.errors.port" })
        .max(65535, { error: "admin.email.errors.port" }),
    ),
  security: z.enum(smtpSecurities, { error: "admin.email.errors.security" }),
  user: z.string().trim().max(254, { error: "validation.tooLong" }),
  password: z.string().max(500, { error: "validation.tooLong" }),
  removePassword: z.boolean(),
  senderName: z
    .string()
    .trim()
    .max(100, { error: "validation.tooLong" })
    .refine((value) => !/[<>"\r\n]/.test(value), { error: "admin.email.errors.senderName" }),
  senderAddress: z.union([z.literal(""), z.email({ error: "admin.email.errors.senderAddress" })]),
});

/** What the screen shows: never the password, only whether one is stored. */
export interface SmtpView {
  source: "env" | "settings" | "none";
  host: string;
  port: number;
  security: (typeof smtpSecurities)[number];
  user: string;
  passwordSet: boolean;
  senderName: string;
  senderAddress: string;
  /** What goes out when a field is left empty. */
  defaults: { senderName: string; senderAddress: string };
  /** With SMTP_URL: the server it names, without user or password. */
  envServer: string | null;
  lastTest: SmtpLastTest | null;
  savedAt: string | null;
  /** The default address of the test mail: the admin's own. */
  adminEmail: string;
}

function serverOfUrl(url: string) {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "SMTP_URL";
  }
}

export async function smtpView(db: Database, adminEmail = ""): Promise<SmtpView> {
  const [stored, lastTest] = await Promise.all([readSmtpSettings(db), readSmtpLastTest(db)]);
  const env = getEnv();
  return {
    source: transportSource(stored),
    host: stored?.host ?? "",
    port: stored?.port ?? 587,
    security: stored?.security ?? "starttls",
    user: stored?.user ?? "",
    passwordSet: Boolean(stored?.passwordEncrypted),
    senderName: stored?.senderName ?? "",
    senderAddress: stored?.senderAddress ?? "",
    defaults: { senderName: agency.name, senderAddress: env.MAIL_FROM },
    envServer: env.SMTP_URL ? serverOfUrl(env.SMTP_URL) : null,
    lastTest,
    savedAt: stored?.savedAt ?? null,
    adminEmail,
  };
}

/** What a save did to the stored password (the access log and the screen say it). */
export type PasswordChange = "changed" | "unchanged" | "removed" | "cleared";

/**
 * Whether the stored password may stay with the settings being saved: only for the server and
 * account it was entered for. Otherwise anyone holding an admin session could point the host at
 * a server of her own (security "none") and have the sender hand it the password in clear. A
 * weaker security on the same server counts as a change too: the password would cross the
 * network unencrypted where it was entered to travel under TLS.
 */
function passwordStillFor(
  current: StoredSmtpSettings,
  next: Pick<StoredSmtpSettings, "host" | "port" | "user" | "security">,
) {
  return (
    current.host.toLowerCase() === next.host.toLowerCase() &&
    current.port === next.port &&
    current.user === next.user &&
    current.security === next.security
  );
}

/**
 * Stores the SMTP settings (the password encrypted; an empty one keeps the stored password as
 * long as host, port, user and security stay the same, and clears it otherwise;
 * `removePassword` drops it) with an access-log entry, in one transaction. With SMTP_URL set the
 * server fields belong to the environment: only the sender is saved. The sender reads them on
 * its next pass; queued mail that was waiting is made due at once.
 */
export async function saveSmtpSettings(
  db: Database,
  input: z.output<typeof smtpSettingsSchema>,
  actor: Actor,
): Promise<{ password: PasswordChange }> {
  const envWins = Boolean(getEnv().SMTP_URL);
  const saved = await db.transaction(async (tx) => {
    const current = await readSmtpSettings(tx);
    const kept =
      current?.passwordEncrypted && passwordStillFor(current, input)
        ? current.passwordEncrypted
        : null;
    const passwordEncrypted = input.removePassword
      ? null
      : input.password
        ? encrypt(input.password, getEncryptionKey().key)
        : kept;
    const next: StoredSmtpSettings = envWins
      ? {
          host: current?.host ?? "",
          port: current?.port ?? 587,
          security: current?.security ?? "starttls",
          user: current?.user ?? "",
          passwordEncrypted: current?.passwordEncrypted ?? null,
          senderName: input.senderName,
          senderAddress: input.senderAddress,
        }
      : {
          host: input.host,
          port: input.port,
          security: input.security,
          user: input.user,
          passwordEncrypted,
          senderName: input.senderName,
          senderAddress: input.senderAddress,
        };
    const { savedAt: _savedAt, ...value } = next as StoredSmtpSettings & Record<string, unknown>;
    await tx
      .insert(settings)
      .values({ key: SMTP_SETTINGS_KEY, value, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, updatedAt: new Date(), updatedBy: actor.id },
      });
    const passwordChange: PasswordChange = envWins
      ? "unchanged"
      : input.removePassword
        ? "removed"
        : input.password
          ? "changed"
          : current?.passwordEncrypted && !kept
            ? "cleared"
            : "unchanged";
    await recordAccess(tx, "settings.smtp", {
      actor,
      subject: `settings:${SMTP_SETTINGS_KEY}`,
      // Never the password: only whether it changed.
      details: {
        host: next.host,
        port: next.port,
        security: next.security,
        user: next.user,
        password: passwordChange,
        senderName: next.senderName,
        senderAddress: next.senderAddress,
        ...(envWins ? { smtpUrl: "environment" } : {}),
      },
    });
    // Mail waiting for a server (or for its next try) goes out with the new settings now.
    await tx
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(outbox.status, "queued"), sql`${outbox.nextAttemptAt} > now()`));
    return { password: passwordChange };
  });
  notifyMailQueued();
  return saved;
}

export const testMailSchema = z.object({
  to: z.email({ error: "admin.email.errors.testAddress" }).max(254),
});

/**
 * Sends a test mail now through the transport outgoing mail uses, and records the result
 * (time, ok or the SMTP error) under `smtp.lastTest` with an access-log entry.
 */
export async function sendTestMail(
  db: Database,
  to: string,
  language: Language,
  actor: Actor,
): Promise<SmtpLastTest> {
  const t = getFixedT(language);
  const transport = await effectiveMailTransport(db, { fresh: true });
  let result: SmtpLastTest;
  if (!transport) {
    result = {
      at: new Date().toISOString(),
      ok: false,
      error: t("admin.email.smtp.notConfigured"),
    };
  } else {
    try {
      const sender = senderOf(await readSmtpSettings(db));
      const mail = simpleMail(language, t("admin.email.test.mailSubject"), [
        t("admin.email.test.mailBody", { address: sender.address }),
      ]);
      await transport.send({ to, ...mail });
      result = { at: new Date().toISOString(), ok: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = { at: new Date().toISOString(), ok: false, error: message.slice(0, 500) };
    } finally {
      transport.close?.();
    }
  }
  await db.transaction(async (tx) => {
    const value = { ...result } as Record<string, unknown>;
    await tx
      .insert(settings)
      .values({ key: SMTP_LAST_TEST_KEY, value, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, updatedAt: new Date(), updatedBy: actor.id },
      });
    await recordAccess(tx, "settings.test-mail", {
      actor,
      subject: `settings:${SMTP_LAST_TEST_KEY}`,
      details: {
        to: maskEmail(to),
        ok: result.ok,
        ...(result.error ? { error: result.error } : {}),
      },
    });
  });
  return result;
}

/** a***@example.com: enough to tell messages apart, not enough to read an applicant's address. */
export function maskEmail(address: string) {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

/** The SMTP form of /admin/email as sent. */
export interface SmtpForm {
  host: string;
  port: string;
  security: string;
  user: string;
  password: string;
  removePassword: boolean;
  senderName: string;
  senderAddress: string;
}

/** The SMTP form: checked, saved, answered. */
export async function handleSmtpForm(
  db: Database,
  form: SmtpForm,
  actor: Actor,
): Promise<EmailOutcome> {
  const view = await smtpView(db);
  // With SMTP_URL the server fields are read-only (and not sent): the stored ones stay.
  const server =
    view.source === "env"
      ? { ...view, port: String(view.port), password: "", removePassword: false }
      : form;
  const parsed = smtpSettingsSchema.safeParse({
    host: server.host,
    port: server.port,
    security: server.security,
    user: server.user,
    password: server.password,
    removePassword: server.removePassword,
    senderName: form.senderName,
    senderAddress: form.senderAddress.trim(),
  });
  if (!parsed.success) return refused(400, "smtp", { errors: fieldErrorsOf(parsed.error) });
  const saved = await saveSmtpSettings(db, parsed.data, actor);
  // A stored password does not follow the settings to another server: she is told so.
  return done("smtp", {
    message:
      saved.password === "cleared"
        ? "admin.email.smtp.savedPasswordCleared"
        : "admin.email.smtp.saved",
  });
}

/** The test mail's form: sent now, in the admin's language, and answered. */
export async function handleTestMail(
  db: Database,
  to: string,
  language: Language,
  actor: Actor,
): Promise<EmailOutcome> {
  const parsed = testMailSchema.safeParse({ to: to.trim() });
  if (!parsed.success) return refused(400, "test", { errors: fieldErrorsOf(parsed.error) });
  const result = await sendTestMail(db, parsed.data.to, language, actor);
  return result.ok
    ? done("test", { message: "admin.email.test.sent", params: { to: parsed.data.to } })
    : refused(502, "test", {
        message: "admin.email.test.failed",
        params: { error: result.error ?? "" },
      });
}
