import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { builtInStepKeys, type BuiltInStepKey } from "#app/db/onboarding-states.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatDayMonth } from "./format.ts";
import { herMoves } from "./limits.ts";
import type { ModelOnboarding } from "./progress.server.ts";

const isBuiltIn = (key: string | null): key is BuiltInStepKey =>
  (builtInStepKeys as readonly (string | null)[]).includes(key);

/**
 * "Your onboarding", at the top of her dashboard once she is approved: where she is ("Step 2 of
 * 5"), what is behind her ("Done: welcome call on 3 December"), what she does next or what the
 * agency is doing, in plain sentences in her language; the agency's own words for a step when it
 * wrote some. A short celebration once she is active.
 */
export function OnboardingCard({ onboarding }: { onboarding: ModelOnboarding }) {
  const { t, i18n } = useTranslation();
  const { steps, manager, callBooked } = onboarding;
  const currentIndex = steps.findIndex((step) => step.state === "todo");
  const current = currentIndex >= 0 ? steps[currentIndex]! : null;
  const lastDone = steps.filter((step) => step.state === "done" && step.closedAt).at(-1);
  const booked = callBooked && current?.key === "welcome-call";
  const hers =
    current && !booked ? (herMoves as readonly (string | null)[]).includes(current.key) : false;
  const sentence = (step: NonNullable<typeof current>) =>
    booked
      ? manager
        ? t("onboarding.model.callBookedWith", { manager })
        : t("onboarding.model.callBooked")
      : (step.guidance ??
        (isBuiltIn(step.key)
          ? manager
            ? t(`onboarding.model.withManager.${step.key}`, { manager })
            : t(`onboarding.model.sentence.${step.key}`)
          : t("onboarding.model.sentence.other", { step: step.title })));
  return (
    <Section
      id="your-onboarding"
      anchor="onboarding"
      title={t("onboarding.model.title")}
      description={
        current
          ? t("onboarding.model.stepOf", { current: currentIndex + 1, total: steps.length })
          : undefined
      }
    >
      {!current ? (
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-900 ring-1 ring-brand-200">
          <span aria-hidden="true">✨</span>
          {t("onboarding.model.active")}
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          {lastDone?.closedAt ? (
            <p className="flex items-start gap-2 text-sm text-ink-700">
              <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {t("onboarding.model.doneOn", {
                step: lastDone.title,
                date: formatDayMonth(lastDone.closedAt, i18n.language),
              })}
            </p>
          ) : null}
          <div
            className={
              hers
                ? "rounded-xl bg-sand-100 p-4 ring-1 ring-sand-300"
                : "rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200"
            }
          >
            <h3 className="text-sm font-semibold text-ink-900">
              {t(hers ? "onboarding.model.yourMove" : "onboarding.model.agencyMove")}
            </h3>
            <p className="mt-1 text-ink-800">{sentence(current)}</p>
            {current.key === "welcome-call" ? (
              <a href="#welcome-call" className={`${buttonVariants({ size: "sm" })} mt-3`}>
                <Icon name="calendar-days" className="size-4" />
                {t(booked ? "onboarding.model.seeCall" : "onboarding.model.bookCall")}
              </a>
            ) : null}
            {current.key === "contract" ? (
              // Her contract's page (issue 30); its words are in the `contracts` strings.
              <a
                href="/dashboard/model/contract"
                className={`${buttonVariants({ size: "sm" })} mt-3`}
              >
                <Icon name="pencil" className="size-4" />
                {t("contracts.model.open")}
              </a>
            ) : null}
            {current.key === "identity" ? (
              <a
                href="/dashboard/model/identity"
                className={`${buttonVariants({ size: "sm" })} mt-3`}
              >
                <Icon name="shield-check" className="size-4" />
                {t("identity.card.open")}
              </a>
            ) : null}
          </div>
          <ol className="space-y-2" aria-label={t("onboarding.model.stepsLabel")}>
            {steps.map((step, index) => (
              <li key={step.id} className="flex items-center gap-3 text-sm">
                <span
                  className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ${
                    step.state === "done"
                      ? "bg-brand-700 text-white ring-brand-700"
                      : index === currentIndex
                        ? "bg-white text-brand-800 ring-2 ring-brand-600"
                        : "bg-white text-ink-500 ring-ink-300"
                  }`}
                  aria-hidden="true"
                >
                  {step.state === "done" ? <Icon name="check" className="size-3.5" /> : index + 1}
                </span>
                <span
                  className={index === currentIndex ? "font-semibold text-ink-900" : "text-ink-700"}
                >
                  {step.title}
                  {/* Hers to do whenever she likes, not only once the steps before it are done. */}
                  {step.key === "identity" && step.state === "todo" && index !== currentIndex ? (
                    <a
                      href="/dashboard/model/identity"
                      className="ms-2 font-semibold text-brand-800 underline"
                    >
                      {t("identity.card.send")}
                    </a>
                  ) : null}
                </span>
                <span className="ms-auto text-xs text-ink-600">
                  {t(
                    step.state === "done"
                      ? "onboarding.model.state.done"
                      : step.state === "skipped"
                        ? "onboarding.model.state.notNeeded"
                        : index === currentIndex
                          ? "onboarding.model.state.now"
                          : "onboarding.model.state.later",
                  )}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Section>
  );
}
