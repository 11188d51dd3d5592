import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { getAuth } from "#app/auth/auth.server.ts";
import { redirectWithCookies } from "#app/auth/guards.server.ts";
import { AuthShell, FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientLimitKey } from "#app/utils/request.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/verify-email";

/** A verification token (a signed JWT of a few hundred characters); anything else is no link. */
const TOKEN = /^[A-Za-z0-9_.-]{20,2048}$/;
/** Where Better Auth sends her once the address is confirmed, or with ?error=… when not. */
const CONTINUE = "/auth/continue?verified=1";

/**
 * /verify-email?token=…: the link of the verification mail. Mail providers and company gateways
 * open every link of a message before the person does, so opening it changes nothing: the
 * page's one button posts the token, and only then is the address confirmed (and, from another
 * browser than the one that signed up, the account claimed: auth/account-claim.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  const { t, strings } = pageContext(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data(
    {
      strings: strings("auth"),
      title: pageTitle(t("meta.verifyEmailTitle")),
      token: TOKEN.test(token) ? token : null,
    },
    // The token is in the address: never kept by a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers: Route.HeadersFunction = (args) => {
  const headers = pageWithActionHeaders(args);
  headers.set("Cache-Control", "no-store");
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
  // The token never leaves for another site in a Referer header.
  { name: "referrer", content: "same-origin" },
];

/**
 * Better Auth's own verification, given the token and this browser's cookies (its sign-up
 * proof, a session): its answer, a redirect with cookies, is passed on as it is.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, z.object({ token: z.string().regex(TOKEN) }));
  if (form.crossSite) throw data(null, { status: 403 });
  if (!form.success) throw redirect("/login?notice=verify-failed");
  const { token } = form.data;
  // Tokens are guessed by trying many: 60 tries per address in 10 minutes is plenty for people.
  const limit = await hitRateLimit(await getDatabase(), `auth-link:${clientLimitKey(request)}`, {
    limit: 60,
    windowSeconds: 600,
  });
  if (!limit.allowed) {
    return data(
      { limitedMinutes: Math.ceil(limit.retryAfterSeconds / 60) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const url = new URL(`${mailOrigin()}/api/auth/verify-email`);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", CONTINUE);
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "x-client-ip", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const answer = await (await getAuth()).handler(new Request(url, { headers }));
  const location = answer.headers.get("location");
  if (answer.status >= 300 && answer.status < 400 && location) {
    throw redirectWithCookies(location, answer);
  }
  throw redirect("/login?notice=verify-failed");
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  return (
    <AuthShell title={t("auth.verify.title")} subtitle={t("auth.verify.subtitle")}>
      {actionData ? (
        <FormMessage tone="error">
          {t("validation.tooManyRequests", { minutes: actionData.limitedMinutes })}
        </FormMessage>
      ) : null}
      {loaderData.token ? (
        // A document post to this path without the token in its address (VERIFY_PATH of
        // auth/account-claim.server.ts, to which the sign-up proof cookie is scoped); the
        // answer's redirect may carry a fragment (the claim's token) only a page load keeps.
        <Form method="post" action="/verify-email" reloadDocument>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" className="w-full" disabled={sending}>
            {sending ? t("auth.verify.sending") : t("auth.verify.submit")}
          </Button>
        </Form>
      ) : (
        <FormMessage tone="error">
          {t("auth.verify.missing")}{" "}
          <Link to="/login" className="underline underline-offset-2">
            {t("auth.signIn")}
          </Link>
        </FormMessage>
      )}
    </AuthShell>
  );
}
