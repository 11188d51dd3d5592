import { data, Form, Link, useNavigation } from "react-router";
import { emailField } from "#app/auth/forms.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FieldError, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { privacyRequestKinds, type PrivacyRequestKind } from "#app/db/privacy-request-kinds.ts";
import { privacyRequestLimit, requestByAddress } from "#app/features/privacy/requests.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { agency } from "#app/utils/agency.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientLimitKey, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/privacy-request";

export function loader({ request }: Route.LoaderArgs) {
  const { t, seo, strings } = pageContext(request);
  return {
    strings: strings("privacy-request", "privacy", "auth-errors"),
    seo: seo({
      title: pageTitle(t("privacy.request.title")),
      description: t("privacy.request.intro"),
      path: "/privacy/request",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

export const headers = pageWithActionHeaders;

type Result =
  | { status: "sent" }
  | {
      status: "invalid";
      errors: { email?: string; kind?: string; form?: string };
      email: string;
      kind: string;
    }
  | { status: "limited"; minutes: number; email: string; kind: string };

const isKind = (value: unknown): value is PrivacyRequestKind =>
  privacyRequestKinds.includes(value as PrivacyRequestKind);

/**
 * Always the same answer for a well-formed request, whether or not the address is known: a link
 * goes out only when something is held about it, and the page never says which.
 */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) {
    return data<Result>(
      { status: "invalid", errors: { form: "validation.crossSite" }, email: "", kind: "" },
      403,
    );
  }
  const form = await readForm(request);
  const typed = String(form.get("email") ?? "").slice(0, 300);
  const kind = form.get("kind");
  const email = emailField.safeParse(typed);
  if (!email.success || !isKind(kind)) {
    return data<Result>(
      {
        status: "invalid",
        errors: {
          ...(email.success ? {} : { email: "auth.errors.emailInvalid" }),
          ...(isKind(kind) ? {} : { kind: "privacy.request.kindRequired" }),
        },
        email: typed,
        kind: isKind(kind) ? kind : "",
      },
      400,
    );
  }
  const db = await getDatabase();
  const minutes = await privacyRequestLimit(db, {
    address: email.data,
    ip: clientLimitKey(request),
  });
  if (minutes) {
    return data<Result>(
      { status: "limited", minutes, email: typed, kind },
      { status: 429, headers: { "Retry-After": String(minutes * 60) } },
    );
  }
  const { language } = pageContext(request);
  await requestByAddress(db, { kind, email: email.data, language });
  return data<Result>({ status: "sent" });
}

/** /privacy/request: an applicant without an account asks for her data or its erasure. */
export default function PrivacyRequest({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.status === "invalid" ? actionData.errors : {};
  const typed = actionData && "email" in actionData ? actionData : null;
  const limited = actionData?.status === "limited" ? actionData.minutes : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">
          {t("privacy.request.title")}
        </h1>
        <p className="mt-4 text-lg text-ink-600">{t("privacy.request.intro")}</p>
      </header>

      <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_1.1fr]">
        <section aria-labelledby="rights-title" className="space-y-6">
          <h2 id="rights-title" className="text-2xl font-semibold">
            {t("privacy.request.rightsTitle")}
          </h2>
          {(["export", "erase"] as const).map((kind) => (
            <div key={kind} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={kind === "export" ? "download" : "shield-check"} className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-ink-950">{t(`privacy.request.${kind}Title`)}</h3>
                <p className="mt-1 text-ink-700">{t(`privacy.request.${kind}Text`)}</p>
              </div>
            </div>
          ))}
          <p className="text-sm text-ink-600">
            {t("privacy.request.signedIn")}{" "}
            <Link
              to="/login?redirect=%2Fdashboard%2Fmodel"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t("auth.signIn")}
            </Link>
          </p>
          <p className="text-sm text-ink-600">
            {t("privacy.request.questions")}{" "}
            <a
              href={`mailto:${agency.email}`}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {agency.email}
            </a>
            {" · "}
            <Link
              to="/privacy"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t("privacy.request.notice")}
            </Link>
          </p>
        </section>

        <section
          aria-labelledby="form-title"
          // On a phone the form comes first: she arrives here to ask; the details follow.
          className="self-start rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200/70 max-lg:order-first sm:p-8"
        >
          <h2 id="form-title" className="text-2xl font-semibold">
            {t("privacy.request.formTitle")}
          </h2>
          {actionData?.status === "sent" ? (
            <div className="mt-6">
              <FormMessage tone="notice">
                <span className="block font-semibold">{t("privacy.request.sentTitle")}</span>
                <span className="mt-1 block">{t("privacy.request.sent")}</span>
              </FormMessage>
              <p className="text-sm text-ink-600">{t("privacy.request.sentHelp")}</p>
              <Link
                to="/privacy/request"
                className="mt-6 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                {t("privacy.request.another")}
              </Link>
            </div>
          ) : (
            <Form method="post" className="mt-6 space-y-6" noValidate>
              {errors.form ? <FormMessage tone="error">{t(errors.form)}</FormMessage> : null}
              {limited ? (
                <FormMessage tone="error">
                  {t("validation.tooManyRequests", { minutes: limited })}
                </FormMessage>
              ) : null}
              <fieldset aria-describedby={errors.kind ? "kind-error" : undefined}>
                <legend className="text-sm font-semibold text-ink-900">
                  {t("privacy.request.kindLabel")}
                </legend>
                <div className="mt-3 space-y-3">
                  {(["export", "erase"] as const).map((kind) => (
                    // The label covers the whole card (after:inset-0), so all of it is clickable.
                    <div
                      key={kind}
                      className="relative flex gap-3 rounded-xl bg-white p-4 ring-1 ring-ink-300 ring-inset has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                    >
                      <input
                        type="radio"
                        id={`kind-${kind}`}
                        name="kind"
                        value={kind}
                        required
                        defaultChecked={typed?.kind === kind}
                        aria-describedby={`kind-${kind}-hint`}
                        className="relative z-10 mt-1 size-4 shrink-0 accent-brand-700"
                      />
                      <div>
                        <label
                          htmlFor={`kind-${kind}`}
                          className="block cursor-pointer font-medium text-ink-950 after:absolute after:inset-0 after:rounded-xl"
                        >
                          {t(`privacy.request.${kind}Choice`)}
                        </label>
                        <p id={`kind-${kind}-hint`} className="mt-0.5 text-sm text-ink-600">
                          {t(`privacy.request.${kind}Hint`)}
                        </p>
                      </div>
                    </div>
                  ))}
                </div>
                <div className="mt-2">
                  <FieldError id="kind-error" error={errors.kind ? t(errors.kind) : undefined} />
                </div>
              </fieldset>
              <Field
                id="email"
                label={t("privacy.request.email")}
                hint={t("privacy.request.emailHint")}
                error={errors.email ? t(errors.email) : undefined}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                    defaultValue={typed?.email}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="w-full" disabled={sending}>
                <Icon name="send" />
                {sending ? t("privacy.request.sending") : t("privacy.request.submit")}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}
