import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, type Database } from "#app/db/db.server.ts";
import {
  accessLog,
  account,
  outbox,
  privacyRequests,
  rateLimits,
  session,
  settings,
  submissions,
  submissionStatusHistory,
  twoFactor,
  user,
  verification,
} from "#app/db/schema.server.ts";
import { insertAccount, insertApplication, insertApplicationRow } from "#app/test/factories.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import * as confirmPage from "#app/routes/_marketing/privacy-confirm.tsx";
import * as privacyData from "#app/routes/_marketing/privacy-data.ts";
import * as requestPage from "#app/routes/_marketing/privacy-request.tsx";
import * as accountData from "#app/routes/account/data-json.ts";
import * as accountPrivacy from "#app/routes/account/privacy.ts";
import * as adminPrivacy from "#app/routes/admin/privacy.tsx";
import * as submissionData from "#app/routes/admin/submission-data.ts";
import * as submissionErase from "#app/routes/admin/submission-erase.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { collectPersonalData, holdsDataFor, type PersonalData } from "./data-export.server.ts";
import { erasePerson } from "./erasure.server.ts";
import {
  confirmErasure,
  confirmExport,
  createPrivacyRequest,
  hashToken,
  openRequest,
  privacyRequestsSettled,
  requestByAddress,
} from "./requests.server.ts";
import {
  lastRetentionRun,
  readRetention,
  RETENTION_KEY,
  RETENTION_RUN_KEY,
  runRetention,
  saveRetention,
  startRetentionJob,
} from "./retention.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Privacy rights on PGlite and (with TEST_DATABASE_URL) PostgreSQL: what an export holds
 * and leaves out, what an erasure leaves behind (every column checked), single-use expiring
 * links, and the retention run, once even when two race.
 */

/** The columns an erasure keeps, so the counts stay true; every other one must be blank. */
const keptColumns = new Set([
  "id",
  "createdAt",
  "updatedAt",
  "status",
  "source",
  "language",
  "affiliateId",
  "selfReferralAffiliateId",
  "consentVersion",
  "consentedAt",
  "erasedAt",
  // When she was first answered: a date like `createdAt`, kept so time to decision stays true.
  "firstDecidedAt",
]);

describe.each(databaseTargets)("privacy on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const address = (name: string) => `${name}.${marker}@example.com`;
  const staffId = `approver-${marker}`;
  const adminId = `admin-${marker}`;
  const created: number[] = [];
  let db: Database;

  async function apply(
    email: string,
    extra: Partial<Parameters<typeof insertApplication>[1]> = {},
  ) {
    const id = await insertApplication(db, {
      source: "form",
      language: "pt",
      fullName: "Ana Beatriz Souza",
      email,
      age: 24,
      whatsapp: "+5548999990000",
      instagram: "@ana.souza",
      experience: "beginner",
      message: "Quero trabalhar com a agência.",
      document: "12345678",
      referralCode: "REF123",
      consentVersion: "2026-01",
      ...extra,
    });
    created.push(id);
    return id;
  }

  /** A model account with every kind of row Better Auth keeps for her. */
  async function modelAccount(email: string) {
    const id = `model-${marker}-${randomBytes(3).toString("hex")}`;
    await insertAccount(db, {
      id,
      name: "Ana Beatriz Souza",
      email,
      emailVerified: true,
      role: "model",
      language: "pt",
      whatsapp: "+5548999990000",
      instagram: "@ana.souza",
      twoFactorEnabled: true,
    });
    await db.insert(account).values({
      id: `acc-${id}`,
      accountId: id,
      providerId: "credential",
      userId: id,
      password: `scrypt-hash-${marker}`,
    });
    await db.insert(session).values({
      id: `ses-${id}`,
      token: `session-token-${marker}-${id}`,
      userId: id,
      expiresAt: new Date(Date.now() + 86_400_000),
      ipAddress: "203.0.113.9",
    });
    await db.insert(twoFactor).values({
      id: `tf-${id}`,
      secret: `totp-secret-${marker}`,
      backupCodes: `backup-codes-${marker}`,
      userId: id,
    });
    await db.insert(verification).values({
      id: `ver-${id}`,
      identifier: `reset-password:reset-${marker}`,
      value: id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return id;
  }

  beforeAll(async () => {
    db = await openAppDatabase(kind, {
      ADMIN_EMAIL: "",
      PUBLIC_ORIGIN: "http://mare.example",
    });
    await insertAccount(db, {
      id: staffId,
      name: `Reviewer ${marker}`,
      email: address("reviewer"),
      role: "approver",
    });
    await insertAccount(db, {
      id: adminId,
      name: `Admin ${marker}`,
      email: address("admin"),
      role: "admin",
    });
  }, paced(60_000));

  afterAll(async () => {
    const addresses = like(outbox.recipient, `%${marker}%`);
    await db.delete(outbox).where(addresses);
    await db
      .delete(submissions)
      .where(
        or(
          like(submissions.emailNormalized, `%${marker}%`),
          created.length ? inArray(submissions.id, created) : sql`false`,
        ),
      );
    await db.delete(privacyRequests).where(like(privacyRequests.email, `%${marker}%`));
    await db.delete(accessLog).where(
      or(
        inArray(accessLog.actorId, [staffId, adminId]),
        created.length
          ? inArray(
              accessLog.subject,
              created.map((id) => `submission:${id}`),
            )
          : sql`false`,
      ),
    );
    await db.delete(user).where(like(user.email, `%${marker}%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `%${marker}%`));
    await closeAppDatabase();
  });

  describe("export", () => {
    it("holds everything of hers and nothing of anyone with a similar address", async () => {
      const ana = address("ana");
      const first = await apply(ana);
      const second = await apply(ana.toUpperCase().replace("EXAMPLE.COM", "Example.com"), {
        source: "chatbot",
        age: undefined,
        dateOfBirth: "2000-02-29",
        phone: "+5548988887777",
        country: "BR",
        city: "Florianópolis",
        document: "AB987654",
      });
      // Addresses that look like hers but are someone else's.
      const others = [
        await apply(`x${ana}`, { fullName: "Xana Other" }),
        await apply(`${ana}.br`, { fullName: "Ana Brazil Other" }),
        await apply(ana.replace("@", "+1@"), { fullName: "Ana Plus Other" }),
      ];
      await changeStatus(db, {
        submissionId: first,
        from: "Pendente",
        to: "Reprovado",
        note: "Fotos fora de foco.",
        actor: { id: staffId, role: "approver" },
      });
      const modelId = await modelAccount(ana);

      const found = await collectPersonalData(db, `  ${ana.toUpperCase()} `, {
        includeDocument: true,
      });
      expect(found.email).toBe(ana);
      expect(found.applications.map((a) => a.id)).toEqual([first, second]);
      const [a1, a2] = found.applications;
      expect(a1).toMatchObject({
        fullName: "Ana Beatriz Souza",
        age: 24,
        whatsapp: "+5548999990000",
        instagram: "@ana.souza",
        experience: "beginner",
        message: "Quero trabalhar com a agência.",
        documentNumber: "12345678",
        documentLastDigits: "5678",
        referralCode: "REF123",
        consent: { version: "2026-01/pt" },
        status: "Reprovado",
      });
      expect(a1!.history).toMatchObject([
        { from: null, to: "Pendente", by: "applicant", note: null },
        { from: "Pendente", to: "Reprovado", by: "approver", note: "Fotos fora de foco." },
      ]);
      expect(a2).toMatchObject({
        source: "chatbot",
        dateOfBirth: "2000-02-29",
        phone: "+5548988887777",
        country: "BR",
        city: "Florianópolis",
        documentNumber: "AB987654",
      });
      expect(found.account).toMatchObject({
        name: "Ana Beatriz Souza",
        email: ana,
        role: "model",
        language: "pt",
        whatsapp: "+5548999990000",
        instagram: "@ana.souza",
        twoFactorEnabled: true,
        signInMethods: [{ method: "password" }],
      });
      expect(found.emails.map((mail) => mail.kind)).toEqual([
        "confirmation",
        "confirmation",
        "rejected",
      ]);

      const text = JSON.stringify(found);
      for (const secret of [
        `scrypt-hash-${marker}`,
        `session-token-${marker}`,
        `totp-secret-${marker}`,
        `backup-codes-${marker}`,
        `reset-${marker}`,
        staffId,
        `Reviewer ${marker}`,
        modelId,
        "Other",
        `x${ana}`,
        `${ana}.br`,
      ]) {
        expect(text, secret).not.toContain(secret);
      }
      for (const id of others) expect(found.applications.some((a) => a.id === id)).toBe(false);

      // The admin's copy: the document by its last digits only.
      const forStaff = await collectPersonalData(db, ana, { includeDocument: false });
      expect(forStaff.applications.map((a) => a.documentNumber)).toEqual([null, null]);
      expect(forStaff.applications.map((a) => a.documentLastDigits)).toEqual(["5678", "7654"]);
    });
  });

  describe("erasure", () => {
    it("leaves no personal field, no readable document, no account and no session", async () => {
      const bia = address("bia");
      const ids = [await apply(bia), await apply(bia, { document: "99887766" })];
      await changeStatus(db, {
        submissionId: ids[0]!,
        from: "Pendente",
        to: "Aprovado",
        note: "Bia tem ótimo perfil.",
        actor: { id: staffId, role: "approver" },
      });
      const neighbour = await apply(`${bia}.br`, { fullName: "Neighbour Souza" });
      const modelId = await modelAccount(bia);
      const statusesBefore = await db
        .select({ id: submissions.id, status: submissions.status, source: submissions.source })
        .from(submissions)
        .where(inArray(submissions.id, ids))
        .orderBy(submissions.id);

      const result = await erasePerson(db, {
        email: bia,
        by: { kind: "admin", id: adminId, ip: "203.0.113.1" },
      });
      expect(result).toEqual({ applications: ids, account: "deleted" });

      const rows = await db.select().from(submissions).where(inArray(submissions.id, ids));
      const key = getEncryptionKey().key;
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (keptColumns.has(column)) continue;
          if (column === "emailNormalized") {
            expect(value).toBe(`erased:${row.id}`);
          } else {
            expect([null, ""], `${column} of ${row.id}`).toContain(value);
          }
          // No column, whatever it holds, decrypts to anything.
          if (typeof value === "string" && value) {
            expect(() => decrypt(value, key)).toThrow();
          }
        }
        expect(row.erasedAt).toBeInstanceOf(Date);
        const whole = JSON.stringify(row);
        for (const trace of ["Bia", "bia", "Souza", "12345678", "99887766", "REF123"]) {
          expect(whole, trace).not.toContain(trace);
        }
      }
      // The counts stay true: same rows, same statuses, same sources.
      expect(
        rows.map(({ id, status, source }) => ({ id, status, source })).sort((a, b) => a.id - b.id),
      ).toEqual(statusesBefore);

      const history = await db
        .select()
        .from(submissionStatusHistory)
        .where(inArray(submissionStatusHistory.submissionId, ids));
      expect(history.length).toBe(3);
      expect(history.every((entry) => entry.note === null)).toBe(true);
      const logs = await db
        .select()
        .from(accessLog)
        .where(
          inArray(
            accessLog.subject,
            ids.map((id) => `submission:${id}`),
          ),
        );
      expect(JSON.stringify(logs)).not.toContain("Bia tem ótimo perfil.");
      const erasure = logs.find((entry) => entry.action === "privacy.erase");
      expect(erasure).toMatchObject({
        actorId: adminId,
        details: { by: "admin", applications: 2, account: "deleted" },
      });
      expect(JSON.stringify(erasure)).not.toContain(bia);

      // Her account and everything hanging from it are gone.
      expect(await db.select().from(user).where(eq(user.id, modelId))).toEqual([]);
      expect(await db.select().from(session).where(eq(session.userId, modelId))).toEqual([]);
      expect(await db.select().from(account).where(eq(account.userId, modelId))).toEqual([]);
      expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, modelId))).toEqual([]);
      expect(await db.select().from(verification).where(eq(verification.value, modelId))).toEqual(
        [],
      );
      // The mails that named her are gone too; nothing is held about the address any more.
      expect(
        await db
          .select()
          .from(outbox)
          .where(sql`lower(${outbox.recipient}) = ${bia}`),
      ).toEqual([]);
      expect(await holdsDataFor(db, bia)).toBe(false);

      // Her neighbour is untouched, and nothing more happens a second time.
      const [other] = await db.select().from(submissions).where(eq(submissions.id, neighbour));
      expect(other).toMatchObject({ fullName: "Neighbour Souza", erasedAt: null });
      expect(await erasePerson(db, { email: bia, by: { kind: "subject" } })).toEqual({
        applications: [],
        account: "none",
      });

      // An erased application cannot be decided again (no one to write to).
      expect(
        await changeStatus(db, {
          submissionId: ids[1]!,
          from: "Pendente",
          to: "Aprovado",
          actor: { id: staffId, role: "approver" },
        }),
      ).toEqual({ outcome: "forbidden" });
    });

    it("erases nothing when its claim is refused", async () => {
      const cleo = address("cleo");
      const id = await apply(cleo);
      expect(
        await erasePerson(db, { email: cleo, by: { kind: "subject" }, claim: async () => false }),
      ).toBeNull();
      const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
      expect(row).toMatchObject({ fullName: "Ana Beatriz Souza", erasedAt: null });
    });

    it("keeps an affiliate's or a staff member's account, erasing her applications", async () => {
      const dora = address("dora");
      const id = await apply(dora);
      await insertAccount(db, {
        id: `aff-${marker}`,
        name: "Dora",
        email: dora,
        emailVerified: true,
        role: "affiliate",
      });
      expect(await erasePerson(db, { email: dora, by: { kind: "subject" } })).toEqual({
        applications: [id],
        account: "kept",
      });
      expect(
        await db
          .select()
          .from(user)
          .where(eq(user.id, `aff-${marker}`)),
      ).toHaveLength(1);
    });
  });

  describe("requests confirmed by a mailed link", () => {
    // Mailed links take their origin from PUBLIC_ORIGIN (set in beforeAll), never a request.
    const origin = "http://mare.example";

    it("stores only the token's hash and mails the link in her language", async () => {
      const eva = address("eva");
      await apply(eva);
      const token = await createPrivacyRequest(db, {
        kind: "export",
        email: eva,
        language: "de",
      });
      const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.email, eva));
      expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(23 * 3600_000);
      const [mail] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, eva), eq(outbox.kind, "privacyExport")));
      expect(mail).toMatchObject({
        language: "de",
        subject: "Dein Link zum Herunterladen deiner Daten",
      });
      expect(mail!.text).toContain(`${origin}/privacy/confirm?token=${token}`);
      expect(mail!.text).toContain("Hallo Ana,");
    });

    it("works once, before it expires, and only for its own kind", async () => {
      const fia = address("fia");
      await apply(fia);
      const exportToken = await createPrivacyRequest(db, {
        kind: "export",
        email: fia,
        language: "pt",
      });
      const eraseToken = await createPrivacyRequest(db, {
        kind: "erase",
        email: fia,
        language: "pt",
      });
      expect(await openRequest(db, exportToken)).toMatchObject({ kind: "export" });
      expect(await openRequest(db, "not-a-token")).toBeNull();
      expect(await confirmExport(db, eraseToken)).toBeNull();
      expect(await confirmErasure(db, exportToken)).toBeNull();

      const data = await confirmExport(db, exportToken);
      expect(data?.applications[0]).toMatchObject({ documentNumber: "12345678" });
      expect(await confirmExport(db, exportToken)).toBeNull();
      expect(await openRequest(db, exportToken)).toBeNull();

      await db
        .update(privacyRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(privacyRequests.tokenHash, hashToken(eraseToken)));
      expect(await openRequest(db, eraseToken)).toBeNull();
      expect(await confirmErasure(db, eraseToken)).toBeNull();
      expect(await holdsDataFor(db, fia)).toBe(true);
    });

    it("erases once when the link is confirmed twice at the same moment", async () => {
      const gil = address("gil");
      await apply(gil);
      const token = await createPrivacyRequest(db, {
        kind: "erase",
        email: gil,
        language: "pt",
      });
      const results = await Promise.all([confirmErasure(db, token), confirmErasure(db, token)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await holdsDataFor(db, gil)).toBe(false);
      // The request is kept as a record, under a masked address.
      const [row] = await db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.tokenHash, hashToken(token)));
      expect(row!.email).toBe(`g***@example.com`);
      expect(row!.completedAt).toBeInstanceOf(Date);
    });

    it("mails a link only when something is held about the address", async () => {
      const count = async (email: string) => ({
        requests: (await db.select().from(privacyRequests).where(eq(privacyRequests.email, email)))
          .length,
        mails: (await db.select().from(outbox).where(eq(outbox.recipient, email))).length,
      });
      const unknown = address("nobody");
      await requestByAddress(db, { kind: "erase", email: unknown, language: "en" });
      expect(await count(unknown)).toEqual({ requests: 0, mails: 0 });
      const known = address("hana");
      await apply(known);
      await requestByAddress(db, { kind: "erase", email: known, language: "en" });
      expect(await count(known)).toEqual({ requests: 1, mails: 2 });
    });
  });

  describe("retention", () => {
    // The runs are dated in 2002, so nothing of other tests sharing the database is ever old
    // enough; the claim's row is the job's own.
    const now = new Date("2002-06-01T12:00:00Z");
    const at = (day: string) => new Date(`${day}T12:00:00Z`);

    async function aged(name: string, status: "Pendente" | "Aprovado" | "Reprovado", day: string) {
      const id = await insertApplicationRow(db, {
        fullName: `${name} Retida`,
        email: address(name),
        whatsapp: "+5548911112222",
        consentedAt: at("2000-01-01"),
        createdAt: at("2000-01-01"),
        updatedAt: at(day),
        status,
      });
      created.push(id);
      await db.insert(submissionStatusHistory).values([
        { submissionId: id, toStatus: "Pendente", createdAt: at("2000-01-01") },
        ...(status === "Pendente"
          ? []
          : [
              {
                submissionId: id,
                fromStatus: "Pendente" as const,
                toStatus: status,
                createdAt: at(day),
              },
            ]),
      ]);
      return id;
    }

    const erased = async (id: number) =>
      (await db.select().from(submissions).where(eq(submissions.id, id)))[0]!.erasedAt !== null;

    beforeAll(async () => {
      await db.delete(settings).where(inArray(settings.key, [RETENTION_KEY, RETENTION_RUN_KEY]));
    });
    afterAll(async () => {
      await db.delete(settings).where(inArray(settings.key, [RETENTION_KEY, RETENTION_RUN_KEY]));
    });

    it("erases only rejected applications last changed more than N months ago", async () => {
      expect((await readRetention(db)).months).toBe(12);
      const oldRejected = await aged("old-rejected", "Reprovado", "2001-01-10");
      const recentRejected = await aged("recent-rejected", "Reprovado", "2001-11-15");
      const oldPending = await aged("old-pending", "Pendente", "2000-01-01");
      const oldApproved = await aged("old-approved", "Aprovado", "2001-01-10");

      const result = await runRetention(db, { now });
      expect(result).toMatchObject({ ran: true, months: 12 });
      expect(result.ran && result.erased).toBeGreaterThanOrEqual(1);
      expect(await erased(oldRejected)).toBe(true);
      expect(await erased(recentRejected)).toBe(false);
      expect(await erased(oldPending)).toBe(false);
      expect(await erased(oldApproved)).toBe(false);
      const [row] = await db.select().from(submissions).where(eq(submissions.id, oldRejected));
      expect(row).toMatchObject({ fullName: "", whatsapp: null, status: "Reprovado" });
      expect(await lastRetentionRun(db)).toMatchObject({
        startedAt: now.toISOString(),
        months: 12,
        erased: result.ran ? result.erased : -1,
        // Counters older than a day went too (app/utils/rate-limit.server.test.ts).
        prunedCounters: expect.any(Number),
      });

      // Within the same day it does not run again.
      expect(await runRetention(db, { now: new Date(now.getTime() + 3600_000) })).toEqual({
        ran: false,
      });

      // A shorter period, a day later: the recent rejection is old enough now.
      await saveRetention(db, 6, { id: adminId });
      const [log] = await db
        .select()
        .from(accessLog)
        .where(and(eq(accessLog.actorId, adminId), eq(accessLog.action, "settings.retention")));
      expect(log!.details).toEqual({ from: 12, to: 6 });
      expect(await runRetention(db, { now: new Date(now.getTime() + 86_400_000) })).toMatchObject({
        ran: true,
        months: 6,
      });
      expect(await erased(recentRejected)).toBe(true);
      expect(await erased(oldPending)).toBe(false);
    });

    it("runs once when two instances race for the day's run", async () => {
      await db.delete(settings).where(eq(settings.key, RETENTION_RUN_KEY));
      const runs = await Promise.all([runRetention(db, { now }), runRetention(db, { now })]);
      expect(runs.filter((run) => run.ran)).toHaveLength(1);
    });

    it("erases nothing when switched off", async () => {
      await saveRetention(db, 0, { id: adminId });
      const old = await aged("off-rejected", "Reprovado", "2000-06-01");
      const run = await runRetention(db, { now: new Date("2003-01-01T00:00:00Z"), force: true });
      expect(run).toEqual({ ran: true, months: 0, erased: 0 });
      expect(await erased(old)).toBe(false);
    });

    it("stops cleanly: no further check once stopped", async () => {
      // It runs on the real clock here: switched off, it erases nothing of anyone's.
      await saveRetention(db, 0, { id: adminId });
      let checks = 0;
      const job = startRetentionJob(
        async () => {
          checks++;
          return db;
        },
        { firstCheckMs: 5, checkEveryMs: 20 },
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
      await job.stop();
      const seen = checks;
      expect(seen).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(checks).toBe(seen);
    });
  });
});

/*
 * The routes through their loaders and actions, with real sessions of every role: who may reach
 * what, a model's own data and nothing else whatever she sends, the same answer for known and
 * unknown addresses, the limits, the single-use link, and the admin's export, erasure and
 * retention screen, each logged. In the same file as the modules' tests: both change the
 * retention setting, which files running side by side on one PostgreSQL would share.
 */

describe.each(databaseTargets)("privacy routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  const { ids, cookies, account } = namedAccounts(marker, (who) => `${who} Souza`);
  const applications: Record<string, number> = {};
  let ipCounter = 0;

  /** A client address of its own for each call that should not share a limit with others. */
  const ipBase = randomInt(0, 200);
  const freshIp = () => `198.51.${ipBase + Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  function request(
    path: string,
    {
      who,
      form,
      ip = "203.0.113.40",
      headers = {},
    }: {
      who?: string;
      form?: Record<string, string>;
      ip?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": ip,
        "accept-language": "en",
        ...(who ? { cookie: cookies[who]! } : {}),
        ...headers,
      },
    });
  }

  async function apply(who: string, document = "55443322") {
    const id = await insertApplication(await getDatabase(), {
      source: "form",
      language: "pt",
      fullName: `${who} Souza`,
      email: email(who),
      age: 25,
      whatsapp: "+5548999990001",
      instagram: `@${who}`,
      experience: "beginner",
      message: "Mensagem de teste.",
      document,
      consentVersion: "2026-01",
    });
    applications[who] = id;
    return id;
  }

  const requestsOf = async (address: string) =>
    (await getDatabase()).select().from(privacyRequests).where(eq(privacyRequests.email, address));
  const mailsTo = async (address: string) =>
    (await getDatabase()).select().from(outbox).where(eq(outbox.recipient, address));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    await account("admin", "admin");
    await account("rita", "approver");
    await account("lia", "affiliate");
    await account("mia", "model");
    await account("nina", "model");
    await apply("mia", "11223344");
    await apply("nina", "99887766");
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(outbox).where(like(outbox.recipient, `%${marker}%`));
    await db
      .delete(submissions)
      .where(
        or(
          like(submissions.emailNormalized, `%${marker}%`),
          inArray(submissions.id, [...Object.values(applications), 0]),
        ),
      );
    await db.delete(privacyRequests).where(like(privacyRequests.email, `%${marker}%`));
    await db
      .delete(accessLog)
      .where(
        or(
          inArray(accessLog.actorId, [...Object.values(ids), "none"]),
          inArray(accessLog.subject, [
            ...Object.values(applications).map((id) => `submission:${id}`),
            "none",
          ]),
        ),
      );
    await db.delete(user).where(like(user.email, `%${marker}%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `%${marker}%`));
    await db
      .delete(rateLimits)
      .where(
        or(
          like(rateLimits.key, "privacy:ip:198.51.%"),
          like(rateLimits.key, "privacy:ip:203.0.113.4%"),
        ),
      );
    await db.delete(rateLimits).where(
      inArray(
        rateLimits.key,
        Object.values(ids).flatMap((id) => [`privacy:account:${id}`, `privacy:download:${id}`]),
      ),
    );
    await db.delete(settings).where(inArray(settings.key, [RETENTION_KEY, RETENTION_RUN_KEY]));
    await closeAppDatabase();
  });

  describe("a signed-in model's own data", () => {
    it("is hers alone, whatever the request asks for", async () => {
      const path = `/account/data.json?email=${encodeURIComponent(email("nina"))}&id=${applications.nina}`;
      const answer = await callRoute(accountData.loader, request(path, { who: "mia" }));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toMatch(
        /^attachment; filename=".+\.json"$/,
      );
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const text = await answer.response!.text();
      const data = JSON.parse(text) as PersonalData;
      expect(data.email).toBe(email("mia"));
      expect(data.account).toMatchObject({ email: email("mia"), role: "model" });
      expect(data.applications.map((a) => a.id)).toEqual([applications.mia]);
      expect(data.applications[0]!.documentNumber).toBe("11223344");
      expect(text).not.toContain(email("nina"));
      expect(text).not.toContain("99887766");
    });

    it("is refused to visitors and to every other role", async () => {
      const visitor = await callRoute(accountData.loader, request("/account/data.json"));
      expect(visitor.status).toBe(302);
      expect(visitor.location).toMatch(/^\/login\?redirect=/);
      for (const who of ["lia", "rita", "admin"]) {
        expect(
          await callRoute(accountData.loader, request("/account/data.json", { who })),
        ).toMatchObject({ status: 302, location: "/permission-denied" });
      }
    });

    it("is limited per account", async () => {
      let last = 0;
      for (let i = 0; i < 11; i++) {
        last = (await callRoute(accountData.loader, request("/account/data.json", { who: "nina" })))
          .status;
      }
      expect(last).toBe(429);
    });
  });

  describe("a signed-in model asking to delete her account", () => {
    const post = (who: string | undefined, form: Record<string, string>) =>
      callRoute(accountPrivacy.action, request("/account/privacy", { who, form }));

    it("needs the box ticked, then mails the link to her own address only", async () => {
      expect(await post("mia", { intent: "erase" })).toMatchObject({
        status: 302,
        location: "/dashboard/model?privacy=unconfirmed#privacy",
      });
      expect(await requestsOf(email("mia"))).toEqual([]);
      // An address or an id in the form changes nothing: the request is for her account.
      expect(
        await post("mia", {
          intent: "erase",
          confirm: "yes",
          email: email("nina"),
          userId: ids.nina!,
        }),
      ).toMatchObject({ status: 302, location: "/dashboard/model?privacy=sent#privacy" });
      expect(await requestsOf(email("nina"))).toEqual([]);
      expect(await requestsOf(email("mia"))).toMatchObject([{ kind: "erase", userId: ids.mia }]);
      const mails = (await mailsTo(email("mia"))).filter((m) => m.kind === "privacyErase");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`${TEST_ORIGIN}/privacy/confirm?token=`);
      // Nothing is erased yet.
      const [row] = await (
        await getDatabase()
      )
        .select({ erasedAt: submissions.erasedAt })
        .from(submissions)
        .where(eq(submissions.id, applications.mia!));
      expect(row!.erasedAt).toBeNull();
    });

    it("is refused to visitors and to every other role, storing nothing", async () => {
      const visitor = await post(undefined, { intent: "erase", confirm: "yes" });
      expect(visitor.location).toMatch(/^\/login\?redirect=/);
      for (const who of ["lia", "rita", "admin"]) {
        expect(await post(who, { intent: "erase", confirm: "yes" })).toMatchObject({
          status: 302,
          location: "/permission-denied",
        });
        expect(await requestsOf(email(who))).toEqual([]);
      }
    });

    it("is limited per account", async () => {
      const results = [];
      for (let i = 0; i < 3; i++) {
        results.push((await post("mia", { intent: "erase", confirm: "yes" })).location);
      }
      expect(results.at(-1)).toBe("/dashboard/model?privacy=limited#privacy");
    });
  });

  describe("the contact page's request", () => {
    // The request is stored just after its answer (requests.server.ts): waited for here.
    const ask = async (form: Record<string, string>, ip = freshIp()) => {
      const answer = await callRoute(requestPage.action, request("/privacy/request", { form, ip }));
      await privacyRequestsSettled();
      return answer;
    };

    it("answers the same for a known and an unknown address", async () => {
      const known = await ask({ email: email("nina"), kind: "export" });
      const unknown = await ask({ email: email("nobody"), kind: "export" });
      expect(known).toEqual({ ...unknown, headers: known.headers });
      expect(known).toMatchObject({ status: 200, data: { status: "sent" } });
      expect(await requestsOf(email("nina"))).toHaveLength(1);
      expect(await requestsOf(email("nobody"))).toEqual([]);
      expect(await mailsTo(email("nobody"))).toEqual([]);
    });

    it("refuses a malformed address or a missing choice with translated messages", async () => {
      expect(await ask({ email: "not-an-address", kind: "export" })).toMatchObject({
        status: 400,
        data: { errors: { email: "auth.errors.emailInvalid" } },
      });
      expect(await ask({ email: email("nina"), kind: "everything" })).toMatchObject({
        status: 400,
        data: { errors: { kind: "privacy.request.kindRequired" } },
      });
      const crossSite = await callRoute(
        requestPage.action,
        request("/privacy/request", {
          form: { email: email("nina"), kind: "erase" },
          headers: { origin: "https://elsewhere.example" },
        }),
      );
      expect(crossSite.status).toBe(403);
    });

    it("limits asking per address, known or not, and per connection", async () => {
      for (const who of ["nobody2", "lia"]) {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          statuses.push((await ask({ email: email(who), kind: "erase" })).status);
        }
        expect(statuses, who).toEqual([200, 200, 200, 429]);
      }
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await ask({ email: email(`many${i}`), kind: "export" }, ip)).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe("the mailed link", () => {
    async function linkFor(who: string, kind: "export" | "erase") {
      await callRoute(
        requestPage.action,
        request("/privacy/request", { form: { email: email(who), kind }, ip: freshIp() }),
      );
      await privacyRequestsSettled();
      // The newest mail of the request's kind (rows come back in no particular order).
      const mail = (await mailsTo(email(who)))
        .filter((m) => m.kind === (kind === "export" ? "privacyExport" : "privacyErase"))
        .sort((a, b) => b.id - a.id)[0]!;
      return new URL(/https?:\/\/\S+\/privacy\/confirm\?token=[\w-]+/.exec(mail.text)![0]);
    }

    it("shows what it will do, downloads once, then says the same as for any bad link", async () => {
      await account("olga", "model");
      await apply("olga", "12121212");
      const link = await linkFor("olga", "export");
      const token = link.searchParams.get("token")!;
      const page = await callRoute(confirmPage.loader, request(`${link.pathname}${link.search}`));
      expect(page.data).toMatchObject({ kind: "export", token });
      const bad = await callRoute(confirmPage.loader, request("/privacy/confirm?token=guessed"));
      expect(bad.data).toMatchObject({ kind: null, token: null });

      // The page's own action never answers with her data (React Router would render it into
      // the page): posted there, the export is refused and the link stays unused.
      const onPage = await callRoute(
        confirmPage.action,
        request("/privacy/confirm", { form: { token, intent: "export" } }),
      );
      expect(onPage).toMatchObject({ status: 400, data: { status: "invalid" } });
      expect(JSON.stringify(onPage)).not.toContain("12121212");
      expect(await openRequest(await getDatabase(), token)).toMatchObject({ kind: "export" });

      // The page's button posts to the file's resource route.
      const download = await callRoute(
        privacyData.action,
        request("/privacy/data.json", { form: { token, intent: "export" } }),
      );
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toMatch(/^application\/json/);
      expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(download.headers.get("cache-control")).toBe("no-store");
      const data = JSON.parse(await download.response!.text()) as PersonalData;
      expect(data.applications[0]).toMatchObject({ documentNumber: "12121212" });
      expect(data.account).toMatchObject({ email: email("olga") });

      // Used: back to the page, which says so.
      const again = await callRoute(
        privacyData.action,
        request("/privacy/data.json", { form: { token, intent: "export" } }),
      );
      expect(again).toMatchObject({ status: 303, location: "/privacy/confirm" });
      const reopened = await callRoute(
        confirmPage.loader,
        request(`${link.pathname}${link.search}`),
      );
      expect(reopened.data).toMatchObject({ kind: null });
    });

    it("erases her applications and account when she confirms, once", async () => {
      const link = await linkFor("olga", "erase");
      const token = link.searchParams.get("token")!;
      const done = await callRoute(
        confirmPage.action,
        request("/privacy/confirm", { form: { token, intent: "erase" } }),
      );
      expect(done).toMatchObject({
        status: 200,
        data: { status: "erased", applications: 1, account: "deleted" },
      });
      const db = await getDatabase();
      expect(await db.select().from(user).where(eq(user.id, ids.olga!))).toEqual([]);
      const [row] = await db
        .select()
        .from(submissions)
        .where(eq(submissions.id, applications.olga!));
      expect(row).toMatchObject({ fullName: "", email: "", documentEncrypted: null });
      // Her old session no longer opens anything.
      expect(
        await callRoute(accountData.loader, request("/account/data.json", { who: "olga" })),
      ).toMatchObject({ status: 302 });
      expect(
        await callRoute(
          confirmPage.action,
          request("/privacy/confirm", { form: { token, intent: "erase" } }),
        ),
      ).toMatchObject({ status: 410 });
    });
  });

  describe("the admin's export and erasure on an application", () => {
    const path = (id: number, end: string) => `/admin/cadastros/${id}/${end}`;
    const logOf = async (action: string, id: number) =>
      (await getDatabase())
        .select()
        .from(accessLog)
        .where(and(eq(accessLog.action, action), eq(accessLog.subject, `submission:${id}`)));

    it("is refused to approvers and to everyone else, and logs the admin's export", async () => {
      const id = applications.nina!;
      for (const who of ["rita", "mia", "lia"]) {
        expect(
          await callRoute(submissionData.loader, request(path(id, "data.json"), { who }), {
            id: String(id),
          }),
        ).toMatchObject({ status: 302, location: "/permission-denied" });
        expect(
          await callRoute(
            submissionErase.action,
            request(path(id, "erase"), { who, form: { confirm: "yes" } }),
            { id: String(id) },
          ),
        ).toMatchObject({ status: 302, location: "/permission-denied" });
      }
      expect(await logOf("privacy.export", id)).toEqual([]);

      const answer = await callRoute(
        submissionData.loader,
        request(path(id, "data.json"), { who: "admin" }),
        { id: String(id) },
      );
      expect(answer.status).toBe(200);
      const data = JSON.parse(await answer.response!.text()) as PersonalData;
      expect(data.applications.map((a) => a.id)).toEqual([id]);
      // The staff copy carries the document by its last digits only.
      expect(data.applications[0]).toMatchObject({
        documentNumber: null,
        documentLastDigits: "7766",
      });
      expect(await logOf("privacy.export", id)).toMatchObject([
        { actorId: ids.admin, details: { applications: 1, account: true } },
      ]);
      for (const bad of ["0", "abc", "999999999999"]) {
        const missing = await callRoute(
          submissionData.loader,
          request(`/admin/cadastros/${bad}/data.json`, { who: "admin" }),
          { id: bad },
        );
        expect(missing.status).toBe(404);
      }
    });

    it("erases only with the box ticked, then logs it without her data", async () => {
      const id = applications.nina!;
      expect(
        await callRoute(
          submissionErase.action,
          request(path(id, "erase"), { who: "admin", form: {} }),
          { id: String(id) },
        ),
      ).toMatchObject({ status: 302, location: `/admin/cadastros/${id}?privacy=unconfirmed` });
      const db = await getDatabase();
      const before = await db.select().from(submissions).where(eq(submissions.id, id));
      expect(before[0]!.erasedAt).toBeNull();

      expect(
        await callRoute(
          submissionErase.action,
          request(path(id, "erase"), { who: "admin", form: { confirm: "yes" } }),
          { id: String(id) },
        ),
      ).toMatchObject({ status: 302, location: `/admin/cadastros/${id}?privacy=erased` });
      const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
      expect(row).toMatchObject({ fullName: "", status: before[0]!.status });
      expect(row!.erasedAt).toBeInstanceOf(Date);
      expect(await db.select().from(user).where(eq(user.id, ids.nina!))).toEqual([]);
      const [log] = await logOf("privacy.erase", id);
      expect(log).toMatchObject({
        actorId: ids.admin,
        details: { by: "admin", applications: 1, account: "deleted" },
      });
      expect(JSON.stringify(log)).not.toContain(email("nina"));
    });
  });

  describe("/admin/privacy", () => {
    it("is the admin's alone", async () => {
      for (const who of ["rita", "mia", "lia"]) {
        expect(
          await callRoute(adminPrivacy.loader, request("/admin/privacy", { who })),
        ).toMatchObject({ status: 302, location: "/permission-denied" });
        expect(
          await callRoute(
            adminPrivacy.action,
            request("/admin/privacy", { who, form: { intent: "save", months: "1" } }),
          ),
        ).toMatchObject({ status: 302, location: "/permission-denied" });
      }
    });

    it("shows the setting and the requests with masked addresses, and saves a valid period", async () => {
      await (await getDatabase()).delete(settings).where(eq(settings.key, RETENTION_KEY));
      const page = await callRoute(
        adminPrivacy.loader,
        request("/admin/privacy", { who: "admin" }),
      );
      expect(page.status).toBe(200);
      const data = page.data as Awaited<ReturnType<typeof adminPrivacy.loader>>;
      expect(data.retention.months).toBe(12);
      const text = JSON.stringify(data.requests);
      expect(text).not.toContain(marker);
      expect(data.requests.some((r) => r.email === "m***@example.com")).toBe(true);

      for (const months of ["", "-1", "1.5", "121", "twelve"]) {
        expect(
          await callRoute(
            adminPrivacy.action,
            request("/admin/privacy", { who: "admin", form: { intent: "save", months } }),
          ),
        ).toMatchObject({ status: 400, data: { error: "admin.privacy.retention.invalid" } });
      }
      expect(
        await callRoute(
          adminPrivacy.action,
          request("/admin/privacy", { who: "admin", form: { intent: "save", months: "18" } }),
        ),
      ).toMatchObject({ status: 200, data: { saved: true } });
      const [log] = await (
        await getDatabase()
      )
        .select()
        .from(accessLog)
        .where(and(eq(accessLog.actorId, ids.admin!), eq(accessLog.action, "settings.retention")));
      expect(log!.details).toEqual({ from: 12, to: 18 });
      const after = await callRoute(
        adminPrivacy.loader,
        request("/admin/privacy", { who: "admin" }),
      );
      expect((after.data as typeof data).retention.months).toBe(18);
    });

    it("runs the retention on request, logged", async () => {
      // Off, so the run erases nothing of other tests sharing the database.
      await callRoute(
        adminPrivacy.action,
        request("/admin/privacy", { who: "admin", form: { intent: "save", months: "0" } }),
      );
      expect(
        await callRoute(
          adminPrivacy.action,
          request("/admin/privacy", { who: "admin", form: { intent: "run" } }),
        ),
      ).toMatchObject({ status: 200, data: { intent: "run", ran: true, erased: 0 } });
      const runs = await (
        await getDatabase()
      )
        .select()
        .from(accessLog)
        .where(and(eq(accessLog.actorId, ids.admin!), eq(accessLog.action, "privacy.retention")));
      expect(runs).toHaveLength(1);
    });
  });
});
