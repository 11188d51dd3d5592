import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { BulkDecision } from "#app/features/submissions/bulk-decision.tsx";
import { decideMany } from "#app/features/submissions/bulk-review.server.ts";
import { readReviewFilter, reviewFilterParams } from "#app/features/submissions/review-filter.ts";
import { ReviewFilters } from "#app/features/submissions/review-filters.tsx";
import { ReviewListKeys } from "#app/features/submissions/list-keyboard.tsx";
import { reviewContextParams } from "#app/features/submissions/review-context.ts";
import { listReferrers, listSubmissions } from "#app/features/submissions/review-list.server.ts";
import { ReviewTable } from "#app/features/submissions/review-table.tsx";
import { SearchNotFound } from "#app/features/submissions/search-not-found.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submissions";
import { cursorParam, readCursor } from "#app/utils/keyset.ts";

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
  const { cursor: before, invalid: badPageLink } = readCursor(url.searchParams.get("after"));
  const db = await getDatabase();
  const [page, referrers] = await Promise.all([
    listSubmissions(db, { ...filter, status: list.status, before, limit: 50 }),
    listReferrers(db),
  ]);
  const { t, strings } = pageContext(request);
  // A malformed `after` (no page of ours links to it): her filters kept, the first page shown.
  return data(
    {
      strings: strings("admin-list", "admin-keys"),
      title: pageTitle(t(list.label)),
      label: list.label,
      path: list.path,
      filter,
      filterParams: reviewFilterParams(filter),
      // Each row's link names this list, so her page knows the next and the previous one.
      context: new URLSearchParams(reviewContextParams({ list, filter })).toString(),
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
      badPageLink,
    },
    { status: badPageLink ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type BulkResult =
  | { changed: number; skipped: number; error?: undefined }
  | { error: string; changed?: undefined; skipped?: undefined };

const BULK_MAX = 200;

const bulkForm = z.object({
  to: z.enum(["Aprovado", "Reprovado"], { error: "admin.bulk.chooseDecision" }),
  // The ticked rows, each once; what is no row's id is left out.
  id: z
    .array(z.string().catch(""))
    .transform((ids) => [...new Set(ids.filter((id) => /^[1-9]\d{0,14}$/.test(id)).map(Number))])
    .refine((ids) => ids.length > 0, { error: "admin.bulk.chooseRows" })
    .refine((ids) => ids.length <= BULK_MAX, { error: "admin.bulk.tooMany" }),
  note: textField,
});

/** Approve or reject the ticked pending applications at once, with one note for all. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminReview");
  // Up to BULK_MAX ticked rows, and the decision and its note.
  const form = await parseForm(request, bulkForm, {
    fields: BULK_MAX + 10,
    repeated: ["id"],
  });
  if (form.crossSite) return data<BulkResult>({ error: "validation.crossSite" }, 403);
  if (!form.success) {
    const errors = fieldErrorsOf(form.error);
    return data<BulkResult>({ error: errors.to ?? errors.id ?? "auth.errors.generic" }, 400);
  }
  const { id: ids, to, note } = form.data;
  const result = await decideMany(await getDatabase(), {
    ids,
    to,
    note,
    actor: { id: viewer.id, role: viewer.role },
    ip: clientIp(request),
  });
  return data<BulkResult>(result);
}

export default function Submissions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, filter, filterParams, referrers, next, paged, label, path, context } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...filterParams, ...extra })}`;
  const filtered = Object.keys(filterParams).some((key) => key !== "sort");

  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t(label)}</h1>
      <div className="mt-1">
        <ReviewListKeys rows={rows} />
      </div>

      <ReviewFilters filter={filter} referrers={referrers} />
      {loaderData.badPageLink ? <PageLinkError>{t("admin.badPageLink")}</PageLinkError> : null}
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
        <EmptyState className="mt-6">
          {filter.search ? (
            <SearchNotFound search={filter.search} path={path} filterParams={filterParams} />
          ) : filtered ? (
            t("admin.list.noneFiltered")
          ) : (
            t("admin.list.empty")
          )}
        </EmptyState>
      ) : (
        <ReviewTable caption={t(label)} rows={rows} context={context} />
      )}

      {rows.some((row) => row.status === "Pendente") ? <BulkDecision busy={busy} /> : null}

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

      <Pager
        label={t("admin.list.pages")}
        firstHref={paged ? query({}) : null}
        nextHref={next ? query({ after: next }) : null}
        firstLabel={t("admin.list.first")}
        nextLabel={t("admin.list.next")}
      />
    </>
  );
}
