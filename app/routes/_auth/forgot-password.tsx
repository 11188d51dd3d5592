import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getAuth } from "#app/auth/auth.server.ts";
import { emailField } from "#app/auth/forms.ts";
import { accountLimit } from "#app/auth/limits.server.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/forgot-password";
import { requestLogger } from "#app/utils/logger.server.ts";

export function loader({ request }: Route.LoaderArgs) {
  const { t, seo, strings } = pageContext(request);
  return {
    strings: strings("auth", "auth-errors"),
    seo: seo({
      title: pageTitle(t("meta.forgotPasswordTitle")),
      description: t("auth.forgot.subtitle"),
      path: "/forgot-password",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...seoMeta(loaderData.seo), { name: "robots", content: "noindex" }] : [];

type Result =
  | { status: "sent" }
  | { status: "invalid"; error: string; email: string }
  | { status: "limited"; minutes: number; email: string };

const forgotForm = z.object({ email: emailField });

/**
 * Always the same answer, whether or not the address has an account: the page never tells
 * anyone who is a client of the agency.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, forgotForm);
  if (form.crossSite) {
    return data<Result>({ status: "invalid", error: "validation.crossSite", email: "" }, 403);
  }
  const typed = (form.values.email ?? "").slice(0, 300);
  if (!form.success) {
    return data<Result>(
      { status: "invalid", error: "auth.errors.emailInvalid", email: typed },
      400,
    );
  }
  const email = form.data.email;
  const minutes = await accountLimit(request, "reset", email);
  if (minutes) {
    return data<Result>(
      { status: "limited", minutes, email: typed },
      { status: 429, headers: { "Retry-After": String(minutes * 60) } },
    );
  }
  const auth = await getAuth();
  await auth.api
    .requestPasswordReset({
      body: { email, redirectTo: "/password-reset" },
      headers: request.headers,
    })
    .catch((error: unknown) =>
      requestLogger(request).error({ event: "auth.reset-request-failed", err: error }),
    );
  return data<Result>({ status: "sent" });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error =
    actionData?.status === "invalid"
      ? t(actionData.error)
      : actionData?.status === "limited"
        ? t("validation.tooManyRequests", { minutes: actionData.minutes })
        : undefined;
  return (
    <AuthShell
      title={t("auth.forgot.title")}
      subtitle={t("auth.forgot.subtitle")}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          {t("auth.signIn")}
        </Link>
      }
    >
      {actionData?.status === "sent" ? (
        <FormMessage tone="notice">{t("auth.forgot.sent")}</FormMessage>
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        <Field id="email" label={t("auth.email")} error={error}>
          {(aria) => (
            <Input
              {...aria}
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={actionData && "email" in actionData ? actionData.email : undefined}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          {sending ? t("auth.forgot.sending") : t("auth.forgot.submit")}
        </Button>
      </Form>
    </AuthShell>
  );
}
