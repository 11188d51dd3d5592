import { useEffect } from "react";
import { Form, useFetcher, useLocation, useRevalidator } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { SlotDay, WelcomeCallCardData, WelcomeCallResult, ZoneSource } from "./card-data.ts";
import { canonicalTimeZone } from "./time-zones.ts";

const ACTION = "/dashboard/model/welcome-call";
/**
 * Her booking, move and cancellation post through one fetcher: the page stays as it is while
 * the answer comes (her chosen time still chosen), a refusal or a lost connection is said in the
 * card, and a change done goes on to the dashboard as the server's redirect says.
 */
const FETCHER_KEY = "welcome-call";
/** Days shown at once; the later ones open on demand (a phone's screen is short). */
const FIRST_DAYS = 5;

/** The dashboard's word after a change (`?call=booked`), from its URL. */
export function welcomeCallNotice(params: URLSearchParams) {
  const done = params.get("call");
  return done === "booked" || done === "moved" || done === "cancelled" ? done : null;
}

/**
 * The model's "Welcome call" card (issue 29): her manager's free times in her zone, a time to
 * choose and book; then her call, with the way to join, move or cancel it. Plain forms: it
 * works the same without JavaScript (the fetcher's forms post as any form does).
 */
export function WelcomeCallCard({
  card,
  error,
  zones,
  notice,
}: {
  card: WelcomeCallCardData;
  error?: string | null;
  zones: readonly string[];
  notice?: "booked" | "moved" | "cancelled" | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WelcomeCallResult>({ key: FETCHER_KEY });
  const { key: page } = useLocation();
  // A change done goes on to a new page (the server's redirect): what the card said before it,
  // a lost connection say, is past, and is forgotten.
  useEffect(() => {
    if (fetcher.state === "idle") fetcher.reset();
    // Once per page reached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
  // A refusal answered while she stayed on the page comes with fresh times; while she sends
  // again, the last answer's words wait.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  card = answer?.card ?? card;
  error = answer?.error ?? error;
  return (
    <Section
      id="welcome-call-card"
      anchor="welcome-call"
      title={
        <span className="flex items-center gap-2">
          <Icon name="calendar-clock" className="size-5 text-brand-700" />
          {t("welcomeCall.card.title")}
        </span>
      }
    >
      {notice ? (
        <div className="mt-3">
          <FormMessage tone="notice">{t(`welcomeCall.card.notice.${notice}`)}</FormMessage>
        </div>
      ) : null}
      {error ? (
        <div className="mt-3">
          <FormMessage tone="error">{t(error)}</FormMessage>
        </div>
      ) : null}
      {card.kind === "waiting" ? (
        <p className="mt-2 text-sm text-ink-600">{t("welcomeCall.card.waiting")}</p>
      ) : (
        <OpenCard card={card} zones={zones} />
      )}
    </Section>
  );
}

function OpenCard({
  card,
  zones,
}: {
  card: Extract<WelcomeCallCardData, { kind: "open" }>;
  zones: readonly string[];
}) {
  const { t } = useTranslation();
  useBrowserZone(card.zone, card.zoneSource);
  const { call } = card;
  if (call?.state === "held") {
    return (
      <p className="mt-2 text-sm text-ink-700">
        {t("welcomeCall.card.held", { manager: card.manager })}
      </p>
    );
  }
  return (
    <>
      {call ? (
        <div className="mt-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
          <p className="text-sm text-brand-900">
            {t("welcomeCall.card.booked", { manager: card.manager })}
          </p>
          <p className="mt-1 text-lg font-semibold text-ink-900">
            <time dateTime={call.startsAt}>{call.when}</time>
          </p>
          {call.meetingUrl ? (
            <a
              href={call.meetingUrl}
              className={`mt-3 ${buttonVariants({ size: "sm" })}`}
              rel="noopener noreferrer"
              target="_blank"
            >
              <Icon name="external-link" />
              {t("welcomeCall.card.join")}
            </a>
          ) : (
            <p className="mt-2 text-sm text-ink-600">
              {t("welcomeCall.card.linkLater", { manager: card.manager })}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-ink-600">
          {t("welcomeCall.card.intro", { manager: card.manager })}
        </p>
      )}

      <ZoneLine card={card} zones={zones} />

      {call && !call.canChange ? (
        <p className="mt-4 text-sm text-ink-600">{t("welcomeCall.card.tooLateToChange")}</p>
      ) : null}

      {call?.canChange ? (
        <>
          <details className="mt-4 rounded-2xl ring-1 ring-ink-100">
            <summary className="cursor-pointer rounded-2xl px-4 py-3 text-sm font-semibold text-brand-800">
              {t("welcomeCall.card.moveSummary")}
            </summary>
            <div className="px-4 pb-4">
              <SlotPicker days={card.days} zone={card.zone} intent="move" callId={call.id} />
            </div>
          </details>
          <ChangeForm className="mt-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="call" value={call.id} />
            <input type="hidden" name="tz" value={card.zone} />
            <SendButton variant="secondary" size="sm">
              {t("welcomeCall.card.cancel")}
            </SendButton>
            <p className="mt-2 text-xs text-ink-500">{t("welcomeCall.card.changeLimit")}</p>
          </ChangeForm>
        </>
      ) : null}

      {!call ? <SlotPicker days={card.days} zone={card.zone} intent="book" /> : null}
    </>
  );
}

/** The zone the times are in, and a way to choose another (a plain GET form). */
function ZoneLine({
  card,
  zones,
}: {
  card: Extract<WelcomeCallCardData, { kind: "open" }>;
  zones: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 text-sm text-ink-600">
      <p>
        <Icon name="map-pin" className="mr-1 inline size-4 align-[-2px] text-ink-500" />
        {t("welcomeCall.card.zone", { zone: card.zoneLabel })}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer font-semibold text-brand-800">
          {t("welcomeCall.card.zoneChange")}
        </summary>
        <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
          <label htmlFor="welcome-call-zone" className="sr-only">
            {t("welcomeCall.card.zoneLabel")}
          </label>
          <select
            id="welcome-call-zone"
            name="tz"
            defaultValue={card.zone}
            className="field-compact max-w-full"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, " ")}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm">
            {t("welcomeCall.card.zoneApply")}
          </Button>
        </Form>
      </details>
    </div>
  );
}

/** The free times, day by day, as choices; one button books (or moves to) the chosen one. */
function SlotPicker({
  days,
  zone,
  intent,
  callId,
}: {
  days: SlotDay[];
  zone: string;
  intent: "book" | "move";
  callId?: number;
}) {
  const { t } = useTranslation();
  if (days.length === 0) {
    return <p className="mt-4 text-sm text-ink-700">{t("welcomeCall.card.noTimes")}</p>;
  }
  const dayList = (list: SlotDay[]) =>
    list.map((day) => (
      <fieldset key={day.key} className="mt-4">
        <legend className="text-sm font-semibold text-ink-900">{day.label}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
          {day.times.map((time) => (
            <label key={time.value} className="cursor-pointer">
              <input
                type="radio"
                name="start"
                value={time.value}
                required
                className="peer sr-only"
              />
              <span className="flex min-h-11 w-full items-center justify-center rounded-full px-2 text-sm font-semibold text-ink-800 tabular-nums ring-1 ring-ink-200 peer-checked:bg-brand-700 peer-checked:text-white peer-checked:ring-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:ring-brand-300">
                {time.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    ));
  return (
    <ChangeForm className="mt-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="tz" value={zone} />
      {callId ? <input type="hidden" name="call" value={callId} /> : null}
      {dayList(days.slice(0, FIRST_DAYS))}
      {days.length > FIRST_DAYS ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">
            {t("welcomeCall.card.laterDays")}
          </summary>
          {dayList(days.slice(FIRST_DAYS))}
        </details>
      ) : null}
      <SendButton className="mt-5 w-full sm:w-auto">
        <Icon name="check" />
        {intent === "book" ? t("welcomeCall.card.book") : t("welcomeCall.card.move")}
      </SendButton>
    </ChangeForm>
  );
}

function ChangeForm({ className, children }: { className: string; children: React.ReactNode }) {
  const fetcher = useFetcher<WelcomeCallResult>({ key: FETCHER_KEY });
  return (
    <fetcher.Form method="post" action={ACTION} className={className}>
      {children}
    </fetcher.Form>
  );
}

/** While a change is on its way the button says so, and a second tap sends nothing more. */
function SendButton({
  className,
  variant,
  size,
  children,
}: {
  className?: string;
  variant?: "secondary";
  size?: "sm";
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const sending = useFetcher({ key: FETCHER_KEY }).state !== "idle";
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      className={className}
      aria-disabled={sending || undefined}
      onClick={(event) => {
        if (sending) event.preventDefault();
      }}
    >
      {sending ? t("welcomeCall.card.sending") : children}
    </Button>
  );
}

/**
 * Sends the browser's own zone with the next page requests (a cookie), once the page runs:
 * the first view without it shows her country's zone (or Brasília's) and names it.
 */
function useBrowserZone(shown: string, source: ZoneSource) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (source === "chosen") return;
    const browser = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (!browser || browser === shown) return;
    document.cookie = `mare_tz=${encodeURIComponent(browser)}; path=/; max-age=31536000; samesite=lax`;
    void revalidator.revalidate();
    // Once per zone shown: the revalidated page shows the browser's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, source]);
}
