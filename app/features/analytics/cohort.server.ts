import { sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { monthStart } from "#app/features/statements/money.ts";
import { statementTotals } from "#app/features/statements/money.ts";
import { type AnalyticsRange } from "./analytics.server.ts";
import { rangeBounds, rowsOf, toNumber, toNumberOrNull } from "./periods.server.ts";

/*
 * What becomes of the applications (issue 31): the cohort's funnel, onboarding, and money.
 */

export const funnelSteps = [
  "pageViews",
  "started",
  "submitted",
  "approved",
  "signed",
  "active",
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export interface CohortFunnel {
  /** Each step, never more than the one before it. */
  steps: Record<FunnelStep, number>;
  /** The steps counted apart (visits and starts are anonymous counts) that exceeded the step
   * before them and were capped to it: what was counted. */
  capped: Partial<Record<FunnelStep, number>>;
  /** The starts by where they began: the pre-selection form or the chatbot. */
  startedIn: { form: number; chatbot: number };
}

/**
 * The funnel of one cohort: the page views and starts counted on the range's days (daily_counts),
 * then the applications received in the range, and of those same applications how many are
 * approved, have a signed (or countersigned) contract, and are active. The last three are subsets
 * of the cohort by construction; visits and starts are counted apart from the applications, so
 * a step they would exceed is capped and the cap reported.
 */
export async function cohortFunnel(db: Database, range: AnalyticsRange): Promise<CohortFunnel> {
  const { start, end } = rangeBounds(range);
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select
      (select coalesce(sum(count), 0) from daily_counts
        where day between ${range.from} and ${range.to} and event = 'page_view') as page_views,
      (select coalesce(sum(count), 0) from daily_counts
        where day between ${range.from} and ${range.to} and event = 'form_started') as form_started,
      (select coalesce(sum(count), 0) from daily_counts
        where day between ${range.from} and ${range.to} and event = 'chatbot_started') as chatbot_started,
      count(*) as submitted,
      count(*) filter (where s.status = 'Aprovado') as approved,
      -- The signed contracts are few beside the applications: one hashed list, not a probe each.
      count(*) filter (where s.status = 'Aprovado' and s.id in (
        select c.submission_id from model_contracts c
        where c.state in ('signed', 'countersigned'))) as signed,
      count(*) filter (where s.status = 'Aprovado' and s.active_since is not null and s.id in (
        select c.submission_id from model_contracts c
        where c.state in ('signed', 'countersigned'))) as active
    from submissions s
    where s.created_at >= ${start} and s.created_at < ${end}`,
  );
  const counted: Record<FunnelStep, number> = {
    pageViews: toNumber(row!.page_views),
    started: toNumber(row!.form_started) + toNumber(row!.chatbot_started),
    submitted: toNumber(row!.submitted),
    approved: toNumber(row!.approved),
    signed: toNumber(row!.signed),
    active: toNumber(row!.active),
  };
  const steps = { ...counted };
  const capped: CohortFunnel["capped"] = {};
  for (let index = 1; index < funnelSteps.length; index += 1) {
    const step = funnelSteps[index]!;
    const before = steps[funnelSteps[index - 1]!];
    if (steps[step] > before) {
      capped[step] = counted[step];
      steps[step] = before;
    }
  }
  return {
    steps,
    capped,
    startedIn: { form: toNumber(row!.form_started), chatbot: toNumber(row!.chatbot_started) },
  };
}

export interface StepTime {
  stepId: number;
  titles: Record<string, string>;
  closed: number;
  medianSeconds: number | null;
}

/**
 * The onboarding steps closed (done or skipped) in the range, per step: how many, and the median
 * time from when it opened (her approval started her onboarding) to when it was closed.
 */
export async function onboardingStepTimes(
  db: Database,
  range: AnalyticsRange,
): Promise<StepTime[]> {
  const { start, end } = rangeBounds(range);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select st.id as step_id, st.titles, count(*) as closed,
      percentile_cont(0.5) within group (order by extract(epoch from o.closed_at - o.created_at)) as median
    from submission_onboarding_steps o
    join onboarding_steps st on st.id = o.step_id
    where o.state in ('done', 'skipped') and o.closed_at >= ${start} and o.closed_at < ${end}
    group by st.id, st.titles, st.position
    order by st.position, st.id`,
  );
  return rows.map((row) => ({
    stepId: toNumber(row.step_id),
    titles: (typeof row.titles === "string" ? JSON.parse(row.titles) : row.titles) as Record<
      string,
      string
    >,
    closed: toNumber(row.closed),
    medianSeconds: toNumberOrNull(row.median),
  }));
}

export interface OverdueOwner {
  /** The owner's name; null: nobody owns them. */
  owner: string | null;
  overdue: number;
  oldestDueOn: string;
}

/**
 * Open steps past their due day on `today` (the agency's), per owner: what is late now, whatever
 * the range (submission_onboarding_owner_idx).
 */
export async function overdueStepsByOwner(db: Database, today: string): Promise<OverdueOwner[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select u.name as owner, count(*) as overdue, to_char(min(o.due_on), 'YYYY-MM-DD') as oldest
    from submission_onboarding_steps o
    left join "user" u on u.id = o.owner_id
    where o.state = 'todo' and o.due_on < ${today}::date
    group by o.owner_id, u.name
    order by 2 desc, 1`,
  );
  return rows.map((row) => ({
    owner: row.owner === null ? null : String(row.owner),
    overdue: toNumber(row.overdue),
    oldestDueOn: String(row.oldest),
  }));
}

export interface MoneyMonth {
  month: string;
  /** The agency's share of every published statement of the month, in cents. */
  agencyCents: number;
  /** Of it, from models an affiliate referred. */
  referredAgencyCents: number;
  /** What the affiliate program earned its affiliates that month (entries not voided). */
  affiliateCostCents: number;
}

export interface AgencyMoney {
  months: MoneyMonth[];
  /** The models whose statements brought the agency most in the range (screens show her first
   * name and initial only). */
  topModels: { submissionId: number; fullName: string; agencyCents: number }[];
}

export const TOP_MODELS = 10;

/**
 * The months the range touches: the agency's share of each published statement, computed as
 * the statement itself does (statementTotals: rounded once, on its total), per month and per
 * model; the share brought by referred models; and the affiliate program's cost by the day each
 * entry was earned (occurred_on).
 */
export async function agencyMoney(db: Database, range: AnalyticsRange): Promise<AgencyMoney> {
  const firstMonth = monthStart(range.from.slice(0, 7))!;
  const lastMonth = monthStart(range.to.slice(0, 7))!;
  const [statementsRows, costRows] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`
      select st.id, to_char(st.month, 'YYYY-MM-DD') as month, st.submission_id,
        st.agency_share_basis_points as basis_points, s.full_name,
        s.affiliate_id is not null as referred,
        coalesce((select sum(l.gross_cents) from statement_lines l where l.statement_id = st.id), 0)
          as gross
      from statements st
      join submissions s on s.id = st.submission_id
      where st.state = 'published' and st.month between ${firstMonth}::date and ${lastMonth}::date`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`
      select to_char(date_trunc('month', occurred_on), 'YYYY-MM-DD') as month,
        sum(amount_cents) as cost
      from affiliate_entries
      where voided_at is null and occurred_on between ${range.from}::date and ${range.to}::date
      group by 1`,
    ),
  ]);
  const months = new Map<string, MoneyMonth>();
  const monthOf = (month: string) => {
    let entry = months.get(month);
    if (!entry) {
      entry = { month, agencyCents: 0, referredAgencyCents: 0, affiliateCostCents: 0 };
      months.set(month, entry);
    }
    return entry;
  };
  const models = new Map<number, { submissionId: number; fullName: string; agencyCents: number }>();
  for (const row of statementsRows) {
    const { agencyCents } = statementTotals(
      [{ grossCents: toNumber(row.gross) }],
      toNumber(row.basis_points),
    );
    const month = monthOf(String(row.month));
    month.agencyCents += agencyCents;
    if (row.referred === true || row.referred === "t") month.referredAgencyCents += agencyCents;
    const id = toNumber(row.submission_id);
    const model = models.get(id) ?? {
      submissionId: id,
      fullName: String(row.full_name ?? ""),
      agencyCents: 0,
    };
    model.agencyCents += agencyCents;
    models.set(id, model);
  }
  for (const row of costRows) monthOf(String(row.month)).affiliateCostCents += toNumber(row.cost);
  return {
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    topModels: [...models.values()]
      .sort((a, b) => b.agencyCents - a.agencyCents || a.fullName.localeCompare(b.fullName))
      .slice(0, TOP_MODELS),
  };
}
