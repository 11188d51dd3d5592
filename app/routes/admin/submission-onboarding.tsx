import { data, Link, redirect } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { safeReturnPath } from "#app/auth/permissions.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { stepForm } from "#app/features/onboarding/onboarding.ts";
import { changeStep } from "#app/features/onboarding/panel.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { clientIp } from "#app/utils/request.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submission-onboarding";

// Digits only: Number() would also read "1e3" or " 7 " as an id.
const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,15}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

/**
 * Where a change leads back: the onboarding view it was made from (with its filters; only that
 * view, never another address), else her page's panel.
 */
function backTo(id: number, back: string | undefined) {
  const path = safeReturnPath(back);
  return path && /^\/admin\/onboarding(\?|$)/.test(path)
    ? path
    : `/admin/cadastros/${id}?onboarding=saved#onboarding`;
}

export interface StepRefusal {
  error: string;
  state?: string;
  /** What she typed (a skip's reason, a note), shown again so nothing is lost. */
  typed?: string;
}

/**
 * The page a refused change lands on (with or without JavaScript: the panel's forms are plain
 * forms), saying why and giving back what she typed; a plain visit has nothing to do here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplicationOnboarding");
  const id = idOf(params.id);
  const { t, strings } = pageContext(request);
  return {
    id,
    strings: strings("onboarding"),
    title: pageTitle(t("onboarding.errors.refusedTitle")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * POST /admin/cadastros/:id/onboarding (approvers and admins): `intent` done, skip (with a
 * reason), reopen, owner, due or note, for one of her steps (`step`). Done, skip and reopen name
 * the state the page showed (`seen`): a step changed meanwhile answers 409. A step that is not
 * hers answers 404, a change once she is no longer approved 409, bad input 400.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplicationOnboarding");
  const form = await parseForm(request, stepForm, { repeated: ["mention"] });
  if (form.crossSite) return data<StepRefusal>({ error: "validation.crossSite" }, 403);
  const id = idOf(params.id);
  const values = form.values as Record<string, unknown>;
  const typed =
    typeof values.reason === "string"
      ? values.reason
      : typeof values.body === "string"
        ? values.body
        : undefined;
  if (!form.success) {
    const message = form.error.issues[0]?.message ?? "";
    return data<StepRefusal>(
      {
        error: /^(onboarding|admin\.notes)\.errors\./.test(message)
          ? message
          : "onboarding.errors.invalid",
        typed,
      },
      400,
    );
  }
  const result = await changeStep(await getDatabase(), id, form.data, {
    id: viewer.id,
    ip: clientIp(request),
  });
  switch (result.outcome) {
    case "changed":
    case "unchanged":
      throw redirect(backTo(id, "back" in form.data ? form.data.back : undefined));
    case "conflict":
      return data<StepRefusal>(
        { error: "onboarding.errors.conflict", state: result.current, typed },
        409,
      );
    case "not-approved":
      return data<StepRefusal>({ error: "onboarding.errors.notApproved", typed }, 409);
    case "not-staff":
      return data<StepRefusal>({ error: "onboarding.errors.notStaff" }, 400);
    default:
      return data<StepRefusal>({ error: "onboarding.errors.missing", typed }, 404);
  }
}

export default function StepChangeRefused({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const back = `/admin/cadastros/${loaderData.id}#onboarding`;
  return (
    <>
      <Link to={back} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
        ← {t("onboarding.errors.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">
        {t("onboarding.errors.refusedTitle")}
      </h1>
      <div className="mt-6 max-w-2xl">
        {actionData ? (
          <FormMessage tone="error">
            {t(actionData.error, {
              state: actionData.state ? t(`onboarding.state.${actionData.state}`) : "",
            })}
          </FormMessage>
        ) : (
          <p className="text-ink-700">{t("onboarding.errors.nothingHere")}</p>
        )}
        {actionData?.typed ? (
          <Section id="typed" title={t("onboarding.errors.yourText")}>
            <p className="mt-3 text-sm whitespace-pre-wrap text-ink-800">{actionData.typed}</p>
          </Section>
        ) : null}
        <p className="mt-6">
          <Link to={back} className="font-semibold text-brand-700 underline underline-offset-2">
            {t("onboarding.errors.back")}
          </Link>
        </p>
      </div>
    </>
  );
}
