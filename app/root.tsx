import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import displayFont from "./assets/fonts/fraunces-600-latin.woff2?url";
import { NavigationProgress } from "#app/components/ui/navigation-progress.tsx";
import { Toaster } from "#app/components/ui/toast.tsx";
import { directionOf, defaultLanguage } from "#app/i18n/languages.ts";
import { languageCookie, languageForRequest } from "#app/i18n/language.server.ts";
import { stringsFor } from "#app/i18n/resources.server.ts";
import { LanguageSync } from "#app/i18n/language-sync.tsx";
import type { Viewer } from "#app/components/layout/viewer.ts";
import { TranslationProvider, usePageStrings, useTranslation } from "#app/i18n/translation.tsx";
import { parseReferralCode, referralCookie } from "#app/features/referrals/referral.server.ts";
import { countReferralClick } from "#app/features/affiliates/referral-clicks.server.ts";
import { homeOf, mayOpen } from "#app/auth/permissions.ts";
import { getCurrentUser } from "#app/auth/guards.server.ts";
import { useNonce } from "#app/utils/nonce.tsx";
import { publicOrigin } from "#app/utils/origin.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const { language, source } = languageForRequest(request);
  const origin = publicOrigin(request);
  const secure = origin.startsWith("https:");
  const headers = new Headers();
  // An explicit ?lang= is a choice: remember it so the next pages render in it too.
  if (source === "query") headers.append("Set-Cookie", languageCookie(language, secure));
  // An affiliate's link: the latest one clicked is remembered for 30 days.
  const referral = parseReferralCode(new URL(request.url).searchParams.get("ref"));
  if (referral) {
    // Counted before the cookie below is sent: the request's own cookie tells a reload apart.
    countReferralClick(request, referral);
    headers.append("Set-Cookie", referralCookie(referral, secure));
  }
  // Who is signed in, for the navigation bar: rendered by the server, so it never flashes.
  const user = await getCurrentUser(request);
  const viewer: Viewer | null = user
    ? {
        name: user.name,
        home: homeOf(user.role),
        alerts: mayOpen(user.role, "accountNotifications"),
      }
    : null;
  return data(
    // The shell's strings; each page's loader adds its own (app/i18n/namespaces.ts).
    {
      language,
      languageSource: source,
      strings: stringsFor(language, viewer ? ["common", "account-menu"] : ["common"]),
      viewer,
    },
    { headers },
  );
}

// The strings only change with the language: skip the root loader on other navigations.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const nextLang = nextUrl.searchParams.get("lang");
  return nextLang !== null && nextLang !== currentUrl.searchParams.get("lang");
}

// Pages carry what their loaders and actions set (the language cookie, Retry-After, …).
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(actionHeaders);
  loaderHeaders.forEach((value, name) => merged.append(name, value));
  return merged;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  // The headings' face, asked for with the stylesheet rather than after it (app.css, decision 039).
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // No preload of the icon sprite: Chromium never matches a preload to a <use> request and warns
  // in the console. The header's first icon, at the top of the body, asks for it early anyway.
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const language = root?.language ?? defaultLanguage;
  const strings = usePageStrings();

  const document = (
    <html lang={language} dir={directionOf(language)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5c60" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {root ? <Toaster /> : null}
        {root ? <NavigationProgress /> : null}
        {root ? <LanguageSync language={root.language} source={root.languageSource} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
  return root ? (
    <TranslationProvider language={root.language} strings={strings}>
      {document}
    </TranslationProvider>
  ) : (
    document
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, ready } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal the server explains (a form too large, a body it cannot read) says so, rather
  // than blaming the server; its message is a translation key (utils/request.server.ts).
  const refusal = isRouteErrorResponse(error) && status < 500 ? readRefusal(error.data) : null;
  const text = refusal
    ? ready
      ? t(refusal.message)
      : refusal.text
    : ready
      ? t("error.text")
      : "Algo deu errado do nosso lado. Tente novamente em instantes.";
  // Stack traces only ever reach the page in development.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
      <title>Unexpected Application Error!</title>
      <p className="text-sm font-semibold tracking-widest text-coral-700 uppercase">{status}</p>
      <h1 className="text-4xl font-semibold">Unexpected Application Error!</h1>
      <p className="text-lg text-ink-600">{text}</p>
      <a
        href="/"
        className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {ready ? t("error.home") : "Voltar para a página inicial"}
      </a>
      {stack ? <pre className="max-w-full overflow-auto text-start text-xs">{stack}</pre> : null}
    </main>
  );
}

/** A refused form's message (utils/request.server.ts): its key, and its text in her language. */
function readRefusal(given: unknown) {
  const { message, text } = (given ?? {}) as { message?: unknown; text?: unknown };
  return typeof message === "string" &&
    message.startsWith("validation.") &&
    typeof text === "string"
    ? { message, text }
    : null;
}
