import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { passwordMessage } from "#app/auth/forms.ts";
import { newPasswordField } from "#app/auth/new-password.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PasswordField } from "#app/auth/password-field.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/password-reset";

export function loader({ request }: Route.LoaderArgs) {
  const { t, strings } = pageContext(request);
  // Sent here by a verification link opened away from the browser that signed up: the address is
  // hers, the password that was set is gone (auth/account-claim.server.ts).
  const claim = new URL(request.url).searchParams.has("claim");
  return {
    strings: strings("auth", "auth-errors"),
    title: pageTitle(t("meta.passwordResetTitle")),
    claim,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result = { error: string; field?: "password" };

export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) return data<Result>({ error: "validation.crossSite" }, 403);
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  const password = newPasswordField.safeParse(String(form.get("password") ?? ""));
  if (!password.success) {
    return data<Result>({ error: password.error.issues[0]!.message, field: "password" }, 400);
  }
  if (!token || token.length > 512)
    return data<Result>({ error: "auth.errors.resetLinkInvalid" }, 400);
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.resetPassword({
      body: { newPassword: password.data, token },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.ok) throw redirect("/login?notice=reset");
  const message = passwordMessage(outcome.message ?? outcome.code);
  return message
    ? data<Result>({ error: message, field: "password" }, 400)
    : data<Result>({ error: "auth.errors.resetLinkInvalid" }, 400);
}

/**
 * The link in the e-mail carries the token in its hash (#access_token=…, spec section 6), which
 * browsers never send to a server: the page reads it here. Without one, it is not a reset link:
 * to /login, replacing this entry in the history.
 */
export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get("access_token");
    if (value) setToken(value);
    else if (!actionData) void navigate("/login", { replace: true });
  }, [navigate, actionData]);

  return (
    <AuthShell
      title={t(loaderData.claim ? "auth.reset.claimTitle" : "auth.reset.title")}
      subtitle={t(loaderData.claim ? "auth.reset.claimSubtitle" : "auth.reset.subtitle")}
    >
      {actionData && actionData.field !== "password" ? (
        <FormMessage tone="error">
          {t(actionData.error)}{" "}
          <Link to="/forgot-password" className="underline underline-offset-2">
            {t("auth.forgot.submit")}
          </Link>
        </FormMessage>
      ) : null}
      <noscript>
        <FormMessage tone="error">{t("auth.reset.needsJavaScript")}</FormMessage>
      </noscript>
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="token" value={token ?? ""} />
        <PasswordField
          purpose="new"
          label={t("auth.newPassword")}
          error={actionData?.field === "password" ? t(actionData.error) : undefined}
        />
        <Button type="submit" size="lg" className="w-full" disabled={sending || !token}>
          {sending ? t("auth.reset.sending") : t("auth.reset.submit")}
        </Button>
      </Form>
    </AuthShell>
  );
}
