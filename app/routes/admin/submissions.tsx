import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/translation";
import { Form, Link } from "react-router";
import { requireArea } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { getDatabase } from "~/db/db.server";
import { reviewLists } from "~/features/admin/admin-nav";
import { formatWhen, StatusBadge } from "~/features/admin/status-badge";
import { listSubmissions } from "~/features/submissions/review-list.server";
import { pageContext } from "~/utils/page.server";
import { pageTitle } from "~/utils/seo";
import type { Route } from "./+types/submissions";

/** `2026-11-22 14:05:09.123456+00~42`: where the previous page ended (keyset pagination). */
function parseCursor(value: string | null) {
  const match = value ? /^(.{10,40})~(\d{1,15})$/.exec(value) : null;
  return match ? { createdAt: match[1]!, id: Number(match[2]) } : undefined;
}

/**
 * /admin/cadastros, /pendentes, /aprovados, /reprovados: one list of applications, newest
 * first, filtered by the status of the path, searchable by the start of a name or e-mail.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, "admin");
  const url = new URL(request.url);
  const list = reviewLists.find((l) => l.path === url.pathname.replace(/\.data$/, ""))!;
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const before = parseCursor(url.searchParams.get("after"));
  const page = await listSubmissions(await getDatabase(), {
    status: list.status,
    search: search || undefined,
    before,
    limit: 50,
  });
  const { t } = pageContext(request);
  return {
    title: pageTitle(t(list.label)),
    label: list.label,
    path: list.path,
    search,
    rows: page.rows,
    next: page.next ? `${page.next.createdAt}~${page.next.id}` : null,
    paged: Boolean(before),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Submissions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, search, next, paged, label, path } = loaderData;
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), ...extra })}`;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">{t(label)}</h1>
        <Form method="get" role="search" className="flex w-full max-w-md gap-2">
          <label htmlFor="q" className="sr-only">
            {t("admin.list.search")}
          </label>
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={search}
            placeholder={t("admin.list.searchPlaceholder")}
            className="h-11 py-0"
          />
          <Button type="submit" aria-label={t("admin.list.search")}>
            <Icon name="search" />
          </Button>
        </Form>
      </div>

      {rows.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200/70">
          {search ? t("admin.list.noMatch", { search }) : t("admin.list.empty")}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink-200/70">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{t(label)}</caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.list.name")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.list.email")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.list.source")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.list.received")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.list.status")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-sand-50">
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/cadastros/${row.id}`}
                      className="font-medium text-ink-900 underline-offset-2 hover:text-brand-700 hover:underline"
                    >
                      {row.fullName}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-ink-700">{row.email}</td>
                  <td className="px-4 py-3 text-ink-700">{t(`admin.source.${row.source}`)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-ink-700">
                    {formatWhen(row.createdAt, i18n.language)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <p className="mt-4">
        <a
          href={`/admin/export.csv?${new URLSearchParams({ list: path, ...(search ? { q: search } : {}) })}`}
          download
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          <Icon name="download" className="size-4" />
          {t("admin.list.export")}
        </a>
      </p>

      <nav aria-label={t("admin.list.pages")} className="mt-6 flex justify-between gap-4">
        {paged ? (
          <Link to={query({})} className="font-semibold text-brand-700 hover:text-brand-900">
            {t("admin.list.first")}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link
            to={query({ after: next })}
            className="font-semibold text-brand-700 hover:text-brand-900"
          >
            {t("admin.list.next")}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
