import { data, isRouteErrorResponse, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { bookCall, cancelCall } from "#app/features/welcome-call/booking.server.ts";
import { welcomeCallCard } from "#app/features/welcome-call/card.server.ts";
import type { WelcomeCallResult as Result } from "#app/features/welcome-call/card-data.ts";
import { canonicalTimeZone, timeZoneChoices } from "#app/features/welcome-call/time-zones.ts";
import { WelcomeCallCard } from "#app/features/welcome-call/welcome-call-card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/welcome-call";

/*
 * /dashboard/model/welcome-call (models): where the card's forms post. A booking, a move or a
 * cancellation goes back to her dashboard; a refused one is answered here, with the reason and
 * fresh times, so nothing depends on JavaScript. A plain visit shows the card alone (or, before
 * her approval, that there is nothing to book yet).
 */

const callId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);
const start = z.iso.datetime({ offset: true, error: "welcomeCall.errors.unavailable" });
const tz = z.string().max(64).default("");

const callForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("book"), start, tz }),
  z.object({ intent: z.literal("move"), start, tz, call: callId }),
  z.object({ intent: z.literal("cancel"), tz, call: callId }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelWelcomeCall");
  const { t, language, strings } = pageContext(request);
  // Null before her approval: the page says so (and a refused post is answered on it).
  const card = await welcomeCallCard(await getDatabase(), viewer, request, language);
  return {
    strings: strings("model", "areas", "welcome-call"),
    title: pageTitle(t("welcomeCall.card.title")),
    card,
    zones: timeZoneChoices(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "modelWelcomeCall");
  const { language } = pageContext(request);
  const form = await parseForm(request, callForm);
  const db = await getDatabase();
  const answer = async (error: string, status: number) =>
    data<Result>({ error, card: await welcomeCallCard(db, viewer, request, language) }, { status });
  if (form.crossSite) return answer("validation.crossSite", 403);
  if (!form.success) {
    const issue = form.error.issues[0]?.message ?? "";
    return answer(issue.startsWith("welcomeCall.") ? issue : "welcomeCall.errors.unavailable", 400);
  }
  const input = form.data;
  const zone = canonicalTimeZone(input.tz);
  if (!zone) return answer("welcomeCall.errors.zone", 400);
  const back = (done: string) =>
    redirect(`/dashboard/model?call=${done}&tz=${encodeURIComponent(zone)}#welcome-call`, 303);
  if (input.intent === "cancel") {
    const outcome = await cancelCall(db, viewer, input.call);
    if (outcome === "cancelled") return back("cancelled");
    return outcome === "too-late"
      ? answer("welcomeCall.errors.tooLate", 409)
      : answer("welcomeCall.errors.notFound", 404);
  }
  const result = await bookCall(db, viewer, {
    startsAt: new Date(input.start),
    timeZone: zone,
    ...(input.intent === "move" ? { moveCallId: input.call } : {}),
  });
  switch (result.outcome) {
    case "booked":
    case "moved":
      return back(result.outcome);
    case "taken":
      return answer("welcomeCall.errors.taken", 409);
    case "unavailable":
      return answer("welcomeCall.errors.unavailable", 400);
    case "already-booked":
      return answer("welcomeCall.errors.alreadyBooked", 409);
    case "no-call":
    case "not-allowed":
      return answer("welcomeCall.errors.notFound", 404);
    case "too-late":
      return answer("welcomeCall.errors.tooLate", 409);
  }
}

/**
 * In her browser: a post that never reached the server, or whose answer never reached her (her
 * signal went), becomes an answer like a refusal, so the card stays with her choice and says so;
 * left to the router the failure would replace the page with the error screen. Whether it was
 * booked is not known here: the message asks her to send it again or reload (the server books
 * one call per application, so a second post never books twice).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    // A 5xx status keeps the router from reading the page again over the same lost connection.
    return data<Result>({ error: "welcomeCall.errors.unreachable", card: null }, 503);
  }
}

export default function WelcomeCallPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as Result | undefined;
  const card = result?.card ?? loaderData.card;
  return (
    <AreaShell title={t("welcomeCall.card.title")}>
      <div className="mt-6 max-w-2xl">
        {card ? (
          <WelcomeCallCard card={card} error={result?.error} zones={loaderData.zones} />
        ) : (
          <>
            {result?.error ? <FormMessage tone="error">{t(result.error)}</FormMessage> : null}
            <p className="text-ink-700">{t("welcomeCall.card.none")}</p>
          </>
        )}
        <p className="mt-6">
          <a href="/dashboard/model" className="text-sm font-semibold text-brand-800 underline">
            {t("welcomeCall.card.back")}
          </a>
        </p>
      </div>
    </AreaShell>
  );
}
