import { Form, Link } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { accessActions } from "#app/db/access-actions.ts";
import {
  actionFamilies,
  actionLabelKey,
  readAccessFilter,
  subjectPath,
} from "#app/features/reports/access-actions.ts";
import { detailsSummary } from "#app/features/reports/access-details.ts";
import { listAccessLog } from "#app/features/reports/access-report.server.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/access-report";
import { cursorParam, parseCursor } from "#app/utils/keyset.ts";

/** /admin/access-report: who did what to whose data, when and from where (admin only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAccessReport");
  const url = new URL(request.url);
  const { filter, query, invalidDate } = readAccessFilter(url.searchParams);
  const before = parseCursor(url.searchParams.get("after"));
  const page = await listAccessLog(await getDatabase(), { ...filter, before, limit: 50 });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-access-report", "admin-affiliates"),
    title: pageTitle(t("admin.accessReport.title")),
    filter,
    query,
    invalidDate,
    rows: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    next: cursorParam(page.next),
    paged: Boolean(before),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const th = "px-4 py-3 font-semibold";

export default function AccessReport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { rows, filter, query, invalidDate, next, paged } = loaderData;
  const link = (extra: Record<string, string>) => `?${new URLSearchParams({ ...query, ...extra })}`;
  const filtered = Object.keys(query).length > 0;
  const label = (action: string) => {
    const key = actionLabelKey(action);
    return key ? t(key) : action;
  };
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.accessReport.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("admin.accessReport.intro")}</p>

      <Form
        method="get"
        role="search"
        aria-label={t("admin.accessReport.filters")}
        className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto] xl:items-end"
      >
        <div className="space-y-2">
          <Label htmlFor="action">{t("admin.accessReport.action")}</Label>
          <Select id="action" name="action" defaultValue={filter.action ?? ""}>
            <option value="">{t("admin.accessReport.allActions")}</option>
            <optgroup label={t("admin.accessReport.familiesLabel")}>
              {actionFamilies.map((family) => (
                <option key={family} value={`${family}.*`}>
                  {t(`admin.accessReport.families.${family}`)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("admin.accessReport.actionsLabel")}>
              {accessActions.map((action) => (
                <option key={action} value={action}>
                  {label(action)}
                </option>
              ))}
            </optgroup>
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="actor">{t("admin.accessReport.actor")}</Label>
          <Input
            id="actor"
            name="actor"
            type="search"
            maxLength={100}
            defaultValue={filter.actor ?? ""}
            placeholder={t("admin.accessReport.actorPlaceholder")}
            className="h-11 py-0"
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="from">{t("admin.accessReport.from")}</Label>
          <Input
            id="from"
            name="from"
            type="date"
            defaultValue={filter.from ?? ""}
            aria-invalid={invalidDate || undefined}
            aria-describedby={invalidDate ? "date-error" : undefined}
            className="h-11 py-0"
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="to">{t("admin.accessReport.to")}</Label>
          <Input
            id="to"
            name="to"
            type="date"
            defaultValue={filter.to ?? ""}
            aria-invalid={invalidDate || undefined}
            aria-describedby={invalidDate ? "date-error" : undefined}
            className="h-11 py-0"
          />
        </div>
        <Button type="submit">{t("admin.accessReport.apply")}</Button>
      </Form>
      {invalidDate ? (
        <p id="date-error" role="alert" className="mt-2 text-sm font-medium text-coral-700">
          {t("admin.accessReport.invalidDate")}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm text-ink-600">
          {rows.length === 0
            ? t(filtered ? "admin.accessReport.noMatch" : "admin.accessReport.empty")
            : t("admin.accessReport.shown", { count: rows.length })}
        </p>
        <a
          href={`/admin/access-report.csv?${new URLSearchParams(query)}`}
          download
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          <Icon name="download" className="size-4" />
          {t("admin.accessReport.export")}
        </a>
      </div>

      {rows.length ? (
        <div className="mt-3 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink-200/70">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">{t("admin.accessReport.title")}</caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t("admin.accessReport.when")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.accessReport.who")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.accessReport.action")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.accessReport.subject")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.accessReport.ip")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.accessReport.details")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 align-top">
              {rows.map((row) => {
                const href = subjectPath(row.subject, row.subjectEmail);
                return (
                  <tr key={row.id}>
                    <td className="px-4 py-3 whitespace-nowrap text-ink-700">
                      <time dateTime={row.createdAt}>{formatWhen(row.createdAt, language)}</time>
                    </td>
                    <td className="px-4 py-3">
                      {row.actorId ? (
                        <>
                          <span className="font-medium text-ink-900">
                            {row.actorName ?? row.actorId}
                          </span>
                          {row.actorRole ? (
                            <span className="block text-xs text-ink-500">
                              {t(`admin.accessReport.roles.${row.actorRole}`)}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="text-ink-600 italic">
                          {t("admin.accessReport.system")}
                        </span>
                      )}
                    </td>
                    <td className="px-4 py-3 text-ink-800">{label(row.action)}</td>
                    <td className="px-4 py-3 break-all">
                      {href ? (
                        <Link
                          to={href}
                          className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                        >
                          {row.subjectName ?? row.subject}
                        </Link>
                      ) : (
                        <span className="text-ink-700">{row.subjectName ?? row.subject}</span>
                      )}
                      {row.subjectName ? (
                        <span className="block text-xs text-ink-500">{row.subject}</span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs text-ink-700">{row.ip ?? "—"}</td>
                    <td className="px-4 py-3 break-words text-ink-700">
                      {detailsSummary(row.action, row.details, t, language)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {paged || next ? (
        <nav aria-label={t("admin.accessReport.pages")} className="mt-6 flex justify-between gap-4">
          {paged ? (
            <Link to={link({})} className="font-semibold text-brand-700 hover:text-brand-900">
              {t("admin.accessReport.first")}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={link({ after: next })}
              className="font-semibold text-brand-700 hover:text-brand-900"
            >
              {t("admin.accessReport.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
