import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { spendSignInCode } from "#app/auth/two-factor-codes.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { accountLimit, signInSucceeded } from "#app/auth/limits.server.ts";
import { homeOf, safeReturnPath } from "#app/auth/permissions.ts";
import { effectiveRole, hasAuthCookie, redirectWithCookies } from "#app/auth/guards.server.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { clientLimitKey } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/two-factor";

/** The second step of signing in, for an account with an authenticator app. */
export function loader({ request }: Route.LoaderArgs) {
  // Only after a correct password: Better Auth's short-lived two-factor cookie says so.
  if (!hasAuthCookie(request, "two_factor")) {
    throw redirect("/login");
  }
  const { t, strings } = pageContext(request);
  const returnPath = safeReturnPath(new URL(request.url).searchParams.get("redirect"));
  return {
    strings: strings("auth", "security"),
    title: pageTitle(t("security.signInTitle")),
    returnPath,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result = { error: string; params?: Record<string, number> };

const codeForm = z.object({
  // As typed, spaces and all (apps show "123 456").
  code: textField.transform((code) => code.replace(/\s/g, "").slice(0, 20)),
  redirect: textField,
});

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, codeForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  // Six digits are guessable by trying: few tries per address.
  const minutes = await accountLimit(request, "signIn", `two-factor:${clientLimitKey(request)}`);
  if (minutes) {
    return data<Result>({ error: "validation.tooManyRequests", params: { minutes } }, 429);
  }
  if (!form.success) return data<Result>({ error: "security.wrongCode" }, 400);
  const { code } = form.data;
  const auth = await getAuth();
  // An app code has 6 digits; anything else is one of her backup codes.
  const outcome = await callAuth(() =>
    /^\d{6}$/.test(code)
      ? auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true })
      : auth.api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true }),
  );
  if (!outcome.ok) return data<Result>({ error: "security.wrongCode" }, 400);
  const body = (await outcome.response.json()) as {
    token?: string | null;
    user: { id: string; email: string; emailVerified: boolean; role?: string };
  };
  // An app code works once: a second use, in its time step or any other, is refused like a
  // wrong one (backup codes are single-use by Better Auth already).
  const firstUse =
    !/^\d{6}$/.test(code) ||
    (await spendSignInCode(await getDatabase(), {
      userId: body.user.id,
      code,
      sessionToken: body.token ?? null,
    }));
  if (!firstUse) return data<Result>({ error: "security.wrongCode" }, 400);
  await signInSucceeded(request, body.user.email);
  const returnPath = safeReturnPath(form.data.redirect);
  throw redirectWithCookies(returnPath ?? homeOf(effectiveRole(body.user)), outcome.response);
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The page asks one thing, the code from her app: the caret is there when it opens, and again
  // after a wrong code, so she types without reaching for the field.
  const code = useRef<HTMLInputElement>(null);
  useEffect(() => code.current?.focus(), [actionData]);
  return (
    <AuthShell
      title={t("security.signInTitle")}
      subtitle={t("security.signInText")}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          {t("auth.signIn")}
        </Link>
      }
    >
      {actionData ? (
        <FormMessage tone="error">{t(actionData.error, actionData.params ?? {})}</FormMessage>
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        {loaderData.returnPath ? (
          <input type="hidden" name="redirect" value={loaderData.returnPath} />
        ) : null}
        <Field id="code" label={t("security.code")} hint={t("security.backupHint")}>
          {(aria) => (
            <Input
              {...aria}
              ref={code}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              required
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {t("security.confirm")}
        </Button>
      </Form>
    </AuthShell>
  );
}
