import { Link } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { formatDay } from "#app/features/onboarding/format.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { StaffCheck } from "./checks.server.ts";
import type { IdentityPanelData } from "./review.server.ts";

const tones: Record<StaffCheck["state"], BadgeTone> = {
  submitted: "neutral",
  confirmed: "positive",
  retake: "negative",
};

/** Where a check is reviewed, and where its record is read once answered. */
export const identityReviewHref = (applicationId: number, checkId: number) =>
  `/admin/cadastros/${applicationId}/identity/${checkId}`;

/**
 * The Identity panel of her application's page (issue 30): each check she sent, its state and
 * its record (who answered, when, what was checked); a waiting one leads to its review. No
 * photo here: they open on the review page, where each view is logged.
 */
export function IdentityPanel({
  applicationId,
  identity,
}: {
  applicationId: number;
  identity: IdentityPanelData | null;
}) {
  const { t } = useTranslation();
  if (!identity) return null;
  return (
    <Section id="identity" anchor="identity" title={t("identity.staff.title")}>
      {identity.checks.length === 0 ? (
        <p className="mt-3 text-sm text-ink-700">{t("identity.staff.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-ink-100">
          {identity.checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-start gap-3 py-3 first:pt-0">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone={tones[check.state]} value={check.state}>
                    {t(`identity.states.${check.state}`)}
                  </Badge>
                  <span className="text-sm text-ink-700">
                    {t(`identity.types.${check.documentType}`)}
                  </span>
                </p>
                <CheckRecord check={check} />
              </div>
              <Link
                to={identityReviewHref(applicationId, check.id)}
                className={buttonVariants({
                  size: "sm",
                  variant: check.state === "submitted" ? undefined : "secondary",
                })}
              >
                {t(check.state === "submitted" ? "identity.staff.review" : "identity.staff.open")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** What is known of a check, in sentences: sent, answered by whom and when, what was checked. */
export function CheckRecord({ check }: { check: StaffCheck }) {
  const { t, i18n } = useTranslation();
  const when = (at: string) => formatAgencyTime(at, i18n.language);
  const name = check.reviewer ?? t("identity.staff.formerStaff");
  return (
    <div className="space-y-0.5 text-sm text-ink-600">
      <p>{t("identity.staff.sentOn", { date: when(check.submittedAt) })}</p>
      {check.state === "confirmed" && check.reviewedAt ? (
        <>
          <p>{t("identity.staff.confirmedBy", { name, date: when(check.reviewedAt) })}</p>
          <p className="text-ink-800">
            {t("identity.staff.checked", {
              type: t(`identity.types.${check.confirmedType ?? check.documentType}`),
              born: check.bornOn ? formatDay(check.bornOn, i18n.language) : "",
            })}
          </p>
        </>
      ) : null}
      {check.state === "retake" && check.reviewedAt ? (
        <p>{t("identity.staff.retakeBy", { name, date: when(check.reviewedAt) })}</p>
      ) : null}
      {check.imagesDeletedAt ? (
        <p>{t("identity.staff.imagesDeleted", { date: when(check.imagesDeletedAt) })}</p>
      ) : null}
    </div>
  );
}
