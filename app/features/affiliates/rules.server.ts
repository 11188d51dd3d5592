import { eq, isNull, or, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import { affiliates, commissionRules, settings } from "#app/db/schema.server.ts";
import {
  PROGRAM_SETTINGS_KEY,
  programSettings,
  type ProgramSettings,
} from "./entry-state.server.ts";
import { noRule, type CommissionRule } from "./rules.ts";

/*
 * The program's rule and each affiliate's override of it (decision record 057): an override
 * replaces the whole rule, so she reads one rule, never a merge of two.
 */

const ruleColumns = {
  affiliateId: commissionRules.affiliateId,
  milestone: commissionRules.milestone,
  fixedCents: commissionRules.fixedCents,
  shareBasisPoints: commissionRules.shareBasisPoints,
  shareMonths: commissionRules.shareMonths,
};

const asRule = (row: CommissionRule): CommissionRule => ({
  milestone: row.milestone,
  fixedCents: row.fixedCents,
  shareBasisPoints: row.shareBasisPoints,
  shareMonths: row.shareMonths,
});

/**
 * The program's rule (none until an admin sets one), her override if she has one, and the one
 * that applies to her.
 */
export async function rulesOf(db: Reader, affiliateId: number | null) {
  const rows = await db
    .select(ruleColumns)
    .from(commissionRules)
    .where(
      affiliateId === null
        ? isNull(commissionRules.affiliateId)
        : or(isNull(commissionRules.affiliateId), eq(commissionRules.affiliateId, affiliateId)),
    );
  const program = rows.find((row) => row.affiliateId === null);
  const override = rows.find((row) => row.affiliateId !== null);
  return {
    program: program ? asRule(program) : noRule,
    override: override ? asRule(override) : null,
    effective: asRule(override ?? program ?? noRule),
  };
}

export async function effectiveRule(db: Reader, affiliateId: number): Promise<CommissionRule> {
  return (await rulesOf(db, affiliateId)).effective;
}

const isEmpty = (rule: CommissionRule) =>
  rule.fixedCents === null && rule.shareBasisPoints === null;
const sameRule = (a: CommissionRule | null, b: CommissionRule | null) =>
  JSON.stringify(a && asRule(a)) === JSON.stringify(b && asRule(b));

/**
 * Sets the program's rule (affiliateId null) or her override; `rule` null (or one paying
 * nothing, for the program) removes the override, so she follows the program's again. Written
 * with its access-log entry; "not-found" for an affiliate that is not there.
 */
export async function saveRule(
  db: Database,
  input: { affiliateId: number | null; rule: CommissionRule | null; actor: Actor },
): Promise<"changed" | "unchanged" | "not-found"> {
  return db.transaction(async (tx) => {
    if (input.affiliateId !== null) {
      const [found] = await tx
        .select({ id: affiliates.id })
        .from(affiliates)
        .where(eq(affiliates.id, input.affiliateId))
        .for("update");
      if (!found) return "not-found";
    }
    const current = await currentRule(tx, input.affiliateId);
    const next =
      input.rule && !(input.affiliateId === null && isEmpty(input.rule)) ? input.rule : null;
    if (sameRule(current, next)) return "unchanged";
    if (next === null) {
      await tx
        .delete(commissionRules)
        .where(
          input.affiliateId === null
            ? isNull(commissionRules.affiliateId)
            : eq(commissionRules.affiliateId, input.affiliateId),
        );
    } else {
      // Two admins saving at once: the unique index on coalesce(affiliate_id, 0) makes the second
      // an update of the first's row, never a second rule.
      await tx.execute(sql`
        insert into ${commissionRules} (affiliate_id, milestone, fixed_cents, share_basis_points, share_months, updated_by)
        values (${input.affiliateId}, ${next.milestone}, ${next.fixedCents}, ${next.shareBasisPoints}, ${next.shareMonths}, ${input.actor.id})
        on conflict ((coalesce(affiliate_id, 0))) do update set
          milestone = excluded.milestone, fixed_cents = excluded.fixed_cents,
          share_basis_points = excluded.share_basis_points, share_months = excluded.share_months,
          updated_by = excluded.updated_by, updated_at = now()`);
    }
    await recordAccess(tx, "affiliate.rule", {
      actor: input.actor,
      subject:
        input.affiliateId === null
          ? "settings:affiliate-program"
          : `affiliate:${input.affiliateId}`,
      details: {
        from: current,
        to: next && asRule(next),
        ...(input.affiliateId === null ? {} : { affiliate: input.affiliateId }),
      },
    });
    return "changed";
  });
}

async function currentRule(tx: Transaction, affiliateId: number | null) {
  const [row] = await tx
    .select(ruleColumns)
    .from(commissionRules)
    .where(
      affiliateId === null
        ? isNull(commissionRules.affiliateId)
        : eq(commissionRules.affiliateId, affiliateId),
    )
    .for("update");
  return row ? asRule(row) : null;
}

/** The hold days and the minimum payout, with the access log's before and after. */
export async function saveProgramSettings(
  db: Database,
  input: { settings: ProgramSettings; actor: Actor },
): Promise<"changed" | "unchanged"> {
  return db.transaction(async (tx) => {
    const before = await programSettings(tx);
    const after = {
      holdDays: input.settings.holdDays,
      minimumPayoutCents: input.settings.minimumPayoutCents,
    };
    if (JSON.stringify(before) === JSON.stringify(after)) return "unchanged";
    await tx
      .insert(settings)
      .values({ key: PROGRAM_SETTINGS_KEY, value: { ...after }, updatedBy: input.actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...after }, updatedBy: input.actor.id, updatedAt: sql`now()` },
      });
    await recordAccess(tx, "settings.affiliate-program", {
      actor: input.actor,
      subject: "settings:affiliate-program",
      details: { from: before, to: after },
    });
    return "changed";
  });
}
