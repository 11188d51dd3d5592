import type { TFunction } from "i18next";
import type { ReferralMilestone } from "#app/db/affiliate-program-states.ts";
import { formatMoney } from "./money.ts";

/**
 * The affiliate program's rule as the screens hold it (commission_rules; decision record 057),
 * and the rule stated in words in the reader's language. Browser-safe.
 */
export interface CommissionRule {
  /** Paid once when a referral reaches it; null with fixedCents null. */
  milestone: ReferralMilestone | null;
  fixedCents: number | null;
  /** Of the agency's share of each of her statements (1000 = 10 %); null with shareMonths null. */
  shareBasisPoints: number | null;
  shareMonths: number | null;
}

export const noRule: CommissionRule = {
  milestone: null,
  fixedCents: null,
  shareBasisPoints: null,
  shareMonths: null,
};

/** A share in basis points as a percentage in the reader's language: 1000 → "10 %", "10%". */
export function formatShareOf(basisPoints: number, language: string) {
  return new Intl.NumberFormat(language, {
    style: "percent",
    minimumFractionDigits: basisPoints % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}

type Translate = TFunction;

/**
 * The rule in one sentence: "R$ 150,00 when a woman you referred signs her contract, and 10 % of
 * the agency's share of her monthly earnings for her first 6 months". Its parts are whole
 * sentences of the locale files (never words glued in code), so each language orders them.
 */
export function describeRule(rule: CommissionRule, t: Translate, language: string): string {
  const fixed =
    rule.milestone && rule.fixedCents
      ? t(`affiliateProgram.rule.fixed.${rule.milestone}`, {
          amount: formatMoney(rule.fixedCents, language),
        })
      : null;
  const share =
    rule.shareBasisPoints && rule.shareMonths
      ? t("affiliateProgram.rule.share", {
          share: formatShareOf(rule.shareBasisPoints, language),
          count: rule.shareMonths,
        })
      : null;
  if (fixed && share) return t("affiliateProgram.rule.both", { fixed, share });
  if (fixed) return t("affiliateProgram.rule.only", { part: fixed });
  if (share) return t("affiliateProgram.rule.only", { part: share });
  return t("affiliateProgram.rule.none");
}
