import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getAuth, isGoogleConfigured } from "#app/auth/auth.server.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { affiliateSignUp, passwordMessage } from "#app/auth/forms.ts";
import { GoogleButton } from "#app/auth/google-button.tsx";
import { callAuth } from "#app/auth/call.server.ts";
import { accountLimit } from "#app/auth/limits.server.ts";
import { redirectWithCookies } from "#app/auth/guards.server.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PasswordField } from "#app/auth/password-field.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { setPromotion } from "#app/features/affiliates/affiliates.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/register-affiliate";

export function loader({ request }: Route.LoaderArgs) {
  const { t, seo, strings } = pageContext(request);
  return {
    strings: strings("auth", "auth-errors"),
    seo: seo({
      title: pageTitle(t("meta.registerAffiliateTitle")),
      description: t("meta.registerAffiliateDescription"),
      path: "/register/affiliate",
    }),
    google: isGoogleConfigured(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

type Result = {
  fieldErrors?: FieldErrors;
  error?: string;
  params?: Record<string, number>;
  values: Record<string, string>;
};

export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, affiliateSignUp);
  if (parsed.crossSite) return data<Result>({ error: "validation.crossSite", values: {} }, 403);
  // What she typed comes back on an error; never her password.
  const values = Object.fromEntries(
    (["name", "email", "promotion"] as const).map((f) => [
      f,
      (parsed.values[f] ?? "").slice(0, 2000),
    ]),
  );
  if (!parsed.success) {
    return data<Result>({ fieldErrors: fieldErrorsOf(parsed.error), values }, 400);
  }
  const { name, email, password, promotion } = parsed.data;
  const minutes = await accountLimit(request, "signUp", email);
  if (minutes) {
    return data<Result>(
      { error: "validation.tooManyRequests", params: { minutes }, values },
      { status: 429, headers: { "Retry-After": String(minutes * 60) } },
    );
  }
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.signUpEmail({
      body: {
        name,
        email,
        password,
        role: "affiliate",
        language: languageForRequest(request).language,
      },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.ok) {
    const body = (await outcome.response.json()) as { user: { id: string } };
    await setPromotion(await getDatabase(), body.user.id, promotion);
    // With the proof that this browser chose the password (auth/account-claim.server.ts).
    throw redirectWithCookies("/login?notice=check-email", outcome.response);
  }
  const passwordError = passwordMessage(outcome.message ?? outcome.code);
  if (passwordError) return data<Result>({ fieldErrors: { password: passwordError }, values }, 400);
  // An address that already has an account gets the same answer as a new one: no enumeration.
  if (outcome.code?.startsWith("USER_ALREADY_EXISTS")) throw redirect("/login?notice=check-email");
  return data<Result>({ error: "auth.errors.generic", values }, 500);
}

export default function RegisterAffiliate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <AuthShell
      title={t("auth.affiliate.title")}
      subtitle={t("auth.affiliate.subtitle")}
      footer={
        <>
          {t("auth.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
            {t("auth.signIn")}
          </Link>
        </>
      }
    >
      {actionData?.error ? (
        <FormMessage tone="error">{t(actionData.error, actionData.params ?? {})}</FormMessage>
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        <Field id="name" label={t("auth.name")} error={message("name")}>
          {(aria) => (
            <Input
              {...aria}
              name="name"
              autoComplete="name"
              required
              maxLength={120}
              defaultValue={values.name}
            />
          )}
        </Field>
        <Field id="email" label={t("auth.email")} error={message("email")}>
          {(aria) => (
            <Input
              {...aria}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={values.email}
            />
          )}
        </Field>
        <PasswordField purpose="new" error={message("password")} />
        <Field
          id="promotion"
          label={t("auth.affiliate.promotion")}
          hint={t("auth.affiliate.promotionHint")}
          error={message("promotion")}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="promotion"
              required
              maxLength={1000}
              defaultValue={values.promotion}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          {sending ? t("auth.affiliate.sending") : t("auth.affiliate.submit")}
        </Button>
      </Form>
      {loaderData.google ? (
        <>
          <GoogleButton signUpAs="affiliate" />
          <p className="mt-3 text-center text-xs text-ink-500">{t("auth.affiliate.googleNote")}</p>
        </>
      ) : null}
    </AuthShell>
  );
}
