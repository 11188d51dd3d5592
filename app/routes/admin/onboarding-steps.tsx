import { data, Form, Link, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { stepListForm, wordingOf } from "#app/features/onboarding/onboarding.ts";
import { useStepTitle } from "#app/features/onboarding/onboarding-panel.tsx";
import {
  StepFields,
  type StepListResult as Result,
} from "#app/features/onboarding/step-editor.tsx";
import {
  createStep,
  listStepDefinitions,
  moveStep,
  setStepArchived,
  updateStep,
} from "#app/features/onboarding/step-list.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/onboarding-steps";

/**
 * /admin/onboarding/steps (admins): the agency's onboarding steps, worded in the six languages,
 * each due some days after approval, in order; added, reordered, archived and restored. A change
 * applies to the approvals that follow: the onboardings under way keep their own steps.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminOnboardingSteps");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("onboarding"),
    title: pageTitle(t("onboarding.steps.title")),
    steps: await listStepDefinitions(await getDatabase()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminOnboardingSteps");
  const form = await parseForm(request, stepListForm);
  if (form.crossSite) return data<Result>({ errors: { form: "validation.crossSite" } }, 403);
  if (!form.success) {
    const values = form.values as Record<string, string | undefined>;
    const errors = fieldErrorsOf(form.error);
    const known = Object.values(errors).every((key) => key?.startsWith("onboarding.errors."));
    return data<Result>(
      {
        intent: values.intent,
        step: Number(values.step) || undefined,
        errors: {
          ...errors,
          form: known ? "onboarding.errors.fixBelow" : "onboarding.errors.invalid",
        },
        values,
      },
      400,
    );
  }
  const input = form.data;
  const db = await getDatabase();
  const actor = { id: admin.id, ip: clientIp(request) };
  const outcome =
    input.intent === "create"
      ? (await createStep(db, { ...wordingOf(input), dueDays: input.dueDays }, actor)).outcome
      : input.intent === "update"
        ? await updateStep(db, input.step, { ...wordingOf(input), dueDays: input.dueDays }, actor)
        : input.intent === "move"
          ? await moveStep(db, input.step, input.direction, actor)
          : await setStepArchived(db, input.step, input.intent === "archive", actor);
  const step = "step" in input ? input.step : undefined;
  if (outcome === "missing") {
    return data<Result>(
      { intent: input.intent, step, errors: { form: "onboarding.errors.stepMissing" } },
      404,
    );
  }
  const done = {
    create: "created",
    update: "saved",
    move: "moved",
    archive: "archived",
    restore: "restored",
  } as const;
  return data<Result>({
    intent: input.intent,
    step,
    done: outcome === "unchanged" ? "unchanged" : done[input.intent],
  });
}

export default function OnboardingSteps({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const titleOf = useStepTitle();
  const busy = useNavigation().state !== "idle";
  const result = actionData as Result | undefined;
  const inUse = loaderData.steps.filter((step) => !step.archivedAt);
  const archived = loaderData.steps.filter((step) => step.archivedAt);
  const formError = result?.errors?.form;
  return (
    <>
      <Link
        to="/admin/onboarding"
        className="text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        ← {t("onboarding.steps.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{t("onboarding.steps.title")}</h1>
      <p className="mt-1 max-w-2xl text-sm text-ink-600">{t("onboarding.steps.intro")}</p>

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {result?.done ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200">
            {t(`onboarding.steps.done.${result.done}`)}
          </p>
        ) : null}
      </div>
      {formError ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(formError)}</FormMessage>
        </div>
      ) : null}

      <ol className="mt-6 space-y-3">
        {inUse.map((step, index) => {
          return (
            <StepRow
              key={step.id}
              step={step}
              index={index}
              count={inUse.length}
              busy={busy}
              result={
                result?.intent === "update" && result.step === step.id && result.errors
                  ? result
                  : undefined
              }
            />
          );
        })}
      </ol>

      <Section id="add-step" title={t("onboarding.steps.add")} className="mt-8">
        <div className="mt-4">
          <StepFields
            prefix="new-step"
            intent="create"
            titles={{}}
            guidance={{}}
            dueDays={7}
            result={result?.intent === "create" && result.errors ? result : undefined}
            submitLabel={t("onboarding.steps.addButton")}
          />
        </div>
      </Section>

      {archived.length ? (
        <Section
          id="archived-steps"
          title={t("onboarding.steps.archivedTitle")}
          description={t("onboarding.steps.archivedIntro")}
          className="mt-8"
        >
          <ul className="mt-3 divide-y divide-ink-100">
            {archived.map((step) => (
              <li key={step.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="font-medium text-ink-800">{titleOf(step.titles)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="step" value={step.id} />
                  <Button
                    aria-label={`${t("onboarding.steps.restore")}: ${titleOf(step.titles)}`}
                    type="submit"
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                  >
                    {t("onboarding.steps.restore")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

/** A step in use: its place (moved up or down), its archiving, and its words to edit. */
function StepRow({
  step,
  index,
  count,
  busy,
  result: mine,
}: {
  step: Route.ComponentProps["loaderData"]["steps"][number];
  index: number;
  count: number;
  busy: boolean;
  result?: Result;
}) {
  const { t } = useTranslation();
  const title = useStepTitle()(step.titles);
  return (
    <li key={step.id} className="card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-ink-900">
            <span className="text-ink-500">{index + 1}.</span> {title}
          </h2>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-ink-600">
            {t("onboarding.steps.dueAfter", { count: step.dueDays })}
            {step.key ? <Badge tone="neutral">{t("onboarding.steps.builtIn")}</Badge> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="step" value={step.id} />
            <input type="hidden" name="direction" value="up" />
            <Button
              type="submit"
              size="icon"
              variant="secondary"
              disabled={busy || index === 0}
              aria-label={t("onboarding.steps.up", { step: title })}
            >
              <Icon name="arrow-up" className="size-4" />
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="step" value={step.id} />
            <input type="hidden" name="direction" value="down" />
            <Button
              type="submit"
              size="icon"
              variant="secondary"
              disabled={busy || index === count - 1}
              aria-label={t("onboarding.steps.down", { step: title })}
            >
              <Icon name="arrow-down" className="size-4" />
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="step" value={step.id} />
            <Button
              aria-label={`${t("onboarding.steps.archive")}: ${title}`}
              type="submit"
              size="sm"
              variant="ghost"
              disabled={busy}
            >
              {t("onboarding.steps.archive")}
            </Button>
          </Form>
        </div>
      </div>
      <details className="mt-3" open={Boolean(mine)}>
        <summary
          aria-label={`${t("onboarding.steps.edit")}: ${title}`}
          className="cursor-pointer text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          {t("onboarding.steps.edit")}
        </summary>
        <div className="mt-3">
          <StepFields
            prefix={`step-${step.id}`}
            intent="update"
            step={step.id}
            titles={step.titles}
            guidance={step.guidance}
            dueDays={step.dueDays}
            result={mine}
            submitLabel={t("onboarding.steps.save")}
          />
        </div>
      </details>
    </li>
  );
}
