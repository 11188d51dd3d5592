import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { applyClaimChoices, endClaim, isClaimToken } from "#app/auth/account-claim.server.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { ClaimFields } from "#app/auth/claim-fields.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { passwordMessage } from "#app/auth/forms.ts";
import { newPasswordField } from "#app/auth/new-password.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PasswordField } from "#app/auth/password-field.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
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

type Result = {
  error?: string;
  field?: "password";
  /** The claim's own fields: what she chose, and what is wrong with it. */
  claim?: { values: { name: string; role: string }; errors: { name?: string; role?: string } };
};

const claimChoices = z.object({
  name: formText(120, { required: "auth.claim.nameRequired", tooLong: "validation.tooLong" }),
  role: z.enum(["model", "affiliate"], { message: "auth.claim.chooseRole" }),
});

/** The claim's fields are checked only when the token is a claim's (claimChoices). */
const resetForm = z.object({
  token: z.string().min(1).max(512),
  password: newPasswordField,
  name: textField,
  role: textField,
});

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, resetForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const errors = form.success ? {} : fieldErrorsOf(form.error);
  const token = form.values.token ?? "";
  if (errors.token) return data<Result>({ error: "auth.errors.resetLinkInvalid" }, 400);
  const db = await getDatabase();
  // A claim's token (a link opened away from the browser that signed up) needs her name and
  // role with the password, whatever the form sent: nothing the stranger typed may stay.
  const isClaim = await isClaimToken(db, token);
  const values = { name: form.values.name ?? "", role: form.values.role ?? "" };
  const choices = claimChoices.safeParse(values);
  const claim = isClaim
    ? { values, errors: choices.success ? {} : fieldErrorsOf(choices.error) }
    : undefined;
  if (!form.success || (isClaim && !choices.success)) {
    const error = errors.password;
    return data<Result>({ error, field: error ? "password" : undefined, claim }, 400);
  }
  // Her name and role first (again on a retry): only her own choices are ever written.
  if (isClaim && choices.success) await applyClaimChoices(db, token, choices.data);
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.resetPassword({
      body: { newPassword: form.data.password, token },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.ok) {
    if (isClaim) await endClaim(db, token);
    throw redirect("/login?notice=reset");
  }
  const message = passwordMessage(outcome.message ?? outcome.code);
  return message
    ? data<Result>({ error: message, field: "password", claim }, 400)
    : data<Result>({ error: "auth.errors.resetLinkInvalid", claim }, 400);
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
      {actionData?.error && actionData.field !== "password" ? (
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
        {loaderData.claim || actionData?.claim ? (
          <ClaimFields
            values={actionData?.claim?.values ?? {}}
            errors={actionData?.claim?.errors ?? {}}
          />
        ) : null}
        <PasswordField
          purpose="new"
          label={t("auth.newPassword")}
          error={
            actionData?.field === "password" && actionData.error ? t(actionData.error) : undefined
          }
        />
        <Button type="submit" size="lg" className="w-full" disabled={sending || !token}>
          {sending ? t("auth.reset.sending") : t("auth.reset.submit")}
        </Button>
      </Form>
    </AuthShell>
  );
}
