import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { isGoogleConfigured } from "#app/auth/auth.server.ts";
import { GoogleButton } from "#app/auth/google-button.tsx";
import { SlimHeader } from "#app/components/layout/auth-shell.tsx";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { PreselectionForm } from "#app/features/preselection/preselection-form.tsx";
import { countPageViews } from "#app/features/analytics/counting.server.ts";
import { preselectionClientAction } from "#app/features/preselection/client-action.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/register-model";

// Counted like the pages of the site (app/features/analytics/counting.server.ts).
export const middleware: Route.MiddlewareFunction[] = [countPageViews];

export function loader({ request }: Route.LoaderArgs) {
  const { t, seo, strings } = pageContext(request);
  return {
    strings: strings("preselection", "auth", "auth-errors"),
    seo: seo({
      title: pageTitle(t("meta.registerModelTitle")),
      description: t("meta.registerModelDescription"),
      path: "/register/model",
    }),
    google: isGoogleConfigured(),
  };
}

export const headers = pageWithActionHeaders;

export const clientAction = preselectionClientAction;

export function action({ request }: Route.ActionArgs) {
  return handlePreselection(request, "register");
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

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
        <p className="mt-2 text-sm text-ink-600">
          {t("auth.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
            {t("auth.signIn")}
          </Link>
        </p>
        <div className="mt-10 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200/70 sm:p-10">
          <PreselectionForm action="/register/model" withAccount />
          {loaderData.google ? (
            <>
              <GoogleButton signUpAs="model" />
              <p className="mt-3 text-center text-xs text-ink-500">{t("auth.modelGoogleNote")}</p>
            </>
          ) : null}
        </div>
      </main>
    </div>
  );
}
