import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import {
  agendaOwners,
  agendaWeek,
  markCall,
  shiftWeek,
  weekOf,
} from "#app/features/welcome-call/agenda.server.ts";
import { databaseNow } from "#app/features/welcome-call/booking.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/agenda";

/*
 * /admin/agenda (approvers and admins): a manager's welcome calls, a week at a time (Brasília),
 * each marked held or missed once it began. Her own week; an admin may open anyone's.
 */

const safeId = z.string().max(100);

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAgenda");
  const { t, language, strings } = pageContext(request);
  const db = await getDatabase();
  const url = new URL(request.url);
  const owners = viewer.role === "admin" ? await agendaOwners(db) : [];
  const asked = safeId.safeParse(url.searchParams.get("manager") ?? "").data;
  const managerId =
    viewer.role === "admin" && asked && owners.some((owner) => owner.id === asked)
      ? asked
      : viewer.id;
  const monday = weekOf(url.searchParams.get("week"), await databaseNow(db));
  const week = await agendaWeek(db, managerId, monday, language);
  const lastDay = new Date(week.to.getTime() - 1);
  const range = new Intl.DateTimeFormat(language, {
    timeZone: "America/Sao_Paulo",
    day: "numeric",
    month: "long",
  }).formatRange(week.from, lastDay);
  return {
    strings: strings("welcome-call"),
    title: pageTitle(t("welcomeCall.agenda.title")),
    calls: week.calls,
    range,
    monday,
    previous: shiftWeek(monday, -1),
    next: shiftWeek(monday, 1),
    managerId,
    own: managerId === viewer.id,
    owners,
    marked: url.searchParams.get("marked"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const markForm = z.object({
  call: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
  outcome: z.enum(["held", "missed"]),
  back: z.string().max(300).default(""),
});

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAgenda");
  const form = await parseForm(request, markForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  if (!form.success) return data({ error: "welcomeCall.agenda.errors.invalid" }, 400);
  const outcome = await markCall(
    await getDatabase(),
    { id: viewer.id, ip: clientIp(request), role: viewer.role },
    form.data.call,
    form.data.outcome,
  );
  if (outcome === "not-found") return data({ error: "welcomeCall.agenda.errors.notFound" }, 404);
  if (outcome === "not-started") {
    return data({ error: "welcomeCall.agenda.errors.notStarted" }, 409);
  }
  if (outcome === "closed") return data({ error: "welcomeCall.agenda.errors.closed" }, 409);
  // Back to the week it was on (only a query of this page), as a fresh GET.
  const query = /^\?[\w=&%.-]*$/.test(form.data.back) ? form.data.back : "";
  const params = new URLSearchParams(query);
  params.set("marked", form.data.outcome);
  return redirect(`/admin/agenda?${params}`, 303);
}

const stateTone = { booked: "neutral", held: "positive", missed: "negative", cancelled: "neutral" };

export default function Agenda({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { calls, owners } = loaderData;
  const query = (week: string) => {
    const params = new URLSearchParams({ week });
    if (!loaderData.own) params.set("manager", loaderData.managerId);
    return `?${params}`;
  };
  const here = query(loaderData.monday);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t("welcomeCall.agenda.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">{t("welcomeCall.agenda.intro")}</p>
        </div>
        <Link
          to="/admin/agenda/availability"
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          <Icon name="clock" />
          {t("welcomeCall.agenda.availability")}
        </Link>
      </div>

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {loaderData.marked === "held" || loaderData.marked === "missed" ? (
          <FormMessage tone="notice">
            {t(`welcomeCall.agenda.marked.${loaderData.marked}`)}
          </FormMessage>
        ) : null}
      </div>
      {actionData?.error ? <FormMessage tone="error">{t(actionData.error)}</FormMessage> : null}

      {owners.length ? (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="week" value={loaderData.monday} />
          <label htmlFor="agenda-manager" className="text-sm font-semibold text-ink-900">
            {t("welcomeCall.agenda.manager")}
          </label>
          <select
            id="agenda-manager"
            name="manager"
            defaultValue={loaderData.managerId}
            className="field-compact"
          >
            {owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm">
            {t("welcomeCall.agenda.show")}
          </Button>
        </Form>
      ) : null}

      <Section
        id="agenda-week"
        className="mt-6"
        title={t("welcomeCall.agenda.week", { range: loaderData.range })}
        description={t("welcomeCall.agenda.brasilia")}
        actions={
          <nav aria-label={t("welcomeCall.agenda.weeks")} className="flex gap-2">
            <Link
              to={query(loaderData.previous)}
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              <Icon name="arrow-left" />
              {t("welcomeCall.agenda.previous")}
            </Link>
            <Link
              to={query(loaderData.next)}
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              {t("welcomeCall.agenda.next")}
              <Icon name="arrow-right" />
            </Link>
          </nav>
        }
      >
        {calls.length === 0 ? (
          <EmptyState className="mt-4">{t("welcomeCall.agenda.empty")}</EmptyState>
        ) : (
          <ul className="mt-4 divide-y divide-ink-100">
            {calls.map((call) => (
              <li
                key={call.id}
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="text-sm text-ink-600">{call.day}</p>
                  <p className="mt-0.5 text-lg font-semibold text-ink-900 tabular-nums">
                    {call.brasilia}{" "}
                    <span className="text-sm font-normal text-ink-600">
                      {t("welcomeCall.agenda.brasiliaShort")}
                    </span>
                  </p>
                  <p className="mt-0.5">
                    <Link
                      to={`/admin/cadastros/${call.submissionId}`}
                      className="font-semibold text-brand-800 underline"
                    >
                      {call.model}
                    </Link>
                  </p>
                  {call.hers ? (
                    <p className="text-sm text-ink-600">
                      {t("welcomeCall.agenda.hers", { time: call.hers })}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={stateTone[call.state] as "neutral"} value={call.state}>
                    {t(`welcomeCall.agenda.states.${call.state}`)}
                  </Badge>
                  {call.canMark ? (
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="call" value={call.id} />
                      <input type="hidden" name="back" value={here} />
                      <Button type="submit" name="outcome" value="held" size="sm">
                        <Icon name="check" />
                        {t("welcomeCall.agenda.held")}
                        <span className="sr-only"> — {call.model}</span>
                      </Button>
                      <Button
                        type="submit"
                        name="outcome"
                        value="missed"
                        size="sm"
                        variant="secondary"
                      >
                        <Icon name="x" />
                        {t("welcomeCall.agenda.missed")}
                        <span className="sr-only"> — {call.model}</span>
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
