import { randomUUID } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate, insertApplicationRow } from "#app/test/factories.ts";
import { accessLog, affiliateLedger, submissions, user } from "#app/db/schema.server.ts";
import {
  affiliateDetail,
  listAffiliates,
  recordLedgerEntry,
  setAffiliateStatus,
  setCommissionRate,
} from "./admin-affiliates.server.ts";
import {
  centsOf,
  commissionForm,
  formatMoney,
  latestToday,
  ledgerForm,
  percentOf,
} from "./admin-forms.ts";

describe("the affiliate forms", () => {
  it("reads reais as whole cents and percentages as numeric text", () => {
    expect(centsOf("12")).toBe(1200);
    expect(centsOf("12,5")).toBe(1250);
    expect(centsOf("0.07")).toBe(7);
    expect(centsOf("1234.56")).toBe(123456);
    expect(centsOf("1.234,56")).toBeNull();
    expect(centsOf("1,234")).toBeNull();
    expect(centsOf("-5")).toBeNull();
    expect(centsOf("abc")).toBeNull();
    expect(percentOf("7,5")).toBe("7.50");
    expect(percentOf("100")).toBe("100.00");
    expect(percentOf("0")).toBe("0.00");
    expect(percentOf("100.01")).toBeNull();
    expect(percentOf("12.345")).toBeNull();
  });

  it("refuses a rate out of range and a wrong amount, date or note, with locale keys", () => {
    expect(commissionForm.safeParse({ rate: "101" }).error?.issues[0]?.message).toBe(
      "admin.affiliates.errors.rate",
    );
    expect(commissionForm.safeParse({ rate: " " }).error?.issues[0]?.message).toBe(
      "admin.affiliates.errors.rateRequired",
    );
    expect(commissionForm.parse({ rate: "12,5" })).toEqual({ rate: "12.50" });
    const form = ledgerForm("2026-05-10");
    const ok = { kind: "earning", amount: "150,00", date: "2026-05-10", note: "" };
    expect(form.parse(ok)).toEqual({
      kind: "earning",
      amount: 15000,
      date: "2026-05-10",
      note: null,
    });
    const messages = (values: Record<string, string>) =>
      form.safeParse({ ...ok, ...values }).error?.issues.map((i) => i.message);
    expect(messages({ amount: "0" })).toEqual(["admin.affiliates.errors.amountPositive"]);
    expect(messages({ amount: "1,234" })).toEqual(["admin.affiliates.errors.amount"]);
    expect(messages({ amount: "" })).toEqual(["admin.affiliates.errors.amountRequired"]);
    expect(messages({ date: "2026-05-11" })).toEqual(["admin.affiliates.errors.dateFuture"]);
    expect(messages({ date: "2026-02-30" })).toEqual(["admin.affiliates.errors.date"]);
    expect(messages({ note: "x".repeat(501) })).toEqual(["admin.affiliates.errors.note"]);
    expect(messages({ kind: "gift" })).toEqual(["admin.affiliates.errors.kind"]);
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
    lia = await affiliate("lia", "LIA");
    bia = await affiliate("bia", "BIA");
    await referral(lia, "Aprovado");
    await referral(lia, "Aprovado");
    await referral(lia, "Pendente");
    await referral(bia, "Reprovado");
  }, 60_000);
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db.delete(user).where(like(user.email, `%.${marker}@%`));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, admin.id));
    await database.close();
  });

  it("lists each affiliate with her referrals, approvals and money", async () => {
    await recordLedgerEntry(database.db, {
      affiliateId: lia,
      kind: "earning",
      amountCents: 30000,
      occurredOn: "2026-01-10",
      note: null,
      actor: admin,
    });
    await recordLedgerEntry(database.db, {
      affiliateId: lia,
      kind: "earning",
      amountCents: 4550,
      occurredOn: "2026-01-20",
      note: "Bônus",
      actor: admin,
    });
    await recordLedgerEntry(database.db, {
      affiliateId: lia,
      kind: "payout",
      amountCents: 20000,
      occurredOn: "2026-02-01",
      note: "PIX",
      actor: admin,
    });
    const { rows } = await listAffiliates(database.db, { search: marker.slice(4, 8) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(lia)).toMatchObject({
      name: "lia Costa",
      status: "active",
      referrals: 3,
      approvals: 2,
      earningsCents: 34550,
      payoutsCents: 20000,
      balanceCents: 14550,
    });
    expect(byId.get(bia)).toMatchObject({
      referrals: 1,
      approvals: 0,
      earningsCents: 0,
      payoutsCents: 0,
      balanceCents: 0,
    });
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

  it("sets the commission rate and logs the old and the new", async () => {
    expect(
      await setCommissionRate(database.db, { affiliateId: lia, rate: "12.50", actor: admin }),
    ).toEqual({ outcome: "changed" });
    expect(
      await setCommissionRate(database.db, { affiliateId: lia, rate: "15.00", actor: admin }),
    ).toEqual({ outcome: "changed" });
    const detail = await affiliateDetail(database.db, lia);
    expect(detail!.affiliate.commissionRate).toBe("15.00");
    const log = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.subject, `affiliate:${lia}`))
      .orderBy(accessLog.id);
    expect(log.map((entry) => entry.details).filter((d) => "to" in d!)).toEqual([
      { from: null, to: "12.50" },
      { from: "12.50", to: "15.00" },
    ]);
  });

  it("shows her referrals and ledger on her page, with who entered each line", async () => {
    await insertAccount(database.db, {
      id: admin.id,
      name: "Dona Admin",
      email: `admin.${marker}@example.com`,
      role: "admin",
    });
    const detail = await affiliateDetail(database.db, lia);
    expect(detail!.referrals).toHaveLength(3);
    expect(detail!.ledger.map((entry) => [entry.kind, entry.amountCents, entry.enteredBy])).toEqual(
      [
        ["payout", 20000, "Dona Admin"],
        ["earning", 4550, "Dona Admin"],
        ["earning", 30000, "Dona Admin"],
      ],
    );
    const log = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(inArray(accessLog.action, ["affiliate.ledger"]));
    expect(log.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ kind: "payout", amountCents: 20000, note: "PIX" }),
    );
    expect(await affiliateDetail(database.db, 0)).toBeNull();
  });

  it("stores no ledger line and no log entry for an affiliate that does not exist", async () => {
    const mine = () =>
      database.db.select().from(affiliateLedger).where(eq(affiliateLedger.createdBy, admin.id));
    const before = await mine();
    expect(
      await recordLedgerEntry(database.db, {
        affiliateId: 0,
        kind: "earning",
        amountCents: 100,
        occurredOn: "2026-01-01",
        note: null,
        actor: admin,
      }),
    ).toEqual({ outcome: "not-found" });
    expect(await mine()).toHaveLength(before.length);
  });
});
