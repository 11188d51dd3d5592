import { useEffect } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { getAuth, isGoogleConfigured } from "#app/auth/auth.server.ts";
import { GoogleButton } from "#app/auth/google-button.tsx";
import { callAuth } from "#app/auth/call.server.ts";
import { googleSignInEnded, hasStartedGoogleSignIn } from "#app/auth/google-attempt.server.ts";
import { providerErrorCode, providerErrorMessage } from "#app/auth/provider-error.ts";
import { signInFailed, signInLimit, signInSucceeded } from "#app/auth/limits.server.ts";
import { homeOf, safeReturnPath } from "#app/auth/permissions.ts";
import { effectiveRole, getCurrentUser, redirectWithCookies } from "#app/auth/guards.server.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PasswordField } from "#app/auth/password-field.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnPath = safeReturnPath(url.searchParams.get("redirect"));
  const user = await getCurrentUser(request);
  if (user) throw redirect(returnPath ?? homeOf(user.role));
  const { t, seo, strings } = pageContext(request);
  const error = providerErrorCode(url.searchParams.get("error"));
  // The provider's words only for the browser that went to it (google-attempt.server.ts).
  const fromGoogle = error !== null && hasStartedGoogleSignIn(request);
  const page = {
    strings: strings("auth", "auth-errors"),
    seo: seo({
      title: pageTitle(t("meta.loginTitle")),
      description: t("meta.loginDescription"),
      path: "/login",
    }),
    returnPath,
    google: isGoogleConfigured(),
    notice: url.searchParams.get("notice"),
    error,
    providerMessage: fromGoogle
      ? providerErrorMessage(url.searchParams.get("error_description"))
      : null,
  };
  return fromGoogle ? data(page, { headers: { "Set-Cookie": googleSignInEnded(request) } }) : page;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...seoMeta(loaderData.seo), { name: "robots", content: "noindex" }] : [];

const credentials = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(128),
  redirect: textField,
});

type LoginResult = { error: string; params?: Record<string, number>; email: string };

export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, credentials);
  if (parsed.crossSite) {
    return data<LoginResult>({ error: "validation.crossSite", email: "" }, { status: 403 });
  }
  const email = (parsed.values.email ?? "").slice(0, 300);
  if (!parsed.success) {
    return data<LoginResult>({ error: "auth.errors.invalidCredentials", email }, { status: 400 });
  }
  const minutes = await signInLimit(request, parsed.data.email);
  if (minutes) {
    return data<LoginResult>(
      { error: "validation.tooManyRequests", params: { minutes }, email },
      { status: 429, headers: { "Retry-After": String(minutes * 60) } },
    );
  }
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.signInEmail({
      body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.ok) {
    const body = (await outcome.response.json()) as {
      twoFactorRedirect?: boolean;
      user: { email: string; emailVerified: boolean; role?: string };
    };
    const returnPath = safeReturnPath(parsed.data.redirect);
    // An authenticator app protects the account: the password was right, now the code.
    if (body.twoFactorRedirect) {
      const back = returnPath ? `?redirect=${encodeURIComponent(returnPath)}` : "";
      throw redirectWithCookies(`/login/two-factor${back}`, outcome.response);
    }
    await signInSucceeded(request, parsed.data.email);
    throw redirectWithCookies(returnPath ?? homeOf(effectiveRole(body.user)), outcome.response);
  }
  if (outcome.code === "EMAIL_NOT_VERIFIED") {
    return data<LoginResult>({ error: "auth.errors.notVerified", email }, { status: 403 });
  }
  // Unknown address, wrong password or a disabled account: one answer, so none is revealed.
  await signInFailed(request, parsed.data.email);
  return data<LoginResult>({ error: "auth.errors.invalidCredentials", email }, { status: 401 });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { returnPath, google, notice, error, providerMessage } = loaderData;

  // Google's failures come back as ?error=<code> (spec section 8): the account could not be made
  // or given its role ('Erro de Login'), or the provider refused ('Falha no login com Google',
  // with the provider's message when it gave one, as plain text under a prefix of ours).
  useEffect(() => {
    if (!error) return;
    if (/^unable_to_(create|link)/.test(error)) {
      toast({
        title: t("auth.loginErrorTitle"),
        description: t("auth.roleFailed"),
        variant: "destructive",
      });
    } else {
      toast({
        title: t("auth.googleFailedTitle"),
        description: providerMessage
          ? t("auth.googleSaid", { message: providerMessage })
          : t("auth.googleFailed"),
        variant: "destructive",
      });
    }
  }, [error, providerMessage, t]);

  return (
    <AuthShell
      title={t("auth.loginTitle")}
      subtitle={t("auth.loginSubtitle")}
      footer={
        <>
          {t("auth.noAccount")}{" "}
          <Link
            to="/register/model"
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {t("auth.registerModel")}
          </Link>{" "}
          ·{" "}
          <Link
            to="/register/affiliate"
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {t("auth.registerAffiliate")}
          </Link>
        </>
      }
    >
      {actionData?.error ? (
        <FormMessage tone="error">{t(actionData.error, actionData.params ?? {})}</FormMessage>
      ) : notice && ["verified", "reset", "check-email", "verify-failed"].includes(notice) ? (
        <FormMessage tone="notice">{t(`auth.notices.${notice}`)}</FormMessage>
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        {returnPath ? <input type="hidden" name="redirect" value={returnPath} /> : null}
        <Field id="email" label={t("auth.email")}>
          {(aria) => (
            <Input
              {...aria}
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={actionData?.email}
            />
          )}
        </Field>
        <PasswordField purpose="current" />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-brand-700 hover:text-brand-900"
          >
            {t("auth.forgotLink")}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          {sending ? t("auth.signingIn") : t("auth.signIn")}
        </Button>
      </Form>
      {google ? <GoogleButton returnPath={returnPath} /> : null}
    </AuthShell>
  );
}
