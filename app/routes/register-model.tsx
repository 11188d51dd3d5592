import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { isGoogleConfigured } from "#app/auth/auth.server.ts";
import { GoogleButton } from "#app/auth/google-button.tsx";
import { SlimHeader } from "#app/components/layout/auth-shell.tsx";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { FORM_ANCHOR } from "#app/features/preselection/fields.ts";
import { takeThankYou } from "#app/features/submissions/thank-you.server.ts";
import { PreselectionForm } from "#app/features/preselection/preselection-form.tsx";
import { countPageViews } from "#app/features/analytics/counting.server.ts";
import { preselectionClientAction } from "#app/features/preselection/client-action.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/register-model";

// Counted like the pages of the site (app/features/analytics/counting.server.ts).
export const middleware: Route.MiddlewareFunction[] = [countPageViews];

export async function loader({ request }: Route.LoaderArgs) {
  const { t, seo, strings } = pageContext(request);
  const { thanks, headers } = await takeThankYou(request);
  const page = {
    strings: strings("preselection", "auth", "auth-errors"),
    seo: seo({
      title: pageTitle(t("meta.registerModelTitle")),
      description: t("meta.registerModelDescription"),
      path: "/register/model",
    }),
    google: isGoogleConfigured(),
    thanks,
  };
  return data(page, { headers });
}

export const headers = pageWithActionHeaders;

export const clientAction = preselectionClientAction;

export function action({ request }: Route.ActionArgs) {
  return handlePreselection(request, "register");
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

/** What this form makes besides an application, and what her password is for. */
function AccountNote() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="account-note-title"
      className="mt-6 flex gap-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-200"
    >
      <Icon name="lock-keyhole" className="mt-0.5 size-6 shrink-0 text-brand-700" />
      <div className="space-y-1 text-sm text-ink-700">
        <h2 id="account-note-title" className="text-base font-semibold text-ink-950">
          {t("applying.accountTitle")}
        </h2>
        <p>{t("applying.accountWhy")}</p>
        <p>
          {t("auth.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
            {t("auth.signIn")}
          </Link>
        </p>
      </div>
    </section>
  );
}

// The pre-selection on its own page, without the site's navigation (spec section 2).
export default function RegisterModel({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-[radial-gradient(50rem_24rem_at_90%_-10%,var(--color-brand-100),transparent_70%)]">
      <SlimHeader className="max-w-3xl sm:px-6" />
      <main id="main-content" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <h1 className="mt-6 text-4xl font-semibold tracking-tight sm:text-5xl">
          {t("preselection.title")}
        </h1>
        <p className="mt-4 text-lg text-ink-600">{t("preselection.subtitle")}</p>
        <AccountNote />
        <div
          id={FORM_ANCHOR}
          className="mt-8 scroll-mt-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200/70 sm:p-10"
        >
          <PreselectionForm
            action="/register/model"
            withAccount
            thanks={loaderData.thanks}
            headingLevel={2}
            afterForm={
              loaderData.google ? (
                <>
                  <GoogleButton signUpAs="model" />
                  <p className="mt-3 text-center text-xs text-ink-500">
                    {t("auth.modelGoogleNote")}
                  </p>
                </>
              ) : null
            }
          />
        </div>
      </main>
    </div>
  );
}
