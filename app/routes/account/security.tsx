import QRCode from "qrcode";
import { useTranslation } from "~/i18n/translation";
import { data, Form, useNavigation } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { callAuth } from "~/auth/call.server";
import { accountLimit } from "~/auth/limits.server";
import { redirectWithCookies, requireUser } from "~/auth/session.server";
import { AreaShell } from "~/components/layout/area-shell";
import { FormMessage } from "~/components/layout/auth-shell";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/auth/password-field";
import { Field, Input } from "~/components/ui/field";
import { pageContext } from "~/utils/page.server";
import { isCrossSiteRequest } from "~/utils/request.server";
import { pageTitle } from "~/utils/seo";
import type { Route } from "./+types/security";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = pageContext(request);
  const url = new URL(request.url);
  return {
    title: pageTitle(t("security.title")),
    enabled: user.twoFactorEnabled,
    notice: url.searchParams.get("notice"),
    required: url.searchParams.has("required"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result =
  | { step: "scan"; qr: string; secret: string; backupCodes: string[] }
  | { error: string; params?: Record<string, number>; step?: "scan" };

/**
 * Two-factor sign-in with an authenticator app (TOTP), which any user may turn on: her password
 * first, then a QR code and backup codes, then one code from the app to confirm it works.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (isCrossSiteRequest(request)) return data<Result>({ error: "validation.crossSite" }, 403);
  const form = await request.formData();
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
  const error = actionData && "error" in actionData ? actionData : null;

  return (
    <AreaShell title={t("security.title")}>
      <section className="max-w-2xl rounded-3xl bg-white p-6 ring-1 ring-ink-200/70 sm:p-8">
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
                    <li key={code} className="rounded-lg bg-sand-50 px-3 py-2 ring-1 ring-ink-200">
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
    </AreaShell>
  );
}
