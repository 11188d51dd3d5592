import QRCode from "qrcode";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, useNavigation } from "react-router";
import { z } from "zod";
import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { passwordMessage } from "#app/auth/forms.ts";
import { newPasswordField } from "#app/auth/new-password.ts";
import { activeSessionsOf } from "#app/auth/active-sessions.server.ts";
import { accountLimit } from "#app/auth/limits.server.ts";
import {
  redirectWithCookies,
  requireScreen,
  requireScreenAction,
} from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { PasswordSection } from "#app/features/account/password-section.tsx";
import { SessionsSection } from "#app/features/account/sessions-section.tsx";
import { TwoFactorSection } from "#app/features/account/two-factor-section.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/security";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, "accountSecurity");
  const { t, strings } = pageContext(request);
  const url = new URL(request.url);
  const current = await (await getAuth()).api.getSession({ headers: request.headers });
  return {
    strings: strings("security", "auth", "auth-errors", "areas"),
    title: pageTitle(t("security.title")),
    enabled: user.twoFactorEnabled,
    notice: url.searchParams.get("notice"),
    required: url.searchParams.has("required"),
    sessions: await activeSessionsOf(await getDatabase(), user.id, current?.session.id ?? null),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result =
  | { step: "scan"; qr: string; secret: string; backupCodes: string[] }
  | {
      error: string;
      params?: Record<string, number>;
      step?: "scan";
      /** Which form the error belongs to. */
      form?: "password";
      field?: "currentPassword" | "newPassword";
    };

/**
 * Two-factor sign-in with an authenticator app (TOTP), which any user may turn on: her password
 * first, then a QR code and backup codes, then one code from the app to confirm it works.
 */
/** Her password as the two-factor switches send it (Better Auth checks it). */
const password = textField.transform((value) => value.slice(0, 128));

const securityForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(["enable", "disable"]), password }),
  z.object({
    intent: z.literal("confirm"),
    // As typed, spaces and all (apps show "123 456").
    code: textField.transform((code) => code.replace(/\s/g, "").slice(0, 10)),
  }),
  z.object({
    intent: z.literal("password"),
    currentPassword: z
      .string({ error: "security.password.currentRequired" })
      .min(1, { error: "security.password.currentRequired" })
      .transform((value) => value.slice(0, 128)),
    newPassword: newPasswordField,
    signOutOthers: textField.transform((value) => value === "on"),
  }),
  z.object({ intent: z.literal("signOutOthers") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreenAction(request, "accountSecurity");
  const form = await parseForm(request, securityForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const minutes = await accountLimit(request, "signIn", user.email);
  if (minutes) {
    return data<Result>({ error: "validation.tooManyRequests", params: { minutes } }, 429);
  }
  if (!form.success) {
    const issue = form.error.issues[0]!;
    const field = issue.path[0];
    if (field === "currentPassword" || field === "newPassword") {
      return data<Result>({ error: issue.message, form: "password", field }, 400);
    }
    return data<Result>({ error: "auth.errors.generic" }, 400);
  }
  const input = form.data;
  const auth = await getAuth();

  if (input.intent === "enable") {
    const outcome = await callAuth(() =>
      auth.api.enableTwoFactor({
        body: { password: input.password },
        headers: request.headers,
        asResponse: true,
      }),
    );
    if (!outcome.ok) return data<Result>({ error: "security.wrongPassword" }, 400);
    const { totpURI, backupCodes } = (await outcome.response.json()) as {
      totpURI: string;
      backupCodes: string[];
    };
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    const qr = await QRCode.toString(totpURI, { type: "svg", margin: 1 });
    return data<Result>({ step: "scan", qr, secret, backupCodes });
  }
  if (input.intent === "confirm") {
    const outcome = await callAuth(() =>
      auth.api.verifyTOTP({
        body: { code: input.code },
        headers: request.headers,
        asResponse: true,
      }),
    );
    if (!outcome.ok) return data<Result>({ error: "security.wrongCode", step: "scan" }, 400);
    // Turning it on renews the session: its cookie comes with the answer.
    throw redirectWithCookies("/account/security?notice=enabled", outcome.response);
  }
  if (input.intent === "password") {
    const fail = (error: string, field?: "currentPassword" | "newPassword") =>
      data<Result>({ error, form: "password", field }, 400);
    const outcome = await callAuth(() =>
      auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: input.signOutOthers,
        },
        headers: request.headers,
        asResponse: true,
      }),
    );
    if (!outcome.ok) {
      const policy = passwordMessage(outcome.message ?? outcome.code);
      if (policy) return fail(policy, "newPassword");
      if (outcome.code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
        return fail("security.password.noPassword");
      return fail("security.wrongPassword", "currentPassword");
    }
    // Signing the others out renews this session: its cookie comes with the answer.
    throw redirectWithCookies("/account/security?notice=password", outcome.response);
  }
  if (input.intent === "signOutOthers") {
    const outcome = await callAuth(() =>
      auth.api.revokeOtherSessions({ headers: request.headers, asResponse: true }),
    );
    if (!outcome.ok) return data<Result>({ error: "auth.errors.generic" }, 400);
    throw redirectWithCookies("/account/security?notice=signedOut", outcome.response);
  }
  const outcome = await callAuth(() =>
    auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!outcome.ok) return data<Result>({ error: "security.wrongPassword" }, 400);
  throw redirectWithCookies("/account/security?notice=disabled", outcome.response);
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const scanning = actionData && "step" in actionData && actionData.step === "scan";
  const setup = actionData && "qr" in actionData ? actionData : null;
  const error =
    actionData && "error" in actionData && actionData.form !== "password" ? actionData : null;
  const passwordError =
    actionData && "error" in actionData && actionData.form === "password" ? actionData : null;

  return (
    <AreaShell title={t("security.title")}>
      <div className="max-w-2xl space-y-6">
        {loaderData.notice === "password" || loaderData.notice === "signedOut" ? (
          <FormMessage tone="notice">{t(`security.notices.${loaderData.notice}`)}</FormMessage>
        ) : null}
        <TwoFactorSection
          enabled={loaderData.enabled}
          required={loaderData.required}
          notice={loaderData.notice}
          setup={setup}
          scanning={Boolean(scanning)}
          error={error}
          busy={busy}
        />
        <PasswordSection error={passwordError} busy={busy} />
        <SessionsSection sessions={loaderData.sessions} busy={busy} />
      </div>
    </AreaShell>
  );
}
