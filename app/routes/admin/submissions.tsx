import { asc, eq } from "drizzle-orm";
import { data, Form, Link, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { affiliates, user } from "#app/db/schema.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { formatWhen, StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { decideMany } from "#app/features/submissions/bulk-review.server.ts";
import {
  readReviewFilter,
  reviewFilterParams,
  reviewSorts,
} from "#app/features/submissions/review-filter.ts";
import { listSubmissions } from "#app/features/submissions/review-list.server.ts";
import { submissionSources } from "#app/db/submission-statuses.ts";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import "#app/features/submissions/review-table.css";
import type { Route } from "./+types/submissions";
import { cursorParam, parseCursor } from "#app/utils/keyset.ts";

function listOf(request: Request) {
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  return reviewLists.find((l) => l.path === path)!;
}

/**
 * /admin/cadastros, /pendentes, /aprovados, /reprovados: one list of applications, filtered by
 * the status of the path and by the filters of the query string, newest or oldest first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminReview");
  const url = new URL(request.url);
  const list = listOf(request);
  const filter = readReviewFilter(url.searchParams);
  const before = parseCursor(url.searchParams.get("after"));
  const db = await getDatabase();
  const [page, referrers] = await Promise.all([
    listSubmissions(db, { ...filter, status: list.status, before, limit: 50 }),
    db
      .select({ id: affiliates.id, code: affiliates.referralCode, name: user.name })
      .from(affiliates)
      .innerJoin(user, eq(user.id, affiliates.userId))
      .orderBy(asc(affiliates.referralCode))
      .limit(500),
  ]);
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-list"),
    title: pageTitle(t(list.label)),
    label: list.label,
    path: list.path,
    filter,
    filterParams: reviewFilterParams(filter),
    referrers,
    // What the list shows of each application, nothing more: the page carries fifty of them.
    rows: page.rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      source: row.source,
      createdAt: row.createdAt,
      status: row.status,
      selectable: row.status === "Pendente" && !row.erasedAt,
    })),
    next: cursorParam(page.next),
    paged: Boolean(before),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type BulkResult =
  | { changed: number; skipped: number; error?: undefined }
  | { error: string; changed?: undefined; skipped?: undefined };

const BULK_MAX = 200;

/** Approve or reject the ticked pending applications at once, with one note for all. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminReview");
  if (isCrossSiteRequest(request)) return data<BulkResult>({ error: "validation.crossSite" }, 403);
  const form = await readForm(request);
  const to = form.get("to");
  const ids = [
    ...new Set(
      form
        .getAll("id")
        .map(String)
        .filter((id) => /^[1-9]\d{0,14}$/.test(id))
        .map(Number),
    ),
  ];
  if (to !== "Aprovado" && to !== "Reprovado") {
    return data<BulkResult>({ error: "admin.bulk.chooseDecision" }, 400);
  }
  if (ids.length === 0) return data<BulkResult>({ error: "admin.bulk.chooseRows" }, 400);
  if (ids.length > BULK_MAX) {
    return data<BulkResult>({ error: "admin.bulk.tooMany" }, 400);
  }
  const result = await decideMany(await getDatabase(), {
    ids,
    to,
    note: String(form.get("note") ?? ""),
    actor: { id: viewer.id, role: viewer.role },
    ip: clientIp(request),
  });
  return data<BulkResult>(result);
}

export default function Submissions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, filter, filterParams, referrers, next, paged, label, path } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...filterParams, ...extra })}`;
  const filtered = Object.keys(filterParams).some((key) => key !== "sort");
  const pending = rows.filter((row) => row.status === "Pendente");

  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t(label)}</h1>

      <Form
        method="get"
        role="search"
        aria-label={t("admin.list.filters")}
        className="mt-6 grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink-200/70 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto]"
      >
        {/* Two filters a row even on a phone, so the list starts on the first screen. */}
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="q" className="text-xs font-semibold text-ink-600">
            {t("admin.list.search")}
          </label>
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={filter.search}
            placeholder={t("admin.list.searchPlaceholder")}
            className="mt-1 h-11 py-0 text-sm"
          />
        </div>
        <FilterSelect id="source" label={t("admin.list.source")} value={filter.source}>
          {submissionSources.map((source) => (
            <option key={source} value={source}>
              {t(`admin.source.${source}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="language" label={t("admin.list.language")} value={filter.language}>
          {languages.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="affiliate"
          label={t("admin.list.affiliate")}
          value={filter.affiliateId ? String(filter.affiliateId) : undefined}
        >
          {referrers.map(({ id, code, name }) => (
            <option key={id} value={id}>
              {code} · {name}
            </option>
          ))}
        </FilterSelect>
        <div>
          <label htmlFor="sort" className="text-xs font-semibold text-ink-600">
            {t("admin.list.sort")}
          </label>
          <Select id="sort" name="sort" defaultValue={filter.sort} className="mt-1">
            {reviewSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`admin.list.sorts.${sort}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
          <Button type="submit" className="w-full">
            <Icon name="search" />
            {t("admin.list.apply")}
          </Button>
        </div>
      </Form>
      {filtered ? (
        <p className="mt-2 text-sm">
          <Link to={path} className="font-semibold text-brand-700 hover:text-brand-900">
            {t("admin.list.clear")}
          </Link>
        </p>
      ) : null}

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {actionData?.error ? (
          <p className="bg-coral-50 text-coral-800 ring-coral-200 rounded-xl px-4 py-3 text-sm font-medium ring-1">
            {t(actionData.error, { max: BULK_MAX })}
          </p>
        ) : actionData ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
            {t("admin.bulk.done", { count: actionData.changed })}
            {actionData.skipped ? ` ${t("admin.bulk.skipped", { count: actionData.skipped })}` : ""}
          </p>
        ) : null}
      </div>

      {rows.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200/70">
          {filter.search
            ? t("admin.list.noMatch", { search: filter.search })
            : filtered
              ? t("admin.list.noneFiltered")
              : t("admin.list.empty")}
        </p>
      ) : (
        <div className="mt-4 rounded-2xl bg-white ring-1 ring-ink-200/70 md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block">
            <caption className="sr-only">{t(label)}</caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase max-md:sr-only">
              <tr>
                <th scope="col" className="w-10 px-4 py-3">
                  <span className="sr-only">{t("admin.bulk.select")}</span>
                </th>
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
            <tbody className="review-rows divide-y divide-ink-100 max-md:block">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {/* An erased application has no one to decide for (nor to mail). */}
                    {row.selectable ? (
                      <input
                        type="checkbox"
                        name="id"
                        value={row.id}
                        form="bulk"
                        aria-label={t("admin.bulk.selectOne", {
                          name: row.fullName || t("admin.privacy.erasedName"),
                        })}
                      />
                    ) : null}
                  </td>
                  <td>
                    <Link to={`/admin/cadastros/${row.id}`}>
                      {row.fullName || t("admin.privacy.erasedName")}
                    </Link>
                  </td>
                  <td>{row.email}</td>
                  <td>{t(`admin.source.${row.source}`)}</td>
                  <td>{formatWhen(row.createdAt, i18n.language)}</td>
                  <td>
                    <StatusBadge status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pending.length > 0 ? (
        <Form
          method="post"
          id="bulk"
          className="mt-4 grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink-200/70 md:grid-cols-[minmax(0,1fr)_auto]"
        >
          <fieldset className="contents">
            <legend className="text-sm font-semibold text-ink-900 md:col-span-2">
              {t("admin.bulk.title")}
            </legend>
            <div>
              <label htmlFor="bulk-note" className="text-xs font-semibold text-ink-600">
                {t("admin.detail.note")}
              </label>
              <Textarea
                id="bulk-note"
                name="note"
                maxLength={2000}
                aria-describedby="bulk-note-hint"
                className="mt-1 min-h-20 text-sm"
              />
              <p id="bulk-note-hint" className="mt-1 text-xs text-ink-500">
                {t("admin.bulk.hint")}
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-2 md:flex-col md:items-stretch md:justify-end">
              <Button type="submit" name="to" value="Aprovado" disabled={busy}>
                <Icon name="thumbs-up" />
                {t("admin.bulk.approve")}
              </Button>
              <Button type="submit" name="to" value="Reprovado" variant="secondary" disabled={busy}>
                <Icon name="thumbs-down" />
                {t("admin.bulk.reject")}
              </Button>
            </div>
          </fieldset>
        </Form>
      ) : null}

      <p className="mt-4">
        <a
          href={`/admin/export.csv?${new URLSearchParams({ list: path, ...filterParams })}`}
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

function FilterSelect({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: string | undefined;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-ink-600">
        {label}
      </label>
      <Select id={id} name={id} defaultValue={value ?? ""} className="mt-1">
        <option value="">{t("admin.list.any")}</option>
        {children}
      </Select>
    </div>
  );
}
