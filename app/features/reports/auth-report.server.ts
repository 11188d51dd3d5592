import { sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
// Days are the agency's (Florianópolis), not the server's or UTC.
import { REPORT_DAYS, REPORT_TIME_ZONE } from "./auth-report.ts";

export interface AuthReportDay {
  day: string;
  signIns: number;
  failures: number;
  rateLimited: number;
  signUps: number;
}

export interface AuthReport {
  days: AuthReportDay[];
  /** Sign-ins and failures over the period, per method (password, google, two-factor, …). */
  methods: { method: string; signIns: number; failures: number }[];
  /** Rate-limit refusals over the period, per form (sign-in, sign-up, reset, two-factor). */
  limits: { form: string; count: number }[];
  accounts: {
    total: number;
    unverified: number;
    disabled: number;
    twoFactor: number;
    staff: number;
    staffTwoFactor: number;
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Admin › auth report (product.md section 5): sign-ins and failures per day over the last 30
 * days, by method, rate-limit hits, and the state of the accounts (unverified, disabled,
 * two-step sign-in among all users and among staff). Staff are approvers and admins by the role
 * that counts, so the verified owner of ADMIN_EMAIL is staff whatever her stored role.
 */
export async function authReport(db: Database, adminEmail?: string): Promise<AuthReport> {
  const zone = REPORT_TIME_ZONE;
  const since = sql`((now() at time zone ${zone})::date - ${REPORT_DAYS - 1}::int)::timestamp at time zone ${zone}`;
  const [today, grouped, accounts] = await Promise.all([
    db.execute(sql`select to_char(now() at time zone ${zone}, 'YYYY-MM-DD') as today`),
    db.execute(sql`
      select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day, kind,
        coalesce(method, '') as method, count(*)::int as count
      from auth_events
      where created_at >= ${since}
      group by 1, 2, 3`),
    db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where not email_verified)::int as unverified,
        count(*) filter (where disabled)::int as disabled,
        count(*) filter (where two_factor_enabled)::int as two_factor,
        count(*) filter (where ${staffCondition(adminEmail)})::int as staff,
        count(*) filter (where two_factor_enabled and (${staffCondition(adminEmail)}))::int
          as staff_two_factor
      from "user"`),
  ]);

  const todayText = rowsOf<{ today: string }>(today)[0]!.today;
  const byDay = new Map<string, AuthReportDay>();
  const end = new Date(`${todayText}T00:00:00Z`);
  for (let i = 0; i < REPORT_DAYS; i++) {
    const day = new Date(end.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(day, { day, signIns: 0, failures: 0, rateLimited: 0, signUps: 0 });
  }
  const methods = new Map<string, { method: string; signIns: number; failures: number }>();
  const limits = new Map<string, number>();
  for (const row of rowsOf<{ day: string; kind: string; method: string; count: number }>(grouped)) {
    const day = byDay.get(row.day);
    const count = Number(row.count);
    if (!day) continue;
    if (row.kind === "sign-in") day.signIns += count;
    else if (row.kind === "sign-in-failed") day.failures += count;
    else if (row.kind === "rate-limited") day.rateLimited += count;
    else if (row.kind === "sign-up") day.signUps += count;
    if (row.kind === "sign-in" || row.kind === "sign-in-failed") {
      const entry = methods.get(row.method) ?? { method: row.method, signIns: 0, failures: 0 };
      if (row.kind === "sign-in") entry.signIns += count;
      else entry.failures += count;
      methods.set(row.method, entry);
    }
    if (row.kind === "rate-limited") limits.set(row.method, (limits.get(row.method) ?? 0) + count);
  }
  const a = rowsOf<Record<string, number>>(accounts)[0] ?? {};
  return {
    days: [...byDay.values()],
    methods: [...methods.values()].sort((x, y) => y.signIns + y.failures - x.signIns - x.failures),
    limits: [...limits].map(([form, count]) => ({ form, count })).sort((x, y) => y.count - x.count),
    accounts: {
      total: Number(a.total ?? 0),
      unverified: Number(a.unverified ?? 0),
      disabled: Number(a.disabled ?? 0),
      twoFactor: Number(a.two_factor ?? 0),
      staff: Number(a.staff ?? 0),
      staffTwoFactor: Number(a.staff_two_factor ?? 0),
    },
  };
}

function staffCondition(adminEmail: string | undefined) {
  const byRole = sql`role in ('approver', 'admin')`;
  return adminEmail
    ? sql`(${byRole} or (email_verified and lower(email) = ${adminEmail}))`
    : byRole;
}
