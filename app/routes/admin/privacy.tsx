import { desc } from "drizzle-orm";
import { data, Form, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { privacyRequests } from "#app/db/schema.server.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import { maskEmail } from "#app/mail/smtp-admin.server.ts";
import { MAX_RETENTION_MONTHS } from "#app/features/privacy/constants.ts";
import {
  lastRetentionRun,
  readRetention,
  runRetention,
  saveRetention,
} from "#app/features/privacy/retention.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/privacy";

const RECENT = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminPrivacy");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const [retention, lastRun, recent] = await Promise.all([
    readRetention(db),
    lastRetentionRun(db),
    db
      .select({
        id: privacyRequests.id,
        kind: privacyRequests.kind,
        email: privacyRequests.email,
        createdAt: privacyRequests.createdAt,
        expiresAt: privacyRequests.expiresAt,
        completedAt: privacyRequests.completedAt,
        fromAccount: privacyRequests.userId,
      })
      .from(privacyRequests)
      .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
      .limit(RECENT),
  ]);
  const now = Date.now();
  return {
    strings: strings("admin-privacy", "auth-errors"),
    title: pageTitle(t("admin.privacy.title")),
    retention: {
      months: retention.months,
      updatedAt: retention.updatedAt,
      by: retention.updatedBy,
    },
    lastRun,
    requests: recent.map((row) => ({
      id: row.id,
      kind: row.kind,
      // Staff see which request it was, not whose address: the masked form is enough to tell.
      email: row.email.includes("***") ? row.email : maskEmail(row.email),
      createdAt: row.createdAt,
      state: row.completedAt
        ? ("done" as const)
        : row.expiresAt.getTime() <= now
          ? ("expired" as const)
          : ("waiting" as const),
      until: row.completedAt ?? row.expiresAt,
      fromAccount: Boolean(row.fromAccount),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result =
  | { intent: "save"; saved: true }
  | { intent: "save"; error: string; value: string }
  | { intent: "run"; ran: boolean; erased: number }
  | { intent: "none"; error: string };

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminPrivacy");
  if (isCrossSiteRequest(request)) {
    return data<Result>({ intent: "none", error: "validation.crossSite" }, 403);
  }
  const form = await readForm(request);
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  if (form.get("intent") === "save") {
    const value = String(form.get("months") ?? "").trim();
    // Whole months from 0 (keep until she asks) to ten years; an empty field is a mistake,
    // not a wish to keep forever: 0 says that, in so many words.
    if (!/^\d{1,3}$/.test(value) || Number(value) > MAX_RETENTION_MONTHS) {
      return data<Result>(
        { intent: "save", error: "admin.privacy.retention.invalid", value: value.slice(0, 10) },
        400,
      );
    }
    await saveRetention(db, Number(value), actor);
    return data<Result>({ intent: "save", saved: true });
  }
  if (form.get("intent") === "run") {
    const result = await runRetention(db, { force: true, actor });
    return data<Result>({ intent: "run", ran: result.ran, erased: result.ran ? result.erased : 0 });
  }
  return data<Result>({ intent: "none", error: "auth.errors.generic" }, 400);
}

const card = "rounded-2xl bg-white p-5 ring-1 ring-ink-200/70 sm:p-6";

/** /admin/privacy: the retention period, its daily run, and the privacy requests. */
export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { retention, lastRun, requests } = loaderData;
  const language = i18n.language;
  const saveError = actionData?.intent === "save" && "error" in actionData ? actionData : null;

  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.privacy.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">{t("admin.privacy.intro")}</p>
      {actionData?.intent === "none" ? (
        <div className="mt-6">
          <FormMessage tone="error">{t(actionData.error)}</FormMessage>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="retention-title" className={card}>
          <h2 id="retention-title" className="text-lg font-semibold">
            {t("admin.privacy.retention.title")}
          </h2>
          <p className="mt-2 text-sm text-ink-600">{t("admin.privacy.retention.text")}</p>
          <p className="mt-3 text-sm font-medium text-ink-900" role="status">
            {retention.months === 0
              ? t("admin.privacy.retention.off")
              : t("admin.privacy.retention.current", { count: retention.months })}
          </p>
          {actionData?.intent === "save" && "saved" in actionData ? (
            <div className="mt-4">
              <FormMessage tone="notice">{t("admin.privacy.retention.saved")}</FormMessage>
            </div>
          ) : null}
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="save" />
            <Field
              id="months"
              label={t("admin.privacy.retention.months")}
              hint={t("admin.privacy.retention.hint", { max: MAX_RETENTION_MONTHS })}
              error={saveError ? t(saveError.error, { max: MAX_RETENTION_MONTHS }) : undefined}
              className="w-full sm:w-72"
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="months"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_RETENTION_MONTHS}
                  step={1}
                  required
                  defaultValue={saveError ? saveError.value : retention.months}
                  key={saveError ? "error" : retention.months}
                />
              )}
            </Field>
            {/* Level with the field beside it (above its hint); under it on a phone. */}
            <Button type="submit" disabled={busy} className="sm:mb-[1.625rem]">
              {t("admin.privacy.retention.save")}
            </Button>
          </Form>
          {retention.updatedAt ? (
            <p className="mt-2 text-xs text-ink-500">
              {t("admin.privacy.retention.changed", {
                when: formatWhen(retention.updatedAt, language),
                name: retention.by ?? t("admin.accessReport.system"),
              })}
            </p>
          ) : (
            <p className="mt-2 text-xs text-ink-500">{t("admin.privacy.retention.default")}</p>
          )}
        </section>

        <section aria-labelledby="run-title" className={card}>
          <h2 id="run-title" className="text-lg font-semibold">
            {t("admin.privacy.run.title")}
          </h2>
          <p className="mt-2 text-sm text-ink-600">{t("admin.privacy.run.text")}</p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold text-ink-500">{t("admin.privacy.run.last")}</dt>
            <dd className="text-ink-900">
              {lastRun ? formatWhen(lastRun.startedAt, language) : t("admin.privacy.run.never")}
            </dd>
            {lastRun ? (
              <>
                <dt className="font-semibold text-ink-500">{t("admin.privacy.run.erased")}</dt>
                <dd className="text-ink-900">
                  {lastRun.finishedAt
                    ? t("admin.privacy.run.erasedCount", { count: lastRun.erased })
                    : t("admin.privacy.run.running")}
                  {lastRun.stopped ? (
                    <span className="block text-coral-700">
                      {t(`admin.privacy.run.stopped.${lastRun.stopped}`)}
                    </span>
                  ) : null}
                </dd>
              </>
            ) : null}
          </dl>
          {actionData?.intent === "run" ? (
            <div className="mt-4">
              <FormMessage tone="notice">
                {t("admin.privacy.run.done", { count: actionData.erased })}
              </FormMessage>
            </div>
          ) : null}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="run" />
            <Button type="submit" variant="secondary" disabled={busy || retention.months === 0}>
              {t("admin.privacy.run.now")}
            </Button>
          </Form>
        </section>
      </div>

      <section aria-labelledby="requests-title" className={cn(card, "mt-6")}>
        <h2 id="requests-title" className="text-lg font-semibold">
          {t("admin.privacy.requests.title")}
        </h2>
        <p className="mt-2 text-sm text-ink-600">{t("admin.privacy.requests.text")}</p>
        {requests.length === 0 ? (
          <p className="mt-4 text-sm text-ink-600">{t("admin.privacy.requests.none")}</p>
        ) : (
          <>
            <ul className="mt-4 divide-y divide-ink-100 border-t border-ink-100 md:hidden">
              {requests.map((row) => (
                <li key={row.id} className="py-3 text-sm">
                  <p className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-ink-900">
                      {t(`admin.privacy.requests.kinds.${row.kind}`)}
                    </span>
                    <StateBadge state={row.state} />
                  </p>
                  <p className="mt-1 font-mono text-ink-700">{row.email}</p>
                  <p className="mt-1 text-xs text-ink-500">
                    {formatWhen(row.createdAt, language)} ·{" "}
                    {row.fromAccount
                      ? t("admin.privacy.requests.fromAccount")
                      : t("admin.privacy.requests.fromForm")}
                    <br />
                    {t(`admin.privacy.requests.until.${row.state}`, {
                      when: formatWhen(row.until, language),
                    })}
                  </p>
                </li>
              ))}
            </ul>
            <div
              className="mt-4 overflow-x-auto max-md:hidden"
              role="region"
              aria-labelledby="requests-caption"
              // A scrolling box on a phone: reachable by keyboard to scroll it.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption id="requests-caption" className="sr-only">
                  {t("admin.privacy.requests.caption")}
                </caption>
                <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("admin.privacy.requests.asked")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("admin.privacy.requests.kind")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("admin.privacy.requests.address")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("admin.privacy.requests.state")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {requests.map((row) => (
                    <tr key={row.id}>
                      <td className="px-3 py-2 whitespace-nowrap text-ink-700">
                        {formatWhen(row.createdAt, language)}
                      </td>
                      <td className="px-3 py-2 text-ink-900">
                        {t(`admin.privacy.requests.kinds.${row.kind}`)}
                        <span className="block text-xs text-ink-500">
                          {row.fromAccount
                            ? t("admin.privacy.requests.fromAccount")
                            : t("admin.privacy.requests.fromForm")}
                        </span>
                      </td>
                      <td className="px-3 py-2 font-mono text-ink-700">{row.email}</td>
                      <td className="px-3 py-2 text-ink-700">
                        <StateBadge state={row.state} />
                        <span className="block text-xs text-ink-500">
                          {t(`admin.privacy.requests.until.${row.state}`, {
                            when: formatWhen(row.until, language),
                          })}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </>
  );
}

function StateBadge({ state }: { state: "done" | "waiting" | "expired" }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        state === "done" && "bg-brand-100 text-brand-800",
        state === "waiting" && "bg-sand-200 text-ink-800",
        state === "expired" && "bg-ink-100 text-ink-700",
      )}
    >
      {t(`admin.privacy.requests.states.${state}`)}
    </span>
  );
}
