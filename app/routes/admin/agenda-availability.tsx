import { data, Form, Link, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import {
  addDayOff,
  availabilityOf,
  removeDayOff,
  saveAvailability,
  saveInvitationTitle,
} from "#app/features/welcome-call/availability.server.ts";
import {
  dayField,
  dayOffForm,
  formatRanges,
  hoursForm,
  titleForm,
  weekdayOrder,
  type AvailabilityResult as Result,
} from "#app/features/welcome-call/availability-form.ts";
import { invitationTitle } from "#app/features/welcome-call/invitation.server.ts";
import {
  DaysOffSection,
  InvitationTitleSection,
} from "#app/features/welcome-call/availability-sections.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/agenda-availability";

/*
 * /admin/agenda/availability (approvers and admins): her own weekly hours for welcome calls in
 * Brasília time, her booking rules and her days off; for an admin, the invitations' neutral
 * title as well. Each form is all or nothing: a refusal keeps what she typed.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAvailability");
  const { t, language, strings } = pageContext(request);
  const db = await getDatabase();
  const availability = await availabilityOf(db, viewer.id);
  const dayName = (weekday: number) =>
    // 2023-01-01 was a Sunday: weekday 0.
    new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2023, 0, 1 + weekday, 12)),
    );
  return {
    strings: strings("welcome-call"),
    title: pageTitle(t("welcomeCall.availability.title")),
    days: weekdayOrder.map((weekday) => ({
      weekday,
      name: dayName(weekday),
      hours: formatRanges(availability.ranges.filter((range) => range.weekday === weekday)),
    })),
    rules: availability.rules,
    daysOff: availability.daysOff.map((day) => ({
      day,
      label: new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" }).format(
        new Date(`${day}T12:00:00Z`),
      ),
    })),
    admin: viewer.role === "admin",
    invitationTitle: viewer.role === "admin" ? await invitationTitle(db) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAvailability");
  const intent = new URL(request.url).searchParams.get("intent");
  const db = await getDatabase();
  if (intent === "title") {
    const form = await parseForm(request, titleForm);
    if (form.crossSite) return data<Result>({ errors: { form: "validation.crossSite" } }, 403);
    // The invitations' title is the agency's: an admin's alone.
    if (viewer.role !== "admin") {
      return data<Result>(
        { intent, errors: { form: "welcomeCall.availability.errors.admin" } },
        403,
      );
    }
    if (!form.success) {
      return data<Result>(
        {
          intent,
          errors: { title: fieldErrorsOf<"title">(form.error).title },
          values: { title: form.values.title },
        },
        400,
      );
    }
    await saveInvitationTitle(db, viewer.id, form.data.title);
    return data<Result>({ intent, done: "title" });
  }
  if (intent === "addDay" || intent === "removeDay") {
    const form = await parseForm(request, dayOffForm);
    if (form.crossSite) return data<Result>({ errors: { form: "validation.crossSite" } }, 403);
    if (!form.success) {
      return data<Result>(
        { intent, errors: { day: "welcomeCall.availability.errors.day" }, values: form.values },
        400,
      );
    }
    if (form.data.intent === "removeDay") {
      await removeDayOff(db, viewer.id, form.data.day);
      return data<Result>({ intent, done: "removeDay" });
    }
    const outcome = await addDayOff(db, viewer.id, form.data.day);
    if (outcome === "past") {
      return data<Result>(
        { intent, errors: { day: "welcomeCall.availability.errors.past" }, values: form.values },
        400,
      );
    }
    return data<Result>({ intent, done: "addDay" });
  }
  const form = await parseForm(request, hoursForm);
  if (form.crossSite) return data<Result>({ errors: { form: "validation.crossSite" } }, 403);
  if (!form.success) {
    return data<Result>(
      {
        intent: "hours",
        errors: fieldErrorsOf<string>(form.error),
        values: form.values as Record<string, string>,
      },
      400,
    );
  }
  const input = form.data;
  await saveAvailability(db, viewer.id, {
    rules: {
      callMinutes: input.callMinutes,
      bufferMinutes: input.bufferMinutes,
      horizonDays: input.horizonDays,
      noticeHours: input.noticeHours,
    },
    ranges: weekdayOrder.flatMap((weekday) =>
      input[dayField(weekday)]!.map((range) => ({ weekday, ...range })),
    ),
  });
  return data<Result>({ intent: "hours", done: "hours" });
}

const ruleFields = [
  ["callMinutes", "call"],
  ["bufferMinutes", "buffer"],
  ["horizonDays", "horizon"],
  ["noticeHours", "notice"],
] as const;

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = actionData as Result | undefined;
  const hours = result?.intent === "hours" ? result : undefined;
  const days = result?.intent === "addDay" || result?.intent === "removeDay" ? result : undefined;
  const title = result?.intent === "title" ? result : undefined;
  const error = (part: Result | undefined, name: string) =>
    part?.errors?.[name] ? t(part.errors[name]!) : undefined;
  return (
    <>
      <p>
        <Link to="/admin/agenda" className="text-sm font-semibold text-brand-800 underline">
          {t("welcomeCall.availability.back")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">
        {t("welcomeCall.availability.title")}
      </h1>
      <p className="mt-1 max-w-2xl text-sm text-ink-600">{t("welcomeCall.availability.intro")}</p>

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {result?.done ? (
          <FormMessage tone="notice">
            {t(`welcomeCall.availability.done.${result.done}`)}
          </FormMessage>
        ) : null}
      </div>
      {result?.errors?.form ? (
        <FormMessage tone="error">{t(result.errors.form)}</FormMessage>
      ) : null}

      <Section
        id="weekly-hours"
        className="mt-6"
        title={t("welcomeCall.availability.hours")}
        description={t("welcomeCall.availability.hoursHint")}
      >
        <Form method="post" action="?intent=hours" noValidate className="mt-4 space-y-5">
          <input type="hidden" name="intent" value="hours" />
          <div className="grid gap-4 sm:grid-cols-2">
            {loaderData.days.map((day) => {
              const name = dayField(day.weekday);
              return (
                <Field key={name} id={`hours-${name}`} label={day.name} error={error(hours, name)}>
                  {(aria) => (
                    <Input
                      {...aria}
                      name={name}
                      inputMode="text"
                      autoComplete="off"
                      placeholder={t("welcomeCall.availability.placeholder")}
                      defaultValue={hours?.values?.[name] ?? day.hours}
                    />
                  )}
                </Field>
              );
            })}
          </div>
          <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {ruleFields.map(([name, label]) => (
              <Field
                key={name}
                id={`rule-${name}`}
                label={t(`welcomeCall.availability.rules.${label}`)}
                error={error(hours, name)}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name={name}
                    inputMode="numeric"
                    defaultValue={hours?.values?.[name] ?? String(loaderData.rules[name])}
                  />
                )}
              </Field>
            ))}
          </div>
          <Button type="submit" disabled={busy}>
            <Icon name="check" />
            {t("welcomeCall.availability.save")}
          </Button>
        </Form>
      </Section>

      <DaysOffSection daysOff={loaderData.daysOff} result={days} busy={busy} />
      {loaderData.admin ? (
        <InvitationTitleSection
          current={loaderData.invitationTitle ?? ""}
          result={title}
          busy={busy}
        />
      ) : null}
    </>
  );
}
