import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  affiliateEntries,
  outbox,
  referralMilestoneEvents,
  session,
  submissionOnboardingSteps,
} from "#app/db/schema.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate, insertApplicationRow } from "#app/test/factories.ts";
import { insertSignedContract } from "#app/test/statement-factories.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { changeStepState } from "#app/features/onboarding/steps.server.ts";
import { undoDecision } from "#app/features/submissions/undo.server.ts";
import {
  correctStatement,
  publishStatement,
  recordEarning,
} from "#app/features/statements/statements.server.ts";
import { addressHash } from "./address-hash.server.ts";
import { reachMilestone, undoMilestone } from "./commissions.server.ts";
import { entryTotals, recordManualEntry, reviewHeldEntry } from "./entries.server.ts";
import { entryStateSql } from "./entry-state.server.ts";
import { MILESTONE_MAIL_KIND } from "./milestone-mail.server.ts";
import { portalData } from "./portal.server.ts";
import { saveRule } from "./rules.server.ts";
import { describeRule } from "./rules.ts";

const DAY = 86_400_000;

describe.each(databaseTargets)("the affiliate program's engine on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let admin: { id: string; ip: string };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    admin = {
      id: await insertAccount(database.db, { email: `admin.${marker}@example.com`, role: "admin" }),
      ip: "203.0.113.7",
    };
    // The program: R$ 150,00 at approval, and 10 % of the agency's share for 6 months.
    await saveRule(database.db, {
      affiliateId: null,
      rule: { milestone: "approved", fixedCents: 15_000, shareBasisPoints: 1_000, shareMonths: 6 },
      actor: admin,
    });
  });
  afterAll(() => database?.close());

  let count = 0;
  const affiliate = (input: { email?: string; whatsapp?: string } = {}) => {
    count += 1;
    return insertAffiliate(database.db, {
      name: "Lia Mendes",
      email: input.email ?? `lia.${count}.${marker}@example.com`,
    });
  };
  const referral = (affiliateId: number, row: Record<string, unknown> = {}) => {
    count += 1;
    return insertApplicationRow(database.db, {
      fullName: "Bruna Alves Costa",
      email: `bruna.${count}.${marker}@example.com`,
      affiliateId,
      ...row,
    });
  };
  const entriesOfSubmission = (submissionId: number, at = new Date()) =>
    database.db
      .select({
        id: affiliateEntries.id,
        amountCents: affiliateEntries.amountCents,
        payableAt: affiliateEntries.payableAt,
        riskSignals: affiliateEntries.riskSignals,
        voidReason: affiliateEntries.voidReason,
        state: entryStateSql(at),
        milestone: affiliateEntries.milestone,
        origin: affiliateEntries.origin,
        revision: affiliateEntries.statementRevision,
      })
      .from(affiliateEntries)
      .where(eq(affiliateEntries.submissionId, submissionId))
      .orderBy(affiliateEntries.id);
  const approve = (submissionId: number) =>
    changeStatus(database.db, {
      submissionId,
      from: "Pendente",
      to: "Aprovado",
      actor: { id: admin.id, role: "admin" },
    });

  it("approval creates her entry once, pending for the hold, and a delayed mail naming the referral by first name and initial", async () => {
    const lia = await affiliate();
    const id = await referral(lia.id);
    const before = Date.now();
    expect((await approve(id)).outcome).toBe("changed");
    const [entry, ...rest] = await entriesOfSubmission(id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ amountCents: 15_000, state: "pending", riskSignals: null });
    const hold = entry!.payableAt.getTime() - before;
    expect(hold).toBeGreaterThanOrEqual(30 * DAY - 5_000);
    expect(hold).toBeLessThanOrEqual(30 * DAY + 5_000);
    // Retried: nothing more.
    await database.db.transaction(async (tx) => {
      expect(await reachMilestone(tx, { submissionId: id, milestone: "approved" })).toBe("already");
    });
    expect(await entriesOfSubmission(id)).toHaveLength(1);
    const mails = await database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, MILESTONE_MAIL_KIND),
          eq(outbox.recipient, `lia.${count - 1}.${marker}@example.com`),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Bruna C.");
    expect(mails[0]!.text).not.toContain("Alves");
    expect(mails[0]!.text).not.toContain("150");
    expect(mails[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it("the hold ends by the clock: pending before, payable after", async () => {
    const lia = await affiliate();
    const id = await referral(lia.id);
    const now = new Date("2026-11-01T12:00:00Z");
    await database.db.transaction((tx) =>
      reachMilestone(tx, { submissionId: id, milestone: "approved", now }),
    );
    expect((await entriesOfSubmission(id, new Date(now.getTime() + 29 * DAY)))[0]!.state).toBe(
      "pending",
    );
    expect((await entriesOfSubmission(id, new Date(now.getTime() + 30 * DAY)))[0]!.state).toBe(
      "payable",
    );
    expect(await entryTotals(database.db, lia.id, new Date(now.getTime() + 31 * DAY))).toEqual({
      pendingCents: 0,
      payableCents: 15_000,
      inBatchCents: 0,
      paidCents: 0,
      heldCents: 0,
    });
  });

  it("two instances reaching the same milestone at once create one entry and one mail", async () => {
    const lia = await affiliate();
    await saveRule(database.db, {
      affiliateId: lia.id,
      rule: {
        milestone: "contract-signed",
        fixedCents: 20_000,
        shareBasisPoints: null,
        shareMonths: null,
      },
      actor: admin,
    });
    const id = await referral(lia.id);
    const reach = () =>
      database.db.transaction((tx) =>
        reachMilestone(tx, { submissionId: id, milestone: "contract-signed" }),
      );
    const outcomes = await Promise.all([reach(), reach()]);
    expect(outcomes.sort()).toEqual(["already", "reached"]);
    expect(await entriesOfSubmission(id)).toMatchObject([
      { amountCents: 20_000, milestone: "contract-signed" },
    ]);
    const [event] = await database.db
      .select()
      .from(referralMilestoneEvents)
      .where(eq(referralMilestoneEvents.submissionId, id));
    const mails = await database.db.select().from(outbox).where(eq(outbox.id, event!.mailId!));
    expect(mails).toHaveLength(1);
    // Her approval pays nothing under her own rule: an event, a mail, no entry.
    await database.db.transaction((tx) =>
      reachMilestone(tx, { submissionId: id, milestone: "approved" }),
    );
    expect(await entriesOfSubmission(id)).toHaveLength(1);
  });

  it("a reopen within the hold voids the entry with its reason; after the hold it stands", async () => {
    const lia = await affiliate();
    const id = await referral(lia.id);
    await approve(id);
    const reopened = await changeStatus(database.db, {
      submissionId: id,
      from: "Aprovado",
      to: "Pendente",
      actor: { id: admin.id, role: "admin" },
    });
    expect(reopened.outcome).toBe("changed");
    expect(await entriesOfSubmission(id)).toMatchObject([
      { state: "void", voidReason: "reopened" },
    ]);
    // Approved again: a new entry, the voided one kept.
    await approve(id);
    expect((await entriesOfSubmission(id)).map((e) => e.state)).toEqual(["void", "pending"]);

    const late = await referral(lia.id);
    const then = new Date(Date.now() - 40 * DAY);
    await database.db.transaction((tx) =>
      reachMilestone(tx, { submissionId: late, milestone: "approved", now: then }),
    );
    await database.db.transaction((tx) =>
      undoMilestone(tx, { submissionId: late, milestone: "approved", reason: "reopened" }),
    );
    expect(await entriesOfSubmission(late)).toMatchObject([{ state: "payable", voidReason: null }]);
  });

  it("a launch taken back by a step reopened within the hold voids its entry; launched again, a new one", async () => {
    const lia = await affiliate();
    // Lia's own rule: R$ 80,00 when her referral is launched (every first step closed).
    await saveRule(database.db, {
      affiliateId: lia.id,
      rule: { milestone: "launched", fixedCents: 8_000, shareBasisPoints: null, shareMonths: null },
      actor: admin,
    });
    const id = await referral(lia.id);
    await approve(id); // her onboarding begins with the approval
    const steps = await database.db
      .select({ stepId: submissionOnboardingSteps.stepId })
      .from(submissionOnboardingSteps)
      .where(eq(submissionOnboardingSteps.submissionId, id));
    expect(steps.length).toBeGreaterThan(0);
    const setAll = (state: "done" | "todo", only?: number) =>
      database.db.transaction(async (tx) => {
        for (const { stepId } of only === undefined ? steps : [{ stepId: only }]) {
          await changeStepState(tx, { submissionId: id, stepId }, { state }, admin.id);
        }
      });
    await setAll("done");
    expect(await entriesOfSubmission(id)).toMatchObject([
      { milestone: "launched", amountCents: 8_000, state: "pending" },
    ]);
    await setAll("todo", steps[0]!.stepId);
    expect(await entriesOfSubmission(id)).toMatchObject([
      { milestone: "launched", state: "void", voidReason: "step-reopened" },
    ]);
    await setAll("done", steps[0]!.stepId);
    expect((await entriesOfSubmission(id)).map((e) => e.state)).toEqual(["void", "pending"]);
  });

  it("an approval undone within its minute voids the entry and withdraws her mail unsent", async () => {
    const lia = await affiliate();
    const id = await referral(lia.id);
    const decided = await approve(id);
    if (decided.outcome !== "changed") throw new Error(decided.outcome);
    const [event] = await database.db
      .select()
      .from(referralMilestoneEvents)
      .where(eq(referralMilestoneEvents.submissionId, id));
    expect((await undoDecision(database.db, decided.decisionId, admin)).outcome).toBe("undone");
    expect(await entriesOfSubmission(id)).toMatchObject([
      { state: "void", voidReason: "decision-undone" },
    ]);
    expect(await database.db.select().from(outbox).where(eq(outbox.id, event!.mailId!))).toEqual(
      [],
    );
  });

  it("holds the entry for review when the referral shares her e-mail, phone, document digits or address", async () => {
    const ip = "198.51.100.23";
    const lia = await affiliate();
    const liaEmail = `lia.${count}.${marker}@example.com`;
    // An application she made herself, with her own e-mail: its phone and document.
    await insertApplicationRow(database.db, {
      fullName: "Lia Mendes",
      email: liaEmail,
      phone: "+55 48 99911-2233",
      documentLastDigits: "4321",
    });
    await database.db.insert(session).values({
      id: `session-${marker}`,
      token: `token-${marker}`,
      userId: lia.userId,
      expiresAt: new Date(Date.now() + DAY),
      updatedAt: new Date(),
      ipAddress: ip,
    });
    const cases: [string, Record<string, unknown>][] = [
      ["email", { email: liaEmail.toUpperCase() }],
      ["phone", { whatsapp: "(48) 99911-2233" }],
      ["document", { documentLastDigits: "4321" }],
      ["address", { sourceAddressHash: addressHash(ip) }],
    ];
    for (const [signal, row] of cases) {
      const id = await referral(lia.id, row);
      await approve(id);
      expect(await entriesOfSubmission(id), signal).toMatchObject([
        { riskSignals: [signal], state: "held" },
      ]);
    }
    const clean = await referral(lia.id, { sourceAddressHash: addressHash("192.0.2.1") });
    await approve(clean);
    expect(await entriesOfSubmission(clean)).toMatchObject([
      { riskSignals: null, state: "pending" },
    ]);

    // Released, it follows its hold; the review is logged.
    const held = await referral(lia.id, { documentLastDigits: "4321" });
    await approve(held);
    const [entry] = await entriesOfSubmission(held);
    expect(
      await reviewHeldEntry(database.db, {
        affiliateId: lia.id,
        entryId: entry!.id,
        decision: "released",
        reason: null,
        actor: admin,
      }),
    ).toBe("changed");
    expect((await entriesOfSubmission(held))[0]!.state).toBe("pending");
    const logged = await database.db
      .select()
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "affiliate.entry.review"),
          eq(accessLog.subject, `affiliate:${lia.id}`),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it("a published statement earns her share for the first months, and a correction its difference", async () => {
    const lia = await affiliate();
    const id = await referral(lia.id, { status: "Aprovado" });
    await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 3_000,
      startsOn: "2026-01-10",
    });
    const month = async (day: string, grossCents: number) => {
      const recorded = await recordEarning(database.db, admin, {
        submissionId: id,
        month: day,
        platform: "OnlyFans",
        grossCents,
      });
      if (!recorded.ok) throw new Error("not recorded");
      const statementId = recorded.statementIds[0]!;
      expect(await publishStatement(database.db, admin, statementId)).toBe("ok");
      return statementId;
    };
    // Gross R$ 1.234,57: the agency's 30 % is R$ 370,37; her 10 % of that, R$ 37,04.
    const june = await month("2026-06-01", 123_457);
    expect(await entriesOfSubmission(id)).toMatchObject([
      { origin: "statement", amountCents: 3_704, revision: 0, state: "pending" },
    ]);
    await correctStatement(database.db, admin, june, {
      platform: "OnlyFans",
      grossCents: -23_457,
      reason: "Chargeback",
    });
    // R$ 1.000,00 → agency R$ 300,00 → hers R$ 30,00: a revision of −R$ 7,04.
    expect((await entriesOfSubmission(id)).map((e) => [e.amountCents, e.revision])).toEqual([
      [3_704, 0],
      [-704, 1],
    ]);
    // July is her seventh month from January: nothing.
    await month("2026-07-01", 100_000);
    expect(await entriesOfSubmission(id)).toHaveLength(2);
  });

  it("refuses the same manual entry twice within a minute, not after", async () => {
    const lia = await affiliate();
    const now = new Date();
    const entry = {
      affiliateId: lia.id,
      amountCents: -5_000,
      reason: "Duplicate payment in October",
      occurredOn: "2026-10-31",
      actor: admin,
    };
    expect(await recordManualEntry(database.db, { ...entry, now })).toBe("changed");
    expect(
      await recordManualEntry(database.db, { ...entry, now: new Date(now.getTime() + 30_000) }),
    ).toBe("duplicate");
    expect(
      await recordManualEntry(database.db, { ...entry, now: new Date(now.getTime() + 61_000) }),
    ).toBe("changed");
  });

  it("shows an affiliate her own entries and none of another's", async () => {
    const lia = await affiliate();
    const other = await affiliate();
    await recordManualEntry(database.db, {
      affiliateId: other.id,
      amountCents: 99_900,
      reason: "Someone else's bonus",
      occurredOn: "2026-10-01",
      actor: admin,
    });
    await recordManualEntry(database.db, {
      affiliateId: lia.id,
      amountCents: 1_000,
      reason: "Welcome bonus",
      occurredOn: "2026-10-01",
      actor: admin,
    });
    const page = await portalData(database.db, {
      userId: lia.userId,
      today: "2026-11-29",
      weeks: 12,
      page: 1,
    });
    expect(page.money.entries.map((e) => e.reason)).toEqual(["Welcome bonus"]);
    expect(page.money.totals.payableCents).toBe(1_000);
  });

  it("states the rule in words in the reader's language", () => {
    const rule = {
      milestone: "contract-signed",
      fixedCents: 15_000,
      shareBasisPoints: 1_000,
      shareMonths: 6,
    } as const;
    expect(describeRule(rule, getFixedT("en"), "en")).toBe(
      "R$150.00 when a woman you referred signs her contract, and 10% of the agency's share of her monthly earnings for her first 6 months.",
    );
    expect(describeRule(rule, getFixedT("pt"), "pt")).toMatch(
      /^R\$\s150,00 quando uma mulher indicada por você assina o contrato, e 10\s?%/,
    );
  });
});
