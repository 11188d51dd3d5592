import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { readAccessFilter } from "#app/features/reports/access-actions.ts";
import { AccessFilters, AccessLogTable } from "#app/features/reports/access-log.tsx";
import { listAccessLog } from "#app/features/reports/access-report.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/access-report";
import { cursorParam, readCursor } from "#app/utils/keyset.ts";

/** /admin/access-report: who did what to whose data, when and from where (admin only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAccessReport");
  const url = new URL(request.url);
  const { filter, query, invalidDate } = readAccessFilter(url.searchParams);
  const { cursor: before, invalid: badPageLink } = readCursor(url.searchParams.get("after"));
  const page = await listAccessLog(await getDatabase(), { ...filter, before, limit: 50 });
  const { t, strings } = pageContext(request);
  // A malformed `after`: the first page, the filters kept, and a 400.
  return data(
    {
      strings: strings("admin-access-report", "admin-affiliates", "contact-templates"),
      title: pageTitle(t("admin.accessReport.title")),
      filter,
      query,
      invalidDate,
      rows: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      next: cursorParam(page.next),
      paged: Boolean(before),
      badPageLink,
    },
    { status: badPageLink ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function AccessReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, filter, query, invalidDate, next, paged } = loaderData;
  const link = (extra: Record<string, string>) => `?${new URLSearchParams({ ...query, ...extra })}`;
  const filtered = Object.keys(query).length > 0;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.accessReport.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("admin.accessReport.intro")}</p>

      <AccessFilters filter={filter} invalidDate={invalidDate} />
      {loaderData.badPageLink ? <PageLinkError>{t("admin.badPageLink")}</PageLinkError> : null}
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

      {rows.length ? <AccessLogTable rows={rows} /> : null}

      <Pager
        label={t("admin.accessReport.pages")}
        firstHref={paged ? link({}) : null}
        nextHref={next ? link({ after: next }) : null}
        firstLabel={t("admin.accessReport.first")}
        nextLabel={t("admin.accessReport.next")}
      />
    </>
  );
}
