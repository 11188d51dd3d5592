import { Fragment } from "react";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import type { ModelApplication } from "./dashboard.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { ApplicationCard } from "./application-card.tsx";

/*
 * The model dashboard's sections (/dashboard/model, app/routes/areas/model-dashboard.tsx); the
 * route holds the loader and the action and puts them in their columns.
 */

/**
 * Her applications, newest first, each with what its status means for her; or why there is
 * none to show (an address not verified yet, or nothing sent with it).
 */
export function Applications({
  emailVerified,
  applications,
  liveOnboarding = false,
}: {
  emailVerified: boolean;
  applications: ModelApplication[];
  /** Her onboarding is shown as it stands (issue 29): the general steps below are not. */
  liveOnboarding?: boolean;
}) {
  const { t } = useTranslation();
  if (!emailVerified) {
    return (
      <Section id="verify" title={t("dashboard.verifyTitle")}>
        <p className="mt-2 text-ink-600">{t("dashboard.verifyText")}</p>
      </Section>
    );
  }
  if (applications.length === 0) {
    return (
      <Section id="none" title={t("dashboard.noneTitle")}>
        <p className="mt-2 text-ink-600">{t("dashboard.noneText")}</p>
        <Link to="/#preselection" className={`mt-5 ${buttonVariants()}`}>
          {t("dashboard.apply")}
        </Link>
      </Section>
    );
  }
  return applications.map((application, index) => (
    <Fragment key={application.id}>
      <ApplicationCard
        application={application}
        latest={index === 0}
        liveOnboarding={index === 0 && liveOnboarding}
      />
      {/* Her onboarding follows the approval it belongs to, before older applications. */}
      {index === 0 && application.status === "Aprovado" && !liveOnboarding ? <NextSteps /> : null}
    </Fragment>
  ));
}

const onboardingSteps = ["call", "documents", "contract", "profile", "launch"] as const;

/** What happens after an approval, step by step. */
function NextSteps() {
  const { t } = useTranslation();
  return (
    <Section id="next" title={t("dashboard.next.title")}>
      <p className="mt-2 text-ink-600">{t("dashboard.next.intro")}</p>
      <ol className="mt-5 space-y-4">
        {onboardingSteps.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold text-ink-900">
                {t(`dashboard.next.steps.${step}.title`)}
              </p>
              <p className="mt-0.5 text-sm text-ink-600">
                {t(`dashboard.next.steps.${step}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
