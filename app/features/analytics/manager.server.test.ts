import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#app/db/db.server.ts";
import {
  affiliateEntries,
  contractTemplates,
  dailyCounts,
  modelContracts,
  onboardingSteps,
  rejectionReasons,
  statementLines,
  statements,
  submissionOnboardingSteps,
  submissions,
  submissionStatusHistory,
} from "#app/db/schema.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { undoDecision } from "#app/features/submissions/undo.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate, insertApplicationRow } from "#app/test/factories.ts";
import type { AnalyticsRange } from "./analytics.server.ts";
import {
  agencyMoney,
  cohortFunnel,
  onboardingStepTimes,
  overdueStepsByOwner,
} from "./cohort.server.ts";
import {
  approvalRates,
  backlogOverTime,
  decisionsPerReviewer,
  decisionTimes,
} from "./decisions.server.ts";
import { previousRange } from "./periods.server.ts";
import { rejectionsByReason } from "./rejection-reasons.server.ts";
import { paced } from "#app/test/pace.ts";

/*
 * Every figure of the manager's analytics against a small set computed by hand. The range is a
 * week of March 2025 (Brasília is UTC−3 all year); the period before it is the week before.
 * An application at 23:30 in Brasília is 02:30 UTC the next day: it counts on the Brasília day.
 */

const range: AnalyticsRange = { from: "2025-03-10", to: "2025-03-16", group: "day" };
const before = previousRange(range);
const HOUR = 3600;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);

describe.each(databaseTargets)("the manager's analytics on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const db = () => database.db;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const rita = await insertAccount(db(), {
      id: "rita",
      name: "Rita Revisora",
      email: "rita@example.com",
      role: "approver",
    });
    const caio = await insertAccount(db(), {
      id: "caio",
      name: "Caio Chefe",
      email: "caio@example.com",
      role: "admin",
    });
    const affiliate = async (name: string, code: string) => {
      const userId = await insertAccount(db(), {
        name,
        email: `${code}@example.com`,
        role: "affiliate",
      });
      return (await insertAffiliate(db(), { userId, referralCode: code, promotion: "instagram" }))
        .id;
    };
    const ana = await affiliate("Ana Afiliada", "ANA1");
    const bia = await affiliate("Bia Afiliada", "BIA1");
    const apply = async (
      key: string,
      created: string,
      values: {
        status?: "Pendente" | "Aprovado" | "Reprovado";
        decided?: string;
        source?: "form" | "chatbot" | "register";
        language?: string;
        affiliateId?: number;
        activeSince?: string;
        fullName?: string;
      } = {},
    ) => {
      ids[key] = await insertApplicationRow(db(), {
        createdAt: at(created),
        status: values.status ?? "Pendente",
        source: values.source ?? "form",
        language: values.language ?? "pt",
        affiliateId: values.affiliateId ?? null,
        firstDecidedAt: values.decided ? at(values.decided) : null,
        activeSince: values.activeSince ? at(values.activeSince) : null,
        fullName: values.fullName ?? `Modelo ${key}`,
        email: `${key}@example.com`,
      });
    };
    await apply("a1", "2025-03-10T12:00:00Z", {
      status: "Aprovado",
      decided: "2025-03-11T12:00:00Z",
      affiliateId: ana,
      activeSince: "2025-03-15T12:00:00Z",
      fullName: "Ana Clara Souza",
    });
    await apply("a2", "2025-03-10T15:00:00Z", {
      status: "Reprovado",
      decided: "2025-03-12T15:00:00Z",
      source: "chatbot",
      language: "es",
    });
    // 23:30 on 10 March in Brasília.
    await apply("a3", "2025-03-11T02:30:00Z", {
      status: "Aprovado",
      decided: "2025-03-14T02:30:00Z",
      affiliateId: ana,
    });
    // 23:30 on 16 March in Brasília: the range's last day.
    await apply("a4", "2025-03-17T02:30:00Z", { source: "register", language: "en" });
    // 23:30 on 9 March in Brasília: the period before.
    await apply("a5", "2025-03-10T02:30:00Z", {
      status: "Aprovado",
      decided: "2025-03-10T14:30:00Z",
      affiliateId: bia,
      fullName: "Bia Lima",
    });
    await apply("a6", "2025-03-12T12:00:00Z", {
      status: "Reprovado",
      decided: "2025-03-22T12:00:00Z",
    });
    // Approved, then undone: waiting again.
    await apply("a7", "2025-03-13T12:00:00Z", { source: "chatbot", language: "es" });
    await apply("a8", "2025-03-05T12:00:00Z", {
      status: "Reprovado",
      decided: "2025-03-06T12:00:00Z",
      fullName: "Carla Dias",
    });

    const [photos] = await db().insert(rejectionReasons).values({ label: "Fotos" }).returning();
    const decision = (
      key: string,
      to: "Aprovado" | "Reprovado",
      by: string,
      when: string,
      extra: object = {},
    ) => ({
      submissionId: ids[key]!,
      fromStatus: "Pendente" as const,
      toStatus: to,
      changedBy: by,
      createdAt: at(when),
      ...extra,
    });
    await db()
      .insert(submissionStatusHistory)
      .values([
        { submissionId: ids.a1!, toStatus: "Pendente", createdAt: at("2025-03-10T12:00:00Z") },
        decision("a1", "Aprovado", rita, "2025-03-11T12:00:00Z"),
        decision("a2", "Reprovado", rita, "2025-03-12T15:00:00Z", { reasonId: photos!.id }),
        decision("a3", "Aprovado", caio, "2025-03-14T02:30:00Z"),
        decision("a5", "Aprovado", rita, "2025-03-10T14:30:00Z"),
        decision("a6", "Reprovado", caio, "2025-03-22T12:00:00Z"),
        decision("a7", "Aprovado", caio, "2025-03-13T13:00:00Z", {
          undoneAt: at("2025-03-13T13:00:30Z"),
          undoneBy: caio,
        }),
        decision("a8", "Reprovado", caio, "2025-03-06T12:00:00Z"),
      ]);

    await db()
      .insert(dailyCounts)
      .values([
        { day: "2025-03-10", event: "page_view", dimension: "home", count: 60 },
        { day: "2025-03-16", event: "page_view", dimension: "blog", count: 40 },
        { day: "2025-03-11", event: "form_started", dimension: "form", count: 8 },
        { day: "2025-03-12", event: "chatbot_started", dimension: "chatbot", count: 4 },
        { day: "2025-03-17", event: "page_view", dimension: "home", count: 999 },
        // The week before: more starts than views, more applications than starts.
        { day: "2025-03-03", event: "page_view", dimension: "home", count: 1 },
        { day: "2025-03-04", event: "form_started", dimension: "form", count: 3 },
      ]);

    const [template] = await db()
      .insert(contractTemplates)
      .values({
        language: "pt",
        version: 1,
        title: "Contrato",
        body: "Texto",
        publishedAt: at("2025-01-01T00:00:00Z"),
      })
      .returning();
    const contract = async (key: string, state: "offered" | "signed", basisPoints: number) => {
      const [row] = await db()
        .insert(modelContracts)
        .values({
          submissionId: ids[key]!,
          templateId: template!.id,
          state,
          agencyShareBasisPoints: basisPoints,
          startsOn: "2025-03-01",
          language: "pt",
          text: "Texto",
          textSha256: "0".repeat(64),
          ...(state === "signed"
            ? { signedName: "Assinada", signedAt: at("2025-03-14T12:00:00Z") }
            : {}),
        })
        .returning();
      return row!.id;
    };
    const c1 = await contract("a1", "signed", 3000);
    await contract("a3", "offered", 3000);
    const c5 = await contract("a5", "signed", 2500);
    const c8 = await contract("a8", "signed", 5000);
    const c2 = await contract("a2", "signed", 5000);
    const statement = async (
      submission: string,
      contractId: number,
      basisPoints: number,
      lines: number[],
      published = true,
    ) => {
      const [row] = await db()
        .insert(statements)
        .values({
          submissionId: ids[submission]!,
          month: "2025-03-01",
          contractId,
          agencyShareBasisPoints: basisPoints,
          state: published ? "published" : "draft",
          publishedAt: published ? at("2025-04-02T12:00:00Z") : null,
        })
        .returning();
      await db()
        .insert(statementLines)
        .values(
          lines.map((grossCents) => ({ statementId: row!.id, platform: "OnlyFans", grossCents })),
        );
    };
    await statement("a1", c1, 3000, [10_000, 333]); // 3,099.9 → 3,100
    await statement("a5", c5, 2500, [1001]); // 250.25 → 250
    await statement("a8", c8, 5000, [999]); // 499.5 → 500, half away from zero
    await statement("a2", c2, 5000, [100_000], false); // a draft: not counted

    const entry = (
      affiliateId: number,
      amountCents: number,
      occurredOn: string,
      voided = false,
    ) => ({
      affiliateId,
      origin: "manual" as const,
      reason: "teste",
      amountCents,
      occurredOn,
      payableAt: at("2025-04-30T00:00:00Z"),
      ...(voided ? { voidedAt: at("2025-03-20T00:00:00Z"), voidReason: "reopened" } : {}),
    });
    await db()
      .insert(affiliateEntries)
      .values([
        entry(ana, 5000, "2025-03-11"),
        entry(ana, 9999, "2025-03-12", true),
        entry(ana, -1000, "2025-03-13"),
        entry(bia, 2000, "2025-03-05"),
      ]);

    const [photoStep, callStep] = await db()
      .insert(onboardingSteps)
      .values([
        { titles: { pt: "Fotos", en: "Photos" }, position: 901, dueDays: 3 },
        { titles: { pt: "Chamada" }, position: 902, dueDays: 5 },
      ])
      .returning();
    const step = (key: string, stepId: number, opened: string, values: object) => ({
      submissionId: ids[key]!,
      stepId,
      position: 1,
      createdAt: at(opened),
      dueOn: "2025-03-20",
      ...values,
    });
    await db()
      .insert(submissionOnboardingSteps)
      .values([
        step("a1", photoStep!.id, "2025-03-11T12:00:00Z", {
          state: "done",
          closedAt: at("2025-03-12T12:00:00Z"),
        }),
        step("a1", callStep!.id, "2025-03-11T12:00:00Z", {
          state: "skipped",
          skipReason: "já feita",
          closedAt: at("2025-03-14T12:00:00Z"),
        }),
        step("a3", photoStep!.id, "2025-03-14T02:30:00Z", {
          state: "done",
          closedAt: at("2025-03-15T14:30:00Z"),
        }),
        step("a3", callStep!.id, "2025-03-14T02:30:00Z", { ownerId: caio, dueOn: "2025-03-15" }),
        step("a5", callStep!.id, "2025-03-10T14:30:00Z", { dueOn: "2025-03-12" }),
        step("a5", photoStep!.id, "2025-03-10T14:30:00Z", { ownerId: rita, dueOn: "2025-03-25" }),
      ]);
  }, paced(60_000));

  afterAll(async () => {
    await database?.close();
  });

  it("times the first decision of the applications received, against the promise", async () => {
    // Received: a1, a2, a3 (23:30 on the 10th there), a4 (23:30 on the 16th), a6, a7.
    // Answered after 1, 2, 3 and 10 days: median 2.5, p90 3 + 0.7 × 7 = 7.9 days.
    // By five working days: all but a6 (Wednesday the 12th → Wednesday the 19th; answered the 22nd).
    const now = await decisionTimes(db(), range, 5);
    expect(now).toMatchObject({ received: 6, decided: 4, onTime: 3 });
    expect(now.medianSeconds).toBeCloseTo(2.5 * DAY, 3);
    expect(now.p90Seconds).toBeCloseTo(7.9 * DAY, 3);
    // The week before: a5 (half a day) and a8 (one day).
    const then = await decisionTimes(db(), before, 5);
    expect(then).toMatchObject({ received: 2, decided: 2, onTime: 2 });
    expect(then.medianSeconds).toBeCloseTo(0.75 * DAY, 3);
    expect(then.p90Seconds).toBeCloseTo(0.95 * DAY, 3);
    // A promise of one working day: a1 (Mon → Tue) only.
    expect((await decisionTimes(db(), range, 1)).onTime).toBe(1);
  });

  it("follows the backlog's size and age at each day's end", async () => {
    const points = await backlogOverTime(db(), range, at("2025-03-30T12:00:00Z"));
    expect(points.map((p) => p.waiting)).toEqual([3, 2, 2, 2, 2, 2, 3]);
    // The 10th's end (03:00 UTC on the 11th): a1 for 15 h, a2 for 12 h, a3 for half an hour.
    expect(points[0]).toMatchObject({
      bucket: "2025-03-10",
      oldestSeconds: 15 * HOUR,
      medianSeconds: 12 * HOUR,
    });
    // The 11th's: a2 (36 h) and a3 (24.5 h; 25 h to the hour, as the median counts).
    expect(points[1]).toMatchObject({ oldestSeconds: 36 * HOUR, medianSeconds: 30.5 * HOUR });
    // The 16th's: a6 (111 h), a7 (87 h), a4 (half an hour).
    expect(points[6]).toMatchObject({ oldestSeconds: 111 * HOUR, medianSeconds: 87 * HOUR });
    // Measured now (to the hour), not at a midnight still to come.
    const today = await backlogOverTime(db(), range, at("2025-03-16T15:20:00Z"));
    expect(today[6]).toMatchObject({
      waiting: 2,
      oldestSeconds: 99 * HOUR,
      medianSeconds: 87 * HOUR,
    });
    const weeks = await backlogOverTime(
      db(),
      { ...range, group: "week" },
      at("2025-03-30T12:00:00Z"),
    );
    expect(weeks).toEqual([
      { bucket: "2025-03-10", waiting: 3, oldestSeconds: 111 * HOUR, medianSeconds: 87 * HOUR },
    ]);
  });

  it("counts each reviewer's standing decisions per day, the undone one not at all", async () => {
    expect(await decisionsPerReviewer(db(), range)).toEqual([
      { day: "2025-03-10", reviewer: "Rita Revisora", approved: 1, rejected: 0 },
      { day: "2025-03-11", reviewer: "Rita Revisora", approved: 1, rejected: 0 },
      { day: "2025-03-12", reviewer: "Rita Revisora", approved: 0, rejected: 1 },
      // 02:30 UTC on the 14th.
      { day: "2025-03-13", reviewer: "Caio Chefe", approved: 1, rejected: 0 },
    ]);
    expect(await decisionsPerReviewer(db(), before)).toEqual([
      { day: "2025-03-06", reviewer: "Caio Chefe", approved: 0, rejected: 1 },
    ]);
    expect(await rejectionsByReason(db(), range)).toEqual([{ label: "Fotos", count: 1 }]);
    expect(await rejectionsByReason(db(), before)).toEqual([{ label: null, count: 1 }]);
  });

  it("gives the approval rate by source, affiliate and language of the decided cohort", async () => {
    const rates = await approvalRates(db(), range);
    const of = (kind: string) =>
      rates
        .filter((r) => r.kind === kind)
        .map(({ key, decided, approved }) => ({ key, decided, approved }));
    expect(of("source")).toEqual([
      { key: "form", decided: 3, approved: 2 },
      { key: "chatbot", decided: 1, approved: 0 },
    ]);
    expect(of("language")).toEqual([
      { key: "pt", decided: 3, approved: 2 },
      { key: "es", decided: 1, approved: 0 },
    ]);
    expect(of("affiliate")).toEqual([
      { key: "Ana Afiliada (ANA1)", decided: 2, approved: 2 },
      { key: null, decided: 2, approved: 0 },
    ]);
    const previous = await approvalRates(db(), before);
    expect(previous.filter((r) => r.kind === "source")).toEqual([
      { kind: "source", key: "form", decided: 2, approved: 1 },
    ]);
  });

  it("follows one cohort down the funnel, never over the step before", async () => {
    expect(await cohortFunnel(db(), range)).toEqual({
      steps: { pageViews: 100, started: 12, submitted: 6, approved: 2, signed: 1, active: 1 },
      capped: {},
      startedIn: { form: 8, chatbot: 4 },
    });
    // a5: approved and signed, not yet active; 3 starts and 2 applications for 1 view, capped.
    expect(await cohortFunnel(db(), before)).toEqual({
      steps: { pageViews: 1, started: 1, submitted: 1, approved: 1, signed: 1, active: 0 },
      capped: { started: 3, submitted: 2 },
      startedIn: { form: 3, chatbot: 0 },
    });
  });

  it("times each onboarding step and finds the overdue ones by owner", async () => {
    const times = await onboardingStepTimes(db(), range);
    expect(
      times.map(({ titles, closed, medianSeconds }) => ({
        title: titles.pt,
        closed,
        medianSeconds,
      })),
    ).toEqual([
      { title: "Fotos", closed: 2, medianSeconds: 1.25 * DAY },
      { title: "Chamada", closed: 1, medianSeconds: 3 * DAY },
    ]);
    expect(await onboardingStepTimes(db(), before)).toEqual([]);
    expect(await overdueStepsByOwner(db(), "2025-03-20")).toEqual([
      { owner: "Caio Chefe", overdue: 1, oldestDueOn: "2025-03-15" },
      { owner: null, overdue: 1, oldestDueOn: "2025-03-12" },
    ]);
  });

  it("sums the agency's share as statements do, and the program's cost", async () => {
    const money = await agencyMoney(db(), range);
    expect(money.months).toEqual([
      {
        month: "2025-03-01",
        agencyCents: 3850,
        referredAgencyCents: 3350,
        affiliateCostCents: 4000,
      },
    ]);
    expect(money.topModels).toEqual([
      { submissionId: ids.a1, fullName: "Ana Clara Souza", agencyCents: 3100 },
      { submissionId: ids.a8, fullName: "Carla Dias", agencyCents: 500 },
      { submissionId: ids.a5, fullName: "Bia Lima", agencyCents: 250 },
    ]);
    expect((await agencyMoney(db(), before)).months[0]?.affiliateCostCents).toBe(2000);
  });

  it("reads the applications through indexes only, never a scan of the table", async () => {
    // Sequential scans priced out: a plan that still has one has no index to use instead.
    const plans: string[] = [];
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const recorder = {
        execute: async (query: SQL) => {
          const explained = await tx.execute(sql`explain ${query}`);
          plans.push(
            (explained as unknown as { rows: Record<string, string>[] }).rows
              .map((line) => Object.values(line)[0])
              .join("\n"),
          );
          return tx.execute(query);
        },
      } as unknown as Database;
      await decisionTimes(recorder, range, 5);
      await backlogOverTime(recorder, range, at("2025-03-30T12:00:00Z"));
      await decisionsPerReviewer(recorder, range);
      await approvalRates(recorder, range);
      await cohortFunnel(recorder, range);
    });
    // Decision times: groups and percentiles; the backlog: points, groups, then its oldest.
    expect(plans).toHaveLength(8);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on submissions/);
    const all = plans.join("\n");
    expect(all).toMatch(/submission_wait_hours_(answered_idx|applied_hour_answered_hour_pk)/);
    expect(all).toContain("submissions_cohort_idx");
    expect(all).toContain("submission_history_decisions_idx");
  });

  it("keeps the hourly groups of waiting exact through every change to an application", async () => {
    const rows = async (query: SQL) =>
      ((await db().execute(query)) as unknown as { rows: unknown[] }).rows;
    const groups = () =>
      rows(sql`
        select applied_hour::text as applied, answered_hour::text as answered,
          applications::int as n
        from submission_wait_hours where applications > 0 order by 1, 2`);
    const recount = () =>
      rows(sql`
        select date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')::text as applied,
          coalesce(date_bin('1 hour', first_decided_at, timestamptz '2000-01-01 00:00:00+00'),
            'infinity')::text as answered,
          count(*)::int as n
        from submissions group by 1, 2 order by 1, 2`);
    expect(await groups()).toEqual(await recount());
    const id = await insertApplicationRow(db(), { email: "groups@example.com" });
    expect(await groups()).toEqual(await recount());
    const actor = { id: "rita", role: "approver" as const };
    const result = await changeStatus(db(), {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor,
    });
    if (result.outcome !== "changed") throw new Error(result.outcome);
    expect(await groups()).toEqual(await recount());
    await undoDecision(db(), result.decisionId, { id: actor.id });
    expect(await groups()).toEqual(await recount());
    // Moved within its hour: no group changes; moved a day back: it changes group.
    await db().execute(
      sql`update submissions set first_decided_at = date_bin('1 hour', now(), timestamptz '2000-01-01 00:00:00+00') + interval '1 minute' where id = ${id}`,
    );
    await db().execute(
      sql`update submissions set first_decided_at = first_decided_at + interval '5 minutes' where id = ${id}`,
    );
    await db().execute(
      sql`update submissions set created_at = created_at - interval '1 day' where id = ${id}`,
    );
    expect(await groups()).toEqual(await recount());
    await db().delete(submissions).where(eq(submissions.id, id));
    expect(await groups()).toEqual(await recount());
  });

  it("keeps her first answer's time: set once, kept on reopening, recomputed on an undo", async () => {
    const approver = { id: "rita", role: "approver" as const };
    const admin = { id: "caio", role: "admin" as const };
    const firstDecided = async (id: number) =>
      (
        await db()
          .select({ at: submissions.firstDecidedAt })
          .from(submissions)
          .where(eq(submissions.id, id))
      )[0]!.at;
    const decide = async (
      id: number,
      from: "Pendente" | "Aprovado",
      to: "Pendente" | "Aprovado" | "Reprovado",
      actor: typeof approver | typeof admin = approver,
    ) => {
      const result = await changeStatus(db(), { submissionId: id, from, to, actor });
      if (result.outcome !== "changed") throw new Error(result.outcome);
      return result.decisionId;
    };
    const id = await insertApplicationRow(db(), { email: "kept@example.com" });
    expect(await firstDecided(id)).toBeNull();
    const first = await decide(id, "Pendente", "Aprovado");
    const [decided] = await db()
      .select({ at: submissionStatusHistory.createdAt })
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.id, first));
    expect(await firstDecided(id)).toEqual(decided!.at);
    // Reopened by the admin: she was told, so her first answer stays.
    await decide(id, "Aprovado", "Pendente", admin);
    expect(await firstDecided(id)).toEqual(decided!.at);
    // Approved again, then undone: the first answer is still the first one.
    const again = await decide(id, "Pendente", "Aprovado");
    expect(await undoDecision(db(), again, { id: approver.id })).toMatchObject({
      outcome: "undone",
    });
    expect(await firstDecided(id)).toEqual(decided!.at);

    // Her only decision undone: she was never told, so no answer yet.
    const other = await insertApplicationRow(db(), { email: "undone@example.com" });
    const only = await decide(other, "Pendente", "Reprovado");
    expect(await firstDecided(other)).not.toBeNull();
    expect(await undoDecision(db(), only, { id: approver.id })).toMatchObject({
      outcome: "undone",
    });
    expect(await firstDecided(other)).toBeNull();
  });
});
