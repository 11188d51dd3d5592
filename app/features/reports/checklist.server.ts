import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, count, eq, lt, sql } from "drizzle-orm";
import { migrationsFolder, type Database } from "#app/db/db.server.ts";
import { outbox, settings, user } from "#app/db/schema.server.ts";
import { getEncryptionKey } from "#app/utils/encryption.server.ts";
import { getEnv, type Env } from "#app/utils/env.server.ts";

/** One line of the production checklist: passed or not, with what was seen (for the message). */
export interface Check {
  id:
    | "authSecret"
    | "encryptionKey"
    | "database"
    | "smtp"
    | "adminEmail"
    | "adminTwoFactor"
    | "google"
    | "https"
    | "outbox"
    | "migrations"
    // How long identity photos are kept (issue 30; app/features/identity/retention.server.ts).
    | "identityImages";
  ok: boolean;
  values?: Record<string, string | number>;
}

/** A secret a person typed rather than generated: short, or of few distinct characters. */
export function isStrongSecret(secret: string | undefined) {
  return Boolean(secret && secret.length >= 32 && new Set(secret).size >= 16);
}

/** Migrations this build carries, and how many the database has applied. */
export async function migrationLevel(db: Database) {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  const result = await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  const applied = Number(
    (result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0,
  );
  const known = journal.entries.length;
  return { applied, known, latest: journal.entries[Math.min(applied, known) - 1]?.tag ?? null };
}

/**
 * The live checks of /admin/production-checklist (issue 5): each reads the running server's
 * configuration or the database now, so fixing a problem and reloading shows it fixed.
 */
export async function productionChecklist(db: Database, env: Env = getEnv()): Promise<Check[]> {
  const adminEmail = env.ADMIN_EMAIL;
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const [[owner], admins, [stuck], [lastTest], migrations] = await Promise.all([
    adminEmail
      ? db
          .select({ verified: user.emailVerified })
          .from(user)
          .where(eq(sql`lower(${user.email})`, adminEmail))
      : Promise.resolve([]),
    db
      .select({ email: user.email, twoFactor: user.twoFactorEnabled })
      .from(user)
      .where(
        adminEmail
          ? sql`${user.role} = 'admin' or (lower(${user.email}) = ${adminEmail} and ${user.emailVerified})`
          : eq(user.role, "admin"),
      ),
    db
      .select({ count: count() })
      .from(outbox)
      .where(and(eq(outbox.status, "queued"), lt(outbox.createdAt, hourAgo))),
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, "smtp.lastTest")),
    migrationLevel(db),
  ]);
  const test = lastTest?.value as { at?: string; ok?: boolean } | undefined;
  const withoutTwoFactor = admins.filter((a) => !a.twoFactor).length;
  const googleOn = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  return [
    { id: "authSecret", ok: isStrongSecret(env.BETTER_AUTH_SECRET) },
    { id: "encryptionKey", ok: getEncryptionKey().source === "env" },
    { id: "database", ok: Boolean(env.DATABASE_URL) },
    {
      id: "smtp",
      ok: Boolean(test?.ok && test.at && Date.parse(test.at) > Date.now() - 30 * 86_400_000),
      values: { at: test?.at ?? "" },
    },
    { id: "adminEmail", ok: Boolean(owner?.verified), values: { email: adminEmail ?? "" } },
    {
      id: "adminTwoFactor",
      ok: admins.length > 0 && withoutTwoFactor === 0,
      values: { count: withoutTwoFactor },
    },
    { id: "google", ok: googleOn || env.GOOGLE_SIGN_IN === "off" },
    { id: "https", ok: Boolean(env.PUBLIC_ORIGIN?.startsWith("https://")) },
    { id: "outbox", ok: stuck!.count === 0, values: { count: stuck!.count } },
    {
      id: "migrations",
      ok: migrations.applied === migrations.known,
      values: { applied: migrations.applied, known: migrations.known },
    },
  ];
}
