import type { TFunction } from "i18next";
import type { EntryOrigin, ReferralMilestone } from "#app/db/affiliate-program-states.ts";
import { formatShareOf } from "./rules.ts";

/*
 * An entry in words, in the reader's language: what it is for ("Bruna A. signed her contract"),
 * and, voided, why. Browser-safe; the loaders call it with their `t`.
 */

type Translate = TFunction;

export interface DescribedEntry {
  origin: EntryOrigin;
  milestone: ReferralMilestone | null;
  /** As the reader may see it: first name and initial in her portal; null once erased. */
  referralName: string | null;
  /** The statement's month (YYYY-MM-01). */
  statementMonth: string | null;
  statementRevision: number | null;
  shareBasisPoints: number | null;
  reason: string | null;
}

/** The reasons the system voids an entry with, each a sentence of the locale files. */
const systemVoidReasons = [
  "reopened",
  "step-reopened",
  "decision-undone",
  "voided-by-hand",
  "merged-duplicate",
];

export function describeEntry(entry: DescribedEntry, t: Translate, language: string): string {
  const name = entry.referralName ?? t("affiliateProgram.entry.erased");
  switch (entry.origin) {
    case "milestone":
      return t(`affiliateProgram.entry.milestone.${entry.milestone ?? "approved"}`, { name });
    case "statement": {
      const month = entry.statementMonth
        ? new Intl.DateTimeFormat(language, {
            month: "long",
            year: "numeric",
            timeZone: "UTC",
          }).format(new Date(`${entry.statementMonth.slice(0, 10)}T12:00:00Z`))
        : "";
      const share = formatShareOf(entry.shareBasisPoints ?? 0, language);
      return t(
        entry.statementRevision
          ? "affiliateProgram.entry.statementCorrection"
          : "affiliateProgram.entry.statement",
        { name, month, share },
      );
    }
    case "manual":
      return entry.reason ?? "";
    case "legacy":
      // The old ledger's notes were the staff's own: she reads only where the entry came from.
      return t("affiliateProgram.entry.legacy");
  }
}

/** Why a voided entry was voided: the system's reason in words, or the admin's own. */
export function voidLine(voidReason: string | null, t: Translate): string {
  if (voidReason && systemVoidReasons.includes(voidReason)) {
    return t(`affiliateProgram.void.${voidReason}`);
  }
  return voidReason
    ? t("affiliateProgram.void.byAdmin", { reason: voidReason })
    : t("affiliateProgram.void.unknown");
}
