import { randomUUID } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate, insertApplicationRow } from "#app/test/factories.ts";
import { accessLog, affiliateEntries, submissions, user } from "#app/db/schema.server.ts";
import { affiliateDetail, listAffiliates, setAffiliateStatus } from "./admin-affiliates.server.ts";
import { entryForm, formatMoney, latestToday, ruleForm, voidForm } from "./admin-forms.ts";
import { recordManualEntry, voidEntry } from "./entries.server.ts";
import { rulesOf, saveRule } from "./rules.server.ts";
import { paced } from "#app/test/pace.ts";

describe("the affiliate forms", () => {
  it("reads a rule: a fixed amount at a milestone and/or a share for some months", () => {
    expect(
      ruleForm.parse({ milestone: "approved", fixed: "150,00", share: "", months: "" }),
    ).toEqual({
      milestone: "approved",
      fixedCents: 15000,
      shareBasisPoints: null,
      shareMonths: null,
    });
    expect(ruleForm.parse({ milestone: "", fixed: "", share: "7,5", months: "6" })).toEqual({
      milestone: null,
      fixedCents: null,
      shareBasisPoints: 750,
      shareMonths: 6,
    });
    const messages = (values: Record<string, string>) =>
      ruleForm
        .safeParse({ milestone: "", fixed: "", share: "", months: "", ...values })
        .error?.issues.map((i) => i.message);
    expect(messages({})).toEqual(["admin.affiliates.errors.ruleEmpty"]);
    expect(messages({ milestone: "approved" })).toEqual(["admin.affiliates.errors.fixedRequired"]);
    expect(messages({ fixed: "10" })).toEqual(["admin.affiliates.errors.milestone"]);
    expect(messages({ share: "101", months: "6" })).toEqual(["admin.affiliates.errors.share"]);
    expect(messages({ share: "10", months: "121" })).toEqual(["admin.affiliates.errors.months"]);
    expect(messages({ milestone: "paid" })).toEqual(["admin.affiliates.errors.milestone"]);
  });

  it("reads a manual entry: an amount as people type it, never zero, a reason, a past day", () => {
    const form = entryForm("2026-05-10");
    const ok = { amount: "1.500,00", date: "2026-05-10", reason: "Bonus" };
    expect(form.parse(ok)).toEqual({ amount: 150000, date: "2026-05-10", reason: "Bonus" });
    expect(form.parse({ ...ok, amount: "-50" }).amount).toBe(-5000);
    const messages = (values: Record<string, string>) =>
      form.safeParse({ ...ok, ...values }).error?.issues.map((i) => i.message);
    expect(messages({ amount: "0" })).toEqual(["admin.affiliates.errors.amountZero"]);
    expect(messages({ amount: "1.500" })).toEqual(["admin.affiliates.errors.amountAmbiguous"]);
    expect(messages({ amount: "abc" })).toEqual(["admin.affiliates.errors.amount"]);
    expect(messages({ amount: "" })).toEqual(["admin.affiliates.errors.amountRequired"]);
    expect(messages({ reason: " " })).toEqual(["admin.affiliates.errors.reason"]);
    expect(messages({ date: "2026-05-11" })).toEqual(["admin.affiliates.errors.dateFuture"]);
    expect(messages({ date: "2026-02-30" })).toEqual(["admin.affiliates.errors.date"]);
    expect(voidForm.safeParse({ entry: "1", reason: "" }).success).toBe(false);
    expect(latestToday(new Date("2026-05-10T12:00:00Z"))).toBe("2026-05-11");
  });

  it("shows money in the reader's language, in reais", () => {
    expect(formatMoney(123450, "pt")).toMatch(/^R\$\s1\.234,50$/);
    expect(formatMoney(123450, "en")).toBe("R$1,234.50");
  });
});

describe.each(databaseTargets)("affiliates in the back office on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `aff-${randomUUID().slice(0, 8)}`;
  const admin = { id: `admin-${marker}`, ip: "203.0.113.7" };
  let lia: number;
  let bia: number;

  async function affiliate(name: string, code: string) {
    const userId = await insertAccount(database.db, {
      id: `${name}-${marker}`,
      name: `${name} Costa`,
      email: `${name}.${marker}@example.com`,
      role: "affiliate",
    });
    const created = await insertAffiliate(database.db, {
      userId,
      referralCode: `${code}${marker.slice(4, 8)}`.toUpperCase(),
    });
    return created.id;
  }

  async function referral(affiliateId: number, status: "Pendente" | "Aprovado" | "Reprovado") {
    const email = `ref-${randomUUID().slice(0, 6)}.${marker}@example.com`;
    await insertApplicationRow(database.db, {
      fullName: "Indicada Souza",
      email,
      affiliateId,
      status,
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The entries and rules name who made them (a foreign key to the account).
    await insertAccount(database.db, {
      id: admin.id,
      name: "Dona Admin",
      email: `admin.${marker}@example.com`,
      role: "admin",
    });
    lia = await affiliate("lia", "LIA");
    bia = await affiliate("bia", "BIA");
    await referral(lia, "Aprovado");
    await referral(lia, "Aprovado");
    await referral(lia, "Pendente");
    await referral(bia, "Reprovado");
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    // Her entries first: one statement deleting both the affiliate (cascading to them) and their
    // author (setting them null) would trip over itself.
    await database.db
      .delete(affiliateEntries)
      .where(inArray(affiliateEntries.affiliateId, [lia, bia]));
    await database.db.delete(user).where(like(user.email, `%.${marker}@%`));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, admin.id));
    await database.close();
  });

  it("lists each affiliate with her referrals, approvals and money by state", async () => {
    const manual = (amountCents: number, reason: string) =>
      recordManualEntry(database.db, {
        affiliateId: lia,
        amountCents,
        reason,
        occurredOn: "2026-01-10",
        actor: admin,
      });
    await manual(30000, "Launch bonus");
    await manual(4550, "Bônus");
    await manual(-20000, "Paid by PIX before the program");
    const { rows } = await listAffiliates(database.db, { search: marker.slice(4, 8) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(lia)).toMatchObject({
      name: "lia Costa",
      status: "active",
      referrals: 3,
      approvals: 2,
      pendingCents: 0,
      payableCents: 14550,
      paidCents: 0,
      ownRule: false,
    });
    expect(byId.get(bia)).toMatchObject({ referrals: 1, approvals: 0, payableCents: 0 });
  });

  it("searches by name, e-mail or code, filters by status, and pages", async () => {
    const ids = async (filter: Parameters<typeof listAffiliates>[1]) =>
      (await listAffiliates(database.db, filter)).rows.map((row) => row.id);
    expect(await ids({ search: "LIA COSTA" })).toContain(lia);
    expect(await ids({ search: `bia.${marker}` })).toEqual([bia]);
    expect(await ids({ search: `LIA${marker.slice(4, 8)}`.toLowerCase() })).toEqual([lia]);
    expect(await ids({ search: "%" })).not.toContain(lia);
    const first = await listAffiliates(database.db, { search: marker, limit: 1 });
    expect(first.rows.map((row) => row.id)).toEqual([bia]);
    const second = await listAffiliates(database.db, {
      search: marker,
      limit: 1,
      before: first.next!,
    });
    expect(second.rows.map((row) => row.id)).toEqual([lia]);
    expect(second.next).toBeNull();
  });

  it("suspends and reactivates, logging each change once", async () => {
    expect(
      await setAffiliateStatus(database.db, {
        affiliateId: bia,
        status: "suspended",
        actor: admin,
      }),
    ).toEqual({ outcome: "changed" });
    expect(
      await setAffiliateStatus(database.db, {
        affiliateId: bia,
        status: "suspended",
        actor: admin,
      }),
    ).toEqual({ outcome: "unchanged" });
    expect(
      (await listAffiliates(database.db, { search: marker, status: "suspended" })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([bia]);
    expect(
      await setAffiliateStatus(database.db, { affiliateId: 0, status: "active", actor: admin }),
    ).toEqual({ outcome: "not-found" });
    const log = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.subject, `affiliate:${bia}`));
    expect(log.filter((entry) => entry.action === "affiliate.status")).toMatchObject([
      { actorId: admin.id, details: { from: "active", to: "suspended" }, ip: admin.ip },
    ]);
  });

  it("sets her own rule and takes it back, logging the old and the new", async () => {
    const rule = {
      milestone: "launched",
      fixedCents: 9900,
      shareBasisPoints: null,
      shareMonths: null,
    } as const;
    expect(await saveRule(database.db, { affiliateId: lia, rule, actor: admin })).toBe("changed");
    expect(await saveRule(database.db, { affiliateId: lia, rule, actor: admin })).toBe("unchanged");
    expect((await rulesOf(database.db, lia)).effective).toEqual(rule);
    expect((await listAffiliates(database.db, { id: lia })).rows[0]!.ownRule).toBe(true);
    expect(await saveRule(database.db, { affiliateId: lia, rule: null, actor: admin })).toBe(
      "changed",
    );
    expect((await rulesOf(database.db, lia)).override).toBeNull();
    expect(await saveRule(database.db, { affiliateId: 0, rule, actor: admin })).toBe("not-found");
    const log = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.action, "affiliate.rule"))
      .orderBy(accessLog.id);
    expect(log.map((entry) => entry.details)).toEqual([
      { from: null, to: rule, affiliate: lia },
      { from: rule, to: null, affiliate: lia },
    ]);
  });

  it("shows her referrals and entries on her page, with who entered each, and voids with a reason", async () => {
    const detail = await affiliateDetail(database.db, lia);
    expect(detail!.referrals).toHaveLength(3);
    expect(
      detail!.entries.map((entry) => [entry.reason, entry.amountCents, entry.enteredByName]),
    ).toEqual([
      ["Paid by PIX before the program", -20000, "Dona Admin"],
      ["Bônus", 4550, "Dona Admin"],
      ["Launch bonus", 30000, "Dona Admin"],
    ]);
    const bonus = detail!.entries[1]!;
    // Another affiliate's entry is not hers to void through her page.
    expect(
      await voidEntry(database.db, {
        affiliateId: bia,
        entryId: bonus.id,
        reason: "x",
        actor: admin,
      }),
    ).toBe("not-found");
    expect(
      await voidEntry(database.db, {
        affiliateId: lia,
        entryId: bonus.id,
        reason: "Typed twice",
        actor: admin,
      }),
    ).toBe("changed");
    expect(
      await voidEntry(database.db, {
        affiliateId: lia,
        entryId: bonus.id,
        reason: "Again",
        actor: admin,
      }),
    ).toBe("unchanged");
    const after = await affiliateDetail(database.db, lia);
    expect(after!.entries[1]).toMatchObject({
      state: "void",
      voidReason: "Typed twice",
      voidedByName: "Dona Admin",
    });
    expect(after!.affiliate.payableCents).toBe(10000);
    const log = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(inArray(accessLog.action, ["affiliate.entry", "affiliate.entry.void"]));
    expect(log.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ amountCents: 4550, reason: "Typed twice" }),
    );
    expect(await affiliateDetail(database.db, 0)).toBeNull();
  });

  it("stores no entry and no log entry for an affiliate that does not exist", async () => {
    const mine = () =>
      database.db.select().from(affiliateEntries).where(eq(affiliateEntries.createdBy, admin.id));
    const before = await mine();
    expect(
      await recordManualEntry(database.db, {
        affiliateId: 0,
        amountCents: 100,
        reason: "Nobody",
        occurredOn: "2026-01-01",
        actor: admin,
      }),
    ).toBe("not-found");
    expect(await mine()).toHaveLength(before.length);
  });
});
