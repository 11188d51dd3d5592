import type { TFunction } from "i18next";
import type { Database } from "#app/db/db.server.ts";
import { promisedReplyDays } from "#app/features/site/site-settings.server.ts";
import { firstNameAndInitial } from "#app/features/staff-alerts/alerts.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { type AnalyticsRange } from "./analytics.server.ts";
import {
  agencyMoney,
  cohortFunnel,
  funnelSteps,
  onboardingStepTimes,
  overdueStepsByOwner,
} from "./cohort.server.ts";
import {
  approvalRates,
  backlogOverTime,
  decisionTimes,
  decisionsPerReviewer,
} from "./decisions.server.ts";
import { previousRange } from "./periods.server.ts";
import { rejectionsByReason } from "./rejection-reasons.server.ts";

/*
 * The manager's figures (issue 31) as tables: the page shows them and each downloads as CSV from
 * the same rows, so the file is what the screen says. Labels are in her language; each cell
 * carries its kind, which the page and the CSV each write their own way.
 */

export const managerTableIds = [
  "decision-time",
  "backlog",
  "reviewers",
  "reviewer-days",
  "approval",
  "reasons",
  "cohort",
  "onboarding",
  "overdue",
  "money",
  "models",
] as const;
export type ManagerTableId = (typeof managerTableIds)[number];

export type CellKind = "text" | "count" | "days" | "percent" | "money" | "date" | "month";
/** A percent is a ratio (0.5 = 50 %); days are decimal days; money is cents. */
export interface Cell {
  kind: CellKind;
  value: string | number | null;
}
export interface ManagerTable {
  id: ManagerTableId;
  columns: string[];
  rows: Cell[][];
  /** What a reader must know to read it right (a step capped to the one before it). */
  notes?: string[];
}

const DAY = 86_400;
const text = (value: string | null): Cell => ({ kind: "text", value });
const count = (value: number): Cell => ({ kind: "count", value });
const days = (seconds: number | null): Cell => ({
  kind: "days",
  value: seconds === null ? null : Math.round((seconds / DAY) * 10) / 10,
});
const ratio = (part: number, whole: number): Cell => ({
  kind: "percent",
  value: whole > 0 ? part / whole : null,
});
const money = (cents: number): Cell => ({ kind: "money", value: cents });
const date = (day: string): Cell => ({ kind: "date", value: day });
const month = (first: string): Cell => ({ kind: "month", value: first });

/**
 * The tables asked for (all, unless `ids` names some) of the range and of the period before it,
 * labelled in `t`'s language. Each source of figures is read once, and only for a table asked
 * for: the CSV of one table reads what that table needs.
 */
export async function managerTables(
  db: Database,
  range: AnalyticsRange,
  context: { t: TFunction; language: string; now: Date; today: string },
  ids: readonly ManagerTableId[] = managerTableIds,
): Promise<ManagerTable[]> {
  const { t, language, now, today } = context;
  const before = previousRange(range);
  const once = <T>(read: () => Promise<T>) => {
    let promise: Promise<T> | undefined;
    return () => (promise ??= read());
  };
  const both = <T>(read: (r: AnalyticsRange) => Promise<T>) =>
    once(() => Promise.all([read(range), read(before)]));
  const promisedDays = once(() => promisedReplyDays(db));
  const sources = {
    times: both(async (r) => decisionTimes(db, r, await promisedDays())),
    backlog: both((r) => backlogOverTime(db, r, now)),
    reviewers: both((r) => decisionsPerReviewer(db, r)),
    approval: both((r) => approvalRates(db, r)),
    reasons: both((r) => rejectionsByReason(db, r)),
    funnel: both((r) => cohortFunnel(db, r)),
    steps: both((r) => onboardingStepTimes(db, r)),
    overdue: once(() => overdueStepsByOwner(db, today)),
    money: both((r) => agencyMoney(db, r)),
  };
  const c = (key: string) => t(`admin.manager.columns.${key}`);
  const periods = [c("current"), c("previous")];
  const none = t("admin.manager.none");

  const builders: Record<ManagerTableId, () => Promise<ManagerTable>> = {
    "decision-time": async () => {
      const promised = await promisedDays();
      const [now_, then] = await sources.times();
      return {
        id: "decision-time",
        columns: [c("figure"), ...periods],
        rows: [
          [text(t("admin.manager.time.received")), count(now_.received), count(then.received)],
          [text(t("admin.manager.time.decided")), count(now_.decided), count(then.decided)],
          [
            text(t("admin.manager.time.median")),
            days(now_.medianSeconds),
            days(then.medianSeconds),
          ],
          [text(t("admin.manager.time.p90")), days(now_.p90Seconds), days(then.p90Seconds)],
          [text(t("admin.manager.time.promised")), count(promised), count(promised)],
          [
            text(t("admin.manager.time.onTime")),
            ratio(now_.onTime, now_.decided),
            ratio(then.onTime, then.decided),
          ],
        ],
      };
    },
    backlog: async () => {
      const backlog = await sources.backlog();
      return {
        id: "backlog",
        columns: [c("period"), c("waiting"), c("oldest"), c("median"), c("waitingBefore")],
        rows: backlog[0].map((point, index) => [
          date(point.bucket),
          count(point.waiting),
          days(point.oldestSeconds),
          days(point.medianSeconds),
          count(backlog[1][index]?.waiting ?? 0),
        ]),
      };
    },
    reviewers: async () => {
      const reviewers = await sources.reviewers();
      const totals = (rows: (typeof reviewers)[0]) => {
        const map = new Map<string, { approved: number; rejected: number }>();
        for (const row of rows) {
          const entry = map.get(row.reviewer) ?? { approved: 0, rejected: 0 };
          entry.approved += row.approved;
          entry.rejected += row.rejected;
          map.set(row.reviewer, entry);
        }
        return map;
      };
      const [reviewersNow, reviewersThen] = [totals(reviewers[0]), totals(reviewers[1])];
      const reviewerNames = [...new Set([...reviewersNow.keys(), ...reviewersThen.keys()])].sort();
      return {
        id: "reviewers",
        columns: [
          c("reviewer"),
          c("approved"),
          c("rejected"),
          c("decisions"),
          c("decisionsBefore"),
        ],
        rows: reviewerNames.map((name) => {
          const current = reviewersNow.get(name) ?? { approved: 0, rejected: 0 };
          const previous = reviewersThen.get(name) ?? { approved: 0, rejected: 0 };
          return [
            text(name),
            count(current.approved),
            count(current.rejected),
            count(current.approved + current.rejected),
            count(previous.approved + previous.rejected),
          ];
        }),
      };
    },
    "reviewer-days": async () => {
      const reviewers = await sources.reviewers();
      return {
        id: "reviewer-days",
        columns: [c("day"), c("reviewer"), c("approved"), c("rejected")],
        rows: reviewers[0].map((row) => [
          date(row.day),
          text(row.reviewer),
          count(row.approved),
          count(row.rejected),
        ]),
      };
    },
    approval: async () => {
      const approval = await sources.approval();
      const languageName = (code: string | null) =>
        languages.find((l) => l.code === code)?.name ?? code ?? none;
      const sliceLabel = (kind: string, key: string | null) =>
        kind === "source"
          ? t(`admin.source.${key}`)
          : kind === "language"
            ? languageName(key)
            : (key ?? t("admin.manager.direct"));
      const previousRate = new Map(approval[1].map((s) => [`${s.kind}:${s.key}`, s]));
      return {
        id: "approval",
        columns: [c("by"), c("value"), c("decided"), c("approved"), c("rate"), c("rateBefore")],
        rows: approval[0].map((slice) => {
          const previous = previousRate.get(`${slice.kind}:${slice.key}`);
          return [
            text(t(`admin.manager.by.${slice.kind}`)),
            text(sliceLabel(slice.kind, slice.key)),
            count(slice.decided),
            count(slice.approved),
            ratio(slice.approved, slice.decided),
            previous ? ratio(previous.approved, previous.decided) : ratio(0, 0),
          ];
        }),
      };
    },
    reasons: async () => {
      const reasons = await sources.reasons();
      const reasonsTotal = reasons[0].reduce((sum, row) => sum + row.count, 0);
      const reasonsBefore = new Map(reasons[1].map((row) => [row.label, row.count]));
      return {
        id: "reasons",
        columns: [c("reason"), c("rejections"), c("share"), c("rejectionsBefore")],
        rows: reasons[0].map((row) => [
          text(row.label ?? t("admin.reasons.none")),
          count(row.count),
          ratio(row.count, reasonsTotal),
          count(reasonsBefore.get(row.label) ?? 0),
        ]),
      };
    },
    cohort: async () => {
      const [funnelNow, funnelThen] = await sources.funnel();
      const figure = new Intl.NumberFormat(language);
      return {
        id: "cohort",
        columns: [c("step"), c("count"), c("ofPrevious"), c("ofFirst"), c("countBefore")],
        rows: funnelSteps.map((step, index) => [
          text(t(`admin.manager.funnel.${step}`)),
          count(funnelNow.steps[step]),
          index === 0
            ? ratio(0, 0)
            : ratio(funnelNow.steps[step], funnelNow.steps[funnelSteps[index - 1]!]),
          ratio(funnelNow.steps[step], funnelNow.steps.pageViews),
          count(funnelThen.steps[step]),
        ]),
        notes: [
          t("admin.manager.funnel.startedSplit", {
            form: figure.format(funnelNow.startedIn.form),
            chat: figure.format(funnelNow.startedIn.chatbot),
          }),
          ...Object.entries(funnelNow.capped).map(([step, counted]) =>
            t("admin.manager.funnel.capped", {
              step: t(`admin.manager.funnel.${step}`),
              counted: figure.format(counted),
            }),
          ),
          t("admin.manager.funnel.note"),
        ],
      };
    },
    onboarding: async () => {
      const steps = await sources.steps();
      const titleOf = (titles: Record<string, string>) =>
        titles[language] || titles.pt || Object.values(titles).find(Boolean) || "—";
      const stepsBefore = new Map(steps[1].map((row) => [row.stepId, row]));
      return {
        id: "onboarding",
        columns: [c("onboardingStep"), c("closed"), c("median"), c("medianBefore")],
        rows: steps[0].map((row) => [
          text(titleOf(row.titles)),
          count(row.closed),
          days(row.medianSeconds),
          days(stepsBefore.get(row.stepId)?.medianSeconds ?? null),
        ]),
      };
    },
    overdue: async () => ({
      id: "overdue",
      columns: [c("owner"), c("overdue"), c("oldestDue")],
      rows: (await sources.overdue()).map((row) => [
        text(row.owner ?? t("admin.manager.nobody")),
        count(row.overdue),
        date(row.oldestDueOn),
      ]),
    }),
    money: async () => {
      const money_ = await sources.money();
      const sumOf = (
        months: (typeof money_)[0]["months"],
        key: "agencyCents" | "referredAgencyCents" | "affiliateCostCents",
      ) => months.reduce((sum, month) => sum + month[key], 0);
      const moneyRow = (label: Cell, months: (typeof money_)[0]["months"]) => [
        label,
        money(sumOf(months, "agencyCents")),
        money(sumOf(months, "referredAgencyCents")),
        money(sumOf(months, "affiliateCostCents")),
        ratio(sumOf(months, "affiliateCostCents"), sumOf(months, "referredAgencyCents")),
      ];
      return {
        id: "money",
        columns: [
          c("month"),
          c("agencyShare"),
          c("referredShare"),
          c("affiliateCost"),
          c("costOfReferred"),
        ],
        rows: [
          ...money_[0].months.map((row) => moneyRow(month(row.month), [row])),
          moneyRow(text(t("admin.manager.total")), money_[0].months),
          moneyRow(text(t("admin.manager.totalBefore")), money_[1].months),
        ],
      };
    },
    models: async () => ({
      id: "models",
      columns: [c("model"), c("agencyShare")],
      rows: (await sources.money())[0].topModels.map((model) => [
        text(firstNameAndInitial(model.fullName)),
        money(model.agencyCents),
      ]),
    }),
  };
  return Promise.all(ids.map((id) => builders[id]()));
}
