import { randomUUID } from "node:crypto";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/db.server.ts";
import { affiliates, mailTemplates, submissions, user } from "#app/db/schema.server.ts";
import type { NewSubmission } from "#app/features/submissions/submissions.server.ts";

/**
 * The rows tests and the demo seed (`npm run db:seed`) make, in one place: what a field is
 * left out gets a plain default, and addresses are unique, so callers name only what matters
 * to them. Nothing here imports vitest: the seed runs it outside any test.
 */

const unique = () => randomUUID().slice(0, 8);

/**
 * An application stored as the app stores one (Pendente, its first history entry, her
 * confirmation mail queued, a referral code attributed); returns its id.
 */
export async function insertApplication(db: Database, input: Partial<NewSubmission> = {}) {
  // Imported when first used: the store's path reaches the translations, which only Vite and
  // vitest can load, and the seed runs under plain Node.
  const { storeApplication } = await import("#app/features/submissions/submissions.server.ts");
  const { notifyMailQueued } = await import("#app/mail/outbox.server.ts");
  const id = await db.transaction((tx) =>
    storeApplication(tx, {
      source: "form",
      language: "pt",
      fullName: "Ana Souza",
      email: `ana.${unique()}@example.com`,
      consentVersion: "test",
      ...input,
    }),
  );
  notifyMailQueued();
  return id;
}

/** A row's values; a column may also be SQL (a time stamp to the microsecond). */
type ApplicationRow = PgInsertValue<typeof submissions>;

/**
 * Application rows written as given (any status, any date), without history or mail: for
 * lists, counts and screens that read them. The normalised address follows the address unless
 * given. Returns their ids and addresses, in order.
 */
export async function insertApplicationRows(db: Database, rows: Partial<ApplicationRow>[]) {
  if (rows.length === 0) return [];
  return db
    .insert(submissions)
    .values(
      rows.map((row) => {
        const email = row.email ?? `ana.${unique()}@example.com`;
        return {
          source: "form" as const,
          language: "pt",
          fullName: "Ana Souza",
          emailNormalized: typeof email === "string" ? email.toLowerCase() : email,
          consentVersion: "test",
          consentedAt: new Date(),
          ...row,
          email,
        };
      }),
    )
    .returning({ id: submissions.id, email: submissions.email });
}

/** One application row as given (insertApplicationRows); returns its id. */
export async function insertApplicationRow(db: Database, row: Partial<ApplicationRow> = {}) {
  const [inserted] = await insertApplicationRows(db, [row]);
  return inserted!.id;
}

/**
 * An account (a user row, a model unless the role is given), without a password: tests that
 * sign in make theirs through Better Auth (app/test/accounts.server.ts). Returns its id.
 */
export async function insertAccount(db: Database, input: Partial<typeof user.$inferInsert> = {}) {
  const id = input.id ?? `user-${unique()}`;
  await db.insert(user).values({
    name: "Ana Souza",
    email: `${id}@example.com`,
    ...input,
    id,
  });
  return id;
}

/**
 * An affiliate with her referral code; her account is made too (role affiliate) unless
 * `userId` names one. Returns the affiliate's id, her account's and the code.
 */
export async function insertAffiliate(
  db: Database,
  input: Partial<typeof affiliates.$inferInsert> & { name?: string; email?: string } = {},
) {
  const { name, email, ...row } = input;
  const userId =
    row.userId ??
    (await insertAccount(db, {
      role: "affiliate",
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
    }));
  const referralCode = row.referralCode ?? `REF-${unique().toUpperCase()}`;
  const [inserted] = await db
    .insert(affiliates)
    .values({ promotion: "Instagram", ...row, userId, referralCode })
    .returning({ id: affiliates.id });
  return { id: inserted!.id, userId, referralCode };
}

/** The agency's own text for one mail in one language (what /admin/email saves). */
export async function insertMailTemplate(db: Database, input: typeof mailTemplates.$inferInsert) {
  await db.insert(mailTemplates).values(input);
}
