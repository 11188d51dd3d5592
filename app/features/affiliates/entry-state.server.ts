import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import type { EntryState } from "#app/db/affiliate-program-states.ts";
import { affiliateEntries, settings } from "#app/db/schema.server.ts";

/**
 * An affiliate entry's state is derived, never stored (decision record 057), so that the hold
 * ends by the clock alone, with no job to run: void once voided; held while it waits for a review
 * as a possible self-referral; in a batch, then paid, once a payout took it; payable once its
 * hold has passed; pending before that. Every screen and every total reads this one expression.
 */
export function entryStateSql(now: Date): SQL<EntryState> {
  return sql<EntryState>`case
    when ${affiliateEntries.voidedAt} is not null then 'void'
    when ${affiliateEntries.riskSignals} is not null and ${affiliateEntries.riskDecision} is null then 'held'
    when ${affiliateEntries.payoutId} is not null then (
      case when exists (
        select 1 from affiliate_payouts p join affiliate_payout_batches b on b.id = p.batch_id
        where p.id = ${affiliateEntries.payoutId} and b.state = 'paid'
      ) then 'paid' else 'in-batch' end)
    when ${affiliateEntries.payableAt} <= ${now.toISOString()}::timestamptz then 'payable'
    else 'pending'
  end`;
}

/** The program's settings an admin changes on screen (admin/afiliados), with their defaults. */
export interface ProgramSettings {
  /** Days an entry waits before it may be paid: an event undone meanwhile voids it. */
  holdDays: number;
  /** An affiliate's payable total below this waits for the next batch. */
  minimumPayoutCents: number;
}

export const PROGRAM_SETTINGS_KEY = "affiliate-program";
export const defaultProgramSettings: ProgramSettings = { holdDays: 30, minimumPayoutCents: 10_000 };

export async function programSettings(db: Pick<Database, "select">): Promise<ProgramSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PROGRAM_SETTINGS_KEY));
  const value = (row?.value ?? {}) as Partial<ProgramSettings>;
  return {
    holdDays: Number.isInteger(value.holdDays) ? value.holdDays! : defaultProgramSettings.holdDays,
    minimumPayoutCents: Number.isInteger(value.minimumPayoutCents)
      ? value.minimumPayoutCents!
      : defaultProgramSettings.minimumPayoutCents,
  };
}
