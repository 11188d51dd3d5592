import { randomBytes } from "node:crypto";
import { tagColours } from "#app/db/tag-colours.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuth } from "#app/auth/auth.server.ts";
import { createAffiliate } from "#app/auth/affiliate-account.server.ts";
import { reachMilestone } from "#app/features/affiliates/commissions.server.ts";
import { recordManualEntry, voidEntry } from "#app/features/affiliates/entries.server.ts";
import { saveRule } from "#app/features/affiliates/rules.server.ts";
import { insertApplication } from "#app/test/factories.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import { TEST_ORIGIN, TEST_SERVER_SETTINGS } from "#app/test/app-database.ts";
import { emptyDatabase, hasPostgres, type DatabaseCopy } from "#app/test/databases.ts";
import { decrypt, encrypt } from "#app/utils/encryption.server.ts";
import { closeDatabase, getDatabase, openDatabase } from "./db.server.ts";
import {
  ExportError,
  exportToPostgres,
  parentsFirst,
  redactUrl,
} from "./export-to-postgres.server.ts";
import * as schema from "./schema.server.ts";

/**
 * The way from PGlite to PostgreSQL: a realistic embedded database, made through the app's own
 * code where it has a path for it, is exported into a new PostgreSQL database, which the app then
 * opens and uses: the same rows, the same password signs in, documents decrypt, new rows insert.
 */

const schemaTables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort();

describe("the order of the copy", () => {
  it("puts every table after the tables it references", () => {
    const order = parentsFirst(
      ["session", "user", "affiliate_entries", "affiliates", "settings"],
      [
        { child: "session", parent: "user" },
        { child: "affiliates", parent: "user" },
        { child: "affiliate_entries", parent: "affiliates" },
        { child: "user", parent: "user" },
      ],
    );
    expect(order.indexOf("user")).toBeLessThan(order.indexOf("session"));
    expect(order.indexOf("user")).toBeLessThan(order.indexOf("affiliates"));
    expect(order.indexOf("affiliates")).toBeLessThan(order.indexOf("affiliate_entries"));
    expect([...order].sort()).toEqual([
      "affiliate_entries",
      "affiliates",
      "session",
      "settings",
      "user",
    ]);
  });

  it("names a cycle instead of looping", () => {
    expect(() =>
      parentsFirst(
        ["a", "b"],
        [
          { child: "a", parent: "b" },
          { child: "b", parent: "a" },
        ],
      ),
    ).toThrow(ExportError);
  });

  it("hides the password of a connection string in messages", () => {
    expect(redactUrl("postgres://mare:secret@db.example:5432/mare")).toBe(
      "postgres://mare:***@db.example:5432/mare",
    );
  });
});

const KEY = randomBytes(32).toString("hex");
const PASSWORD = "a-senha-que-atravessa-2026!";

/** Every row of a table as text, in a fixed order: what "the same rows" means here. */
async function rowsOf(query: (text: string) => Promise<{ rows: unknown[] }>, table: string) {
  const { rows } = await query(`select t::text as row from "${table}" t order by t::text`);
  return rows.map((row) => (row as { row: string }).row);
}

describe.skipIf(!hasPostgres)(
  "export of the embedded database to PostgreSQL",
  { timeout: 120_000 },
  () => {
    let dataDir: string;
    let targetUrl: string;
    let targetDatabase: DatabaseCopy;
    const seeded: { modelId?: string; submissionId?: number; document: string } = {
      document: "AB1234567",
    };

    function useEnvironment(databaseUrl: string) {
      vi.stubEnv("DATABASE_URL", databaseUrl);
      vi.stubEnv("DATA_DIR", dataDir);
      vi.stubEnv("DATA_ENCRYPTION_KEY", KEY);
      vi.stubEnv("BETTER_AUTH_SECRET", "segredo-de-teste-com-mais-de-trinta-e-dois-caracteres");
      for (const [name, value] of Object.entries(TEST_SERVER_SETTINGS)) vi.stubEnv(name, value);
    }

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "mare-export-"));
      // Empty: the export applies the migrations to it.
      targetDatabase = await emptyDatabase("postgres");
      targetUrl = targetDatabase.url!;

      // The embedded database, filled the way the app fills it.
      await closeDatabase();
      useEnvironment("");
      const db = await getDatabase();
      const model = await signedInAccount({
        email: "modelo@example.com",
        name: "Maria Modelo",
        role: "model",
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      seeded.modelId = model.id;
      const affiliateAccount = await signedInAccount({
        email: "afiliada@example.com",
        name: "Ana Afiliada",
        role: "affiliate",
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      const affiliate = await createAffiliate(db, {
        userId: affiliateAccount.id,
        promotion: "Instagram e indicações",
      });
      const submission = await insertApplication(db, {
        source: "chatbot",
        language: "pt",
        fullName: "Beatriz Souza",
        email: "beatriz@example.com",
        dateOfBirth: "2001-04-05",
        phone: "+5548988887777",
        country: "BR",
        city: "Florianópolis",
        document: seeded.document,
        referralCode: affiliate.referralCode,
        consentVersion: "2026-11",
      });
      seeded.submissionId = submission;
      const actor = { id: model.id, ip: "127.0.0.1" };
      // The program's rule, her override, and a milestone her referral reached (issue 31).
      await saveRule(db, {
        affiliateId: null,
        rule: {
          milestone: "approved",
          fixedCents: 15_000,
          shareBasisPoints: null,
          shareMonths: null,
        },
        actor,
      });
      await saveRule(db, {
        affiliateId: affiliate.id,
        rule: {
          milestone: "approved",
          fixedCents: 20_000,
          shareBasisPoints: 1_000,
          shareMonths: 6,
        },
        actor,
      });
      await db.transaction((tx) =>
        reachMilestone(tx, { submissionId: submission, milestone: "approved" }),
      );
      await recordManualEntry(db, {
        affiliateId: affiliate.id,
        amountCents: 15_000,
        occurredOn: "2026-05-10",
        reason: "Primeira indicação",
        actor,
      });
      await recordManualEntry(db, {
        affiliateId: affiliate.id,
        amountCents: -999,
        occurredOn: "2026-05-11",
        reason: "Correção",
        actor,
      });
      const [wrong] = await db
        .select({ id: schema.affiliateEntries.id })
        .from(schema.affiliateEntries)
        .where(eq(schema.affiliateEntries.amountCents, -999));
      await voidEntry(db, {
        affiliateId: affiliate.id,
        entryId: wrong!.id,
        reason: "Engano",
        actor,
      });
      // Her payout details, a change waiting for her link, and a paid batch that took her
      // first entry (issue 31), written as the app writes them (details encrypted).
      const sealed = encrypt(
        '{"method":"pix","keyType":"email","key":"a@b.c"}',
        Buffer.from(KEY, "hex"),
      );
      await db.insert(schema.affiliatePayoutDetails).values({
        affiliateId: affiliate.id,
        method: "pix",
        detailsEncrypted: sealed,
        hint: "PIX · a•••@b•••.c",
      });
      await db.insert(schema.affiliatePayoutDetailChanges).values({
        affiliateId: affiliate.id,
        method: "pix",
        detailsEncrypted: sealed,
        hint: "PIX · a•••@b•••.c",
        tokenSha256: "0".repeat(64),
        expiresAt: new Date("2026-05-12T10:00:00Z"),
      });
      const [batch] = await db
        .insert(schema.affiliatePayoutBatches)
        .values({ state: "paid", createdBy: model.id, paidAt: new Date(), reference: "LOTE-1" })
        .returning({ id: schema.affiliatePayoutBatches.id });
      const [payout] = await db
        .insert(schema.affiliatePayouts)
        .values({
          batchId: batch!.id,
          affiliateId: affiliate.id,
          amountCents: 15_000,
          method: "pix",
          detailsEncrypted: sealed,
          hint: "PIX · a•••@b•••.c",
        })
        .returning({ id: schema.affiliatePayouts.id });
      await db
        .update(schema.affiliateEntries)
        .set({ payoutId: payout!.id })
        .where(eq(schema.affiliateEntries.amountCents, 15_000));
      // What has no path of its own in a unit test is written as the app writes it.
      await db.insert(schema.settings).values({
        key: "smtp",
        value: {
          host: "smtp.example.com",
          passwordEncrypted: encrypt("smtp-secret", Buffer.from(KEY, "hex")),
        },
        updatedBy: model.id,
      });
      const [reason] = await db
        .insert(schema.rejectionReasons)
        .values({ label: "Fotos desfocadas", position: 1 })
        .returning();
      await db.insert(schema.mailTemplates).values({
        template: `rejected:${reason!.id}`,
        language: "pt",
        subject: "Sua candidatura",
        body: "Olá {nome}, obrigada — “aspas” e emoji 🌊.",
      });
      await db
        .insert(schema.dailyCounts)
        .values({ day: "2026-05-10", event: "page_view", dimension: "home", count: 42 });
      await db
        .insert(schema.referralClicks)
        .values({ affiliateId: affiliate.id, day: "2026-05-10", clicks: 3 });
      // An array column, copied as such.
      await db.insert(schema.referralClickVisitors).values({
        affiliateId: affiliate.id,
        day: "2026-05-10",
        address: "hash-of-an-address",
        visitors: ["hash-of-one-visitor", "hash-of-another"],
      });
      await db.insert(schema.privacyRequests).values({
        kind: "export",
        email: "beatriz@example.com",
        language: "pt",
        tokenHash: randomBytes(32).toString("hex"),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      await db.insert(schema.twoFactor).values({
        id: "tf-1",
        secret: "encrypted-secret",
        backupCodes: "encrypted-codes",
        userId: affiliateAccount.id,
      });
      // The team's private note on an application, and whom it mentions (issue 28).
      const [note] = await db
        .insert(schema.submissionNotes)
        .values({
          submissionId: submission,
          authorId: affiliateAccount.id,
          body: "nota <b>privada</b>",
        })
        .returning({ id: schema.submissionNotes.id });
      await db
        .insert(schema.submissionNoteMentions)
        .values({ noteId: note!.id, userId: model.id, current: false });
      // The team's tag on it, a rating and a saved view (issue 28).
      const [tag] = await db
        .insert(schema.tags)
        .values({ name: "Promissora", colour: tagColours[0] })
        .returning({ id: schema.tags.id });
      await db
        .insert(schema.submissionTags)
        .values({ submissionId: submission, tagId: tag!.id, addedBy: affiliateAccount.id });
      await db
        .insert(schema.submissionRatings)
        .values({ submissionId: submission, userId: affiliateAccount.id, stars: 4 });
      await db.insert(schema.savedViews).values({
        userId: affiliateAccount.id,
        name: "Minhas",
        href: "/admin/pendentes?owner=me",
      });
      // A reviewer's choice of alerts, with the day of her last digest.
      await db.insert(schema.staffAlertPreferences).values({
        userId: affiliateAccount.id,
        mode: "instant",
        digestHour: 7,
        digestSentOn: "2026-11-26",
        digestSentAt: new Date("2026-11-26T10:00:00Z"),
      });
      await db.insert(schema.verification).values({
        id: "v-1",
        identifier: "reset-password:token",
        value: model.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await db
        .insert(schema.rateLimits)
        .values({ key: "test:127.0.0.1", count: 2 })
        .onConflictDoNothing();
      await db.insert(schema.authEvents).values({ kind: "sign-in-failed", method: "password" });
      // An applicant's photo: its encrypted bytes copied byte for byte.
      await db.insert(schema.submissionPhotos).values({
        submissionId: submission,
        position: 1,
        width: 2,
        height: 3,
        large: Buffer.from([1, 0, 255, 7]),
        thumb: Buffer.from([1, 2]),
      });
      // A team member (JSON roles in six languages), without a photo.
      await db.insert(schema.teamMembers).values({
        position: 1,
        name: "Ana Lúcia",
        roles: {
          pt: "Gerente",
          es: "Gerente",
          en: "Manager",
          it: "Manager",
          de: "Managerin",
          sv: "Chef",
        },
        updatedBy: model.id,
      });
      // After approval (issue 29): her manager's profile and hours, her onboarding step (the
      // steps come with migration 0033), its history and a note on it, and a booked call.
      await db.insert(schema.staffProfiles).values({
        userId: model.id,
        displayName: "Ana",
        introduction: { pt: "Olá", en: "Hello" },
      });
      await db
        .insert(schema.staffAvailability)
        .values({ userId: model.id, weekday: 1, startMinute: 540, endMinute: 720 });
      await db.insert(schema.staffDaysOff).values({ userId: model.id, day: "2026-12-24" });
      const [step] = await db
        .select({ id: schema.onboardingSteps.id })
        .from(schema.onboardingSteps)
        .limit(1);
      await db.insert(schema.submissionOnboardingSteps).values({
        submissionId: submission,
        stepId: step!.id,
        position: 1,
        ownerId: model.id,
        dueOn: "2026-06-01",
      });
      await db.insert(schema.onboardingEvents).values({
        submissionId: submission,
        stepId: step!.id,
        action: "owner",
        actorId: model.id,
        detail: model.id,
      });
      await db.insert(schema.welcomeCalls).values({
        uid: "call-1@mare.test",
        submissionId: submission,
        managerId: model.id,
        startsAt: new Date("2026-06-02T13:00:00Z"),
        endsAt: new Date("2026-06-02T13:30:00Z"),
        timeZone: "Europe/Lisbon",
        reminderMailIds: [1, 2],
      });
      // Her contract (issue 30): a published template and the contract signed from it.
      const [template] = await db
        .insert(schema.contractTemplates)
        .values({
          language: "pt",
          version: 1,
          title: "Contrato — “aspas” 🌊",
          body: "## Objeto\n\n- {{legal_name}}",
          updatedBy: model.id,
          publishedAt: new Date("2026-06-01T12:00:00Z"),
        })
        .returning({ id: schema.contractTemplates.id });
      const [contract] = await db
        .insert(schema.modelContracts)
        .values({
          submissionId: submission,
          templateId: template!.id,
          state: "signed",
          agencyShareBasisPoints: 3333,
          startsOn: "2026-06-03",
          language: "pt",
          text: "## Objeto\n\n- Ana Lúcia",
          textSha256: "0".repeat(64),
          offeredBy: model.id,
          signedName: "Ana Lúcia",
          signedAt: new Date("2026-06-02T14:00:00Z"),
          signedIp: "203.0.113.9",
          signedUserAgent: "Mozilla/5.0",
          signedWith: "password",
        })
        .returning({ id: schema.modelContracts.id });
      // Her monthly statement (issue 30): from the contract she signed, with a correction line.
      const [statement] = await db
        .insert(schema.statements)
        .values({
          submissionId: submission,
          month: "2026-05-01",
          contractId: contract!.id,
          agencyShareBasisPoints: 3333,
          state: "published",
          publishedAt: new Date(),
        })
        .returning({ id: schema.statements.id });
      await db.insert(schema.statementLines).values([
        { statementId: statement!.id, platform: "OnlyFans", grossCents: 123_456 },
        {
          statementId: statement!.id,
          kind: "correction",
          platform: "OnlyFans",
          grossCents: -456,
          reason: "Estorno",
        },
      ]);
      // Her identity check, confirmed (issue 30), and a photo of it (encrypted bytes).
      const [identityCheck] = await db
        .insert(schema.identityChecks)
        .values({
          submissionId: submission,
          documentType: "passport",
          state: "confirmed",
          reviewedBy: model.id,
          reviewedAt: new Date("2026-06-03T10:00:00Z"),
          confirmedType: "passport",
          lastDigitsMatch: true,
          bornOn: "2000-01-31",
        })
        .returning({ id: schema.identityChecks.id });
      await db.insert(schema.identityImages).values({
        checkId: identityCheck!.id,
        side: "front",
        width: 2,
        height: 1,
        bytes: Buffer.from([0, 1, 2, 255]),
      });
      // The articles come with migration 0012; an old address and a revision of one of them.
      const [article] = await db
        .select({ postId: schema.blogTranslations.postId, body: schema.blogTranslations.body })
        .from(schema.blogTranslations)
        .limit(1);
      await db
        .insert(schema.blogSlugRedirects)
        .values({ language: "pt", slug: "endereco-antigo", postId: article!.postId });
      await db.insert(schema.blogRevisions).values({
        postId: article!.postId,
        language: "pt",
        savedBy: model.id,
        fields: {
          slug: "endereco-antigo",
          title: "Título — “aspas” 🌊",
          seoTitle: "",
          category: "",
          excerpt: "",
          description: "",
          body: article!.body,
          coverImageId: null,
          coverAlt: "",
        },
      });
      // The FAQ comes with migration 0012 too: a translation linked to its Portuguese source
      // (a row pointing to another row of its table), and a revision of it.
      const faqRows = await db
        .select({ id: schema.homeItems.id, language: schema.homeItems.language })
        .from(schema.homeItems)
        .where(sql`${schema.homeItems.kind} = 'faq'`)
        .orderBy(sql`${schema.homeItems.id} desc`);
      const ptFaq = faqRows.find((row) => row.language === "pt")!;
      const enFaq = faqRows.find((row) => row.language === "en")!;
      await db
        .update(schema.homeItems)
        .set({ sourceId: ptFaq.id, sourceVersion: 1 })
        .where(sql`${schema.homeItems.id} = ${enFaq.id}`);
      await db.insert(schema.homeItemRevisions).values({
        itemId: enFaq.id,
        savedBy: model.id,
        fields: { title: "Quanto — “custa”? 🌊", subtitle: "", body: "Nada." },
      });
      // A timestamp with microseconds, which a copy through JavaScript dates would round.
      await db.execute(
        sql`update submissions set updated_at = '2026-05-10 12:34:56.789123+00' where id = ${submission}`,
      );
      await closeDatabase();
    });

    afterAll(async () => {
      await closeDatabase();
      vi.unstubAllEnvs();
      await targetDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("has seeded every table of the schema, so that none goes uncopied unnoticed", async () => {
      const source = openDatabase({ dataDir });
      try {
        const empty: string[] = [];
        for (const table of schemaTables) {
          const { rows } = await source.pglite!.query<{ n: number }>(
            `select count(*)::int as n from "${table}"`,
          );
          if (rows[0]!.n === 0) empty.push(table);
        }
        // A new table needs a row in this test's seed: then its copy is checked below.
        expect(empty).toEqual([]);
      } finally {
        await source.close();
      }
    });

    it("refuses to leave anything behind when the copy fails half-way", async () => {
      let tables = 0;
      await expect(
        exportToPostgres({
          dataDir,
          url: targetUrl,
          batchSize: 1,
          progress: () => {
            if (++tables === 5) throw new Error("the connection broke");
          },
        }),
      ).rejects.toThrow("the connection broke");
      const target = new pg.Client({ connectionString: targetUrl });
      await target.connect();
      try {
        // Only what its migrations wrote: the site's first articles, FAQ and testimonials.
        const filledByMigrations: Record<string, number> = {
          blog_posts: 4,
          home_items: 54,
          onboarding_steps: 5,
        };
        for (const table of schemaTables) {
          const { rows } = await target.query(`select count(*)::int as n from "${table}"`);
          if (["blog_translations", "images", "image_variants"].includes(table)) continue;
          expect({ table, rows: rows[0].n }).toEqual({
            table,
            rows: filledByMigrations[table] ?? 0,
          });
        }
      } finally {
        await target.end();
      }
    });

    it("copies every table, row for row, in one go", async () => {
      const reported: string[] = [];
      const result = await exportToPostgres({
        dataDir,
        url: targetUrl,
        batchSize: 2,
        progress: ({ table }) => reported.push(table),
      });
      expect(result.tables.map((t) => t.table).sort()).toEqual(schemaTables);
      expect(reported.indexOf("user")).toBeLessThan(reported.indexOf("session"));
      expect(reported.indexOf("affiliates")).toBeLessThan(reported.indexOf("submissions"));

      const source = openDatabase({ dataDir });
      const target = new pg.Client({ connectionString: targetUrl });
      await target.connect();
      try {
        for (const { table, rows } of result.tables) {
          const here = await rowsOf((text) => source.pglite!.query(text), table);
          const there = await rowsOf((text) => target.query(text), table);
          expect(rows).toBe(here.length);
          expect({ table, rows: there }).toEqual({ table, rows: here });
        }
        const { rows } = await target.query(
          "select updated_at::text as at from submissions where id = $1",
          [seeded.submissionId],
        );
        expect(rows[0].at).toBe("2026-05-10 12:34:56.789123+00");
      } finally {
        await target.end();
        await source.close();
      }
    });

    it("refuses a PostgreSQL database that already holds data, unless told to replace it", async () => {
      await expect(exportToPostgres({ dataDir, url: targetUrl })).rejects.toThrow(
        /already holds data \(in .*submissions/,
      );
      const again = await exportToPostgres({ dataDir, url: targetUrl, replace: true });
      expect(again.replaced).toBe(true);
      expect(again.tables.find((t) => t.table === "submissions")?.rows).toBe(1);
    });

    it("gives the app a PostgreSQL database it can use at once", async () => {
      await closeDatabase();
      useEnvironment(targetUrl);
      const db = await getDatabase();

      // The same password signs in: the hash came over.
      const auth = await getAuth();
      const signedIn = await auth.api.signInEmail({
        body: { email: "modelo@example.com", password: PASSWORD },
        headers: { origin: TEST_ORIGIN },
        asResponse: true,
      });
      expect(signedIn.status).toBe(200);

      // Her document decrypts with the same key; the counts follow the copied rows.
      const [stored] = await db
        .select()
        .from(schema.submissions)
        .where(eq(schema.submissions.id, seeded.submissionId!));
      expect(decrypt(stored!.documentEncrypted!, Buffer.from(KEY, "hex"))).toBe(seeded.document);
      expect(stored!.affiliateId).not.toBeNull();
      expect(await db.select().from(schema.submissionStatusCounts)).toEqual([
        { status: "Pendente", count: 1 },
      ]);

      // New rows take ids after the copied ones, and the counting trigger works again.
      const next = await insertApplication(db, {
        source: "form",
        language: "en",
        fullName: "Carla Nova",
        email: "carla@example.com",
        age: 22,
        consentVersion: "2026-11",
      });
      expect(next).toBeGreaterThan(seeded.submissionId!);
      expect(await db.select().from(schema.submissionStatusCounts)).toEqual([
        { status: "Pendente", count: 2 },
      ]);
      const [reason] = await db
        .insert(schema.rejectionReasons)
        .values({ label: "Outra" })
        .returning();
      expect(reason!.id).toBe(2);
      await closeDatabase();
    });
  },
);
