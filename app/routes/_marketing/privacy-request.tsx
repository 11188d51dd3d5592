import { data, Link } from "react-router";
import { z } from "zod";
import { emailField } from "#app/auth/forms.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { privacyRequestKinds } from "#app/db/privacy-request-kinds.ts";
import {
  PrivacyRequestForm,
  type PrivacyRequestResult,
} from "#app/features/privacy/privacy-request-form.tsx";
import {
  privacyRequestLimit,
  requestByAddressAfterAnswer,
} from "#app/features/privacy/requests.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { agency } from "#app/utils/agency.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { clientLimitKey } from "#app/utils/request.server.ts";
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

const requestForm = z.object({
  email: emailField,
  kind: z.enum(privacyRequestKinds, { error: "privacy.request.kindRequired" }),
});

/**
 * Always the same answer for a well-formed request, whether or not the address is known: a link
 * goes out only when something is held about it, and the page never says which.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, requestForm);
  if (form.crossSite) {
    return data<PrivacyRequestResult>(
      { status: "invalid", errors: { form: "validation.crossSite" }, email: "", kind: "" },
      403,
    );
  }
  const typed = (form.values.email ?? "").slice(0, 300);
  if (!form.success) {
    const errors = fieldErrorsOf<"email" | "kind">(form.error);
    return data<PrivacyRequestResult>(
      {
        status: "invalid",
        errors,
        email: typed,
        kind: errors.kind ? "" : (form.values.kind ?? ""),
      },
      400,
    );
  }
  const { email, kind } = form.data;
  const db = await getDatabase();
  const minutes = await privacyRequestLimit(db, {
    address: email,
    ip: clientLimitKey(request),
  });
  if (minutes) {
    return data<PrivacyRequestResult>(
      { status: "limited", minutes, email: typed, kind },
      { status: 429, headers: { "Retry-After": String(minutes * 60) } },
    );
  }
  const { language } = pageContext(request);
  // After the answer, so that its time says nothing about the address (requests.server.ts).
  requestByAddressAfterAnswer(db, { kind, email, language });
  return data<PrivacyRequestResult>({ status: "sent" });
}

/** /privacy/request: an applicant without an account asks for her data or its erasure. */
export default function PrivacyRequest({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
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

        <PrivacyRequestForm result={actionData} />
      </div>
    </div>
  );
}
