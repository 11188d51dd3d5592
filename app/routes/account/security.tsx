import QRCode from "qrcode";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, useNavigation } from "react-router";
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
import { Button } from "#app/components/ui/button.tsx";
import { PasswordField } from "#app/auth/password-field.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PASSWORD_MIN_LENGTH } from "#app/auth/password-rules.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
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
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreenAction(request, "accountSecurity");
  if (isCrossSiteRequest(request)) return data<Result>({ error: "validation.crossSite" }, 403);
  const form = await readForm(request);
  const intent = form.get("intent");
  const minutes = await accountLimit(request, "signIn", user.email);
  if (minutes) {
    return data<Result>({ error: "validation.tooManyRequests", params: { minutes } }, 429);
  }
  const auth = await getAuth();
  const password = String(form.get("password") ?? "").slice(0, 128);

  if (intent === "enable") {
    const outcome = await callAuth(() =>
      auth.api.enableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
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
  if (intent === "confirm") {
    const code = String(form.get("code") ?? "")
      .replace(/\s/g, "")
      .slice(0, 10);
    const outcome = await callAuth(() =>
      auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true }),
    );
    if (!outcome.ok) return data<Result>({ error: "security.wrongCode", step: "scan" }, 400);
    // Turning it on renews the session: its cookie comes with the answer.
    throw redirectWithCookies("/account/security?notice=enabled", outcome.response);
  }
  if (intent === "password") {
    const fail = (error: string, field?: "currentPassword" | "newPassword") =>
      data<Result>({ error, form: "password", field }, 400);
    const currentPassword = String(form.get("currentPassword") ?? "").slice(0, 128);
    const newPassword = newPasswordField.safeParse(String(form.get("newPassword") ?? ""));
    if (!currentPassword) return fail("security.password.currentRequired", "currentPassword");
    if (!newPassword.success) return fail(newPassword.error.issues[0]!.message, "newPassword");
    const outcome = await callAuth(() =>
      auth.api.changePassword({
        body: {
          currentPassword,
          newPassword: newPassword.data,
          revokeOtherSessions: form.get("signOutOthers") === "on",
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
  if (intent === "signOutOthers") {
    const outcome = await callAuth(() =>
      auth.api.revokeOtherSessions({ headers: request.headers, asResponse: true }),
    );
    if (!outcome.ok) return data<Result>({ error: "auth.errors.generic" }, 400);
    throw redirectWithCookies("/account/security?notice=signedOut", outcome.response);
  }
  if (intent === "disable") {
    const outcome = await callAuth(() =>
      auth.api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
    );
    if (!outcome.ok) return data<Result>({ error: "security.wrongPassword" }, 400);
    throw redirectWithCookies("/account/security?notice=disabled", outcome.response);
  }
  return data<Result>({ error: "auth.errors.generic" }, 400);
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
        <section className="rounded-3xl bg-white p-6 ring-1 ring-ink-200/70 sm:p-8">
          <h2 className="text-xl font-semibold">{t("security.twoFactorTitle")}</h2>
          <p className="mt-2 text-ink-600">{t("security.twoFactorText")}</p>
          <p className="mt-4 text-sm font-semibold" role="status">
            {loaderData.enabled ? t("security.statusOn") : t("security.statusOff")}
          </p>
          <div className="mt-6">
            {loaderData.required && !loaderData.enabled ? (
              <FormMessage tone="error">{t("security.required")}</FormMessage>
            ) : null}
            {loaderData.notice === "enabled" || loaderData.notice === "disabled" ? (
              <FormMessage tone="notice">{t(`security.notices.${loaderData.notice}`)}</FormMessage>
            ) : null}
            {error ? (
              <FormMessage tone="error">{t(error.error, error.params ?? {})}</FormMessage>
            ) : null}

            {setup ? (
              <div className="space-y-6">
                <p className="text-ink-700">{t("security.scan")}</p>
                <div
                  className="size-48 rounded-xl bg-white p-2 ring-1 ring-ink-200 [&_svg]:size-full"
                  role="img"
                  aria-label={t("security.qrLabel")}
                  // The QR code is an SVG drawn by the server from her own setup link.
                  dangerouslySetInnerHTML={{ __html: setup.qr }}
                />
                <p className="text-sm text-ink-600">
                  {t("security.manual")}{" "}
                  <code className="rounded bg-ink-100 px-2 py-1 font-mono break-all text-ink-900">
                    {setup.secret}
                  </code>
                </p>
                <div>
                  <p id="backup-codes-title" className="text-sm font-semibold text-ink-900">
                    {t("security.backupTitle")}
                  </p>
                  <p className="mt-1 text-sm text-ink-600">{t("security.backupText")}</p>
                  <ul
                    aria-labelledby="backup-codes-title"
                    className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-3"
                  >
                    {setup.backupCodes.map((code) => (
                      <li
                        key={code}
                        className="rounded-lg bg-sand-50 px-3 py-2 ring-1 ring-ink-200"
                      >
                        {code}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            ) : null}

            {scanning ? (
              // Keyed: the code field must never be the password field's element reused, with the
              // password still in it and no longer hidden.
              <Form key="confirm" method="post" className="mt-6 space-y-4" noValidate>
                <input type="hidden" name="intent" value="confirm" />
                <Field id="code" label={t("security.code")}>
                  {(aria) => (
                    <Input
                      {...aria}
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern="[0-9]*"
                      maxLength={10}
                      required
                    />
                  )}
                </Field>
                <Button type="submit" disabled={busy}>
                  {t("security.confirm")}
                </Button>
              </Form>
            ) : (
              <Form key="password" method="post" className="space-y-4" noValidate>
                <input
                  type="hidden"
                  name="intent"
                  value={loaderData.enabled ? "disable" : "enable"}
                />
                <PasswordField purpose="current" />
                <Button
                  type="submit"
                  variant={loaderData.enabled ? "secondary" : "primary"}
                  disabled={busy}
                >
                  {loaderData.enabled ? t("security.disable") : t("security.enable")}
                </Button>
              </Form>
            )}
          </div>
        </section>
        <PasswordSection error={passwordError} busy={busy} />
        <SessionsSection sessions={loaderData.sessions} busy={busy} />
      </div>
    </AreaShell>
  );
}

function PasswordSection({
  error,
  busy,
}: {
  error: { error: string; field?: string } | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const message = (field: string) => (error?.field === field ? t(error.error) : undefined);
  return (
    <section
      aria-labelledby="password-title"
      className="rounded-3xl bg-white p-6 ring-1 ring-ink-200/70 sm:p-8"
    >
      <h2 id="password-title" className="text-xl font-semibold">
        {t("security.password.title")}
      </h2>
      <p className="mt-2 text-ink-600">{t("security.password.text")}</p>
      <Form method="post" noValidate className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="password" />
        {error && !error.field ? <FormMessage tone="error">{t(error.error)}</FormMessage> : null}
        <Field
          id="current-password"
          label={t("security.password.current")}
          error={message("currentPassword")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
        </Field>
        <Field
          id="new-password"
          label={t("security.password.new")}
          hint={t("auth.passwordHint")}
          error={message("newPassword")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              required
            />
          )}
        </Field>
        <label className="flex items-start gap-3 text-sm text-ink-800">
          <input
            type="checkbox"
            name="signOutOthers"
            defaultChecked
            className="mt-0.5 size-4 rounded border-ink-300 text-brand-700 focus:ring-brand-600"
          />
          {t("security.password.signOutOthers")}
        </label>
        <Button type="submit" disabled={busy}>
          {t("security.password.save")}
        </Button>
      </Form>
    </section>
  );
}

function SessionsSection({
  sessions,
  busy,
}: {
  sessions: {
    id: string;
    createdAt: string;
    lastActiveAt: string;
    device: { browser: string | null; system: string | null };
    current: boolean;
  }[];
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section
      aria-labelledby="sessions-title"
      className="rounded-3xl bg-white p-6 ring-1 ring-ink-200/70 sm:p-8"
    >
      <h2 id="sessions-title" className="text-xl font-semibold">
        {t("security.sessions.title")}
      </h2>
      <p className="mt-2 text-ink-600">{t("security.sessions.text")}</p>
      <ul className="mt-5 divide-y divide-ink-100">
        {sessions.map((session) => {
          const { browser, system } = session.device;
          const device =
            browser && system
              ? t("security.sessions.device", { browser, system })
              : (browser ?? system ?? t("security.sessions.unknownDevice"));
          return (
            <li key={session.id} className="flex items-start gap-3 py-3">
              <Icon name="monitor-smartphone" className="mt-0.5 size-5 shrink-0 text-ink-500" />
              <div className="min-w-0">
                <p className="font-medium text-ink-900">
                  {device}
                  {session.current ? (
                    <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                      {t("security.sessions.current")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-600">
                  {t("security.sessions.since", {
                    signedIn: formatWhen(session.createdAt, i18n.language),
                    active: formatWhen(session.lastActiveAt, i18n.language),
                  })}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <Form method="post" className="mt-5">
        <input type="hidden" name="intent" value="signOutOthers" />
        <Button type="submit" variant="secondary" disabled={busy || others === 0}>
          {t("security.sessions.signOutOthers")}
        </Button>
        {others === 0 ? (
          <p className="mt-2 text-sm text-ink-500">{t("security.sessions.onlyThis")}</p>
        ) : null}
      </Form>
    </section>
  );
}
