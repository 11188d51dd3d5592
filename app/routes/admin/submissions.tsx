import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { BulkDecision } from "#app/features/submissions/bulk-decision.tsx";
import { UndoNotice, UndoOutcome } from "#app/features/submissions/undo-notice.tsx";
import { listRejectionReasons } from "#app/mail/rejection-reasons.server.ts";
import { decideMany } from "#app/features/submissions/bulk-review.server.ts";
import { readReviewFilter, reviewFilterParams } from "#app/features/submissions/review-filter.ts";
import { ReviewFilters } from "#app/features/submissions/review-filters.tsx";
import { ReviewListKeys } from "#app/features/submissions/list-keyboard.tsx";
import { reviewContextParams } from "#app/features/submissions/review-context.ts";
import { listReferrers, listSubmissions } from "#app/features/submissions/review-list.server.ts";
import { rowPhotosOfPage } from "#app/features/submissions/photos.server.ts";
import { ReviewTable } from "#app/features/submissions/review-table.tsx";
import { listViews } from "#app/features/submissions/saved-views.server.ts";
import { BulkTag, SavedViews } from "#app/features/submissions/team-list.tsx";
import { BulkManager } from "#app/features/managers/bulk-manager.tsx";
import { listManagers } from "#app/features/managers/assign.server.ts";
import { listTags, teamOf, type ApplicationTeam } from "#app/features/submissions/team.server.ts";
import { withDuplicates } from "#app/features/submissions/duplicates.server.ts";
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
  const viewer = await requireScreen(request, "adminReview");
  const url = new URL(request.url);
  const list = listOf(request);
  const filter = readReviewFilter(url.searchParams, list.status);
  const { cursor: before, invalid: badPageLink } = readCursor(url.searchParams.get("after"));
  const db = await getDatabase();
  const [page, referrers, tags, views, reasons, managers] = await Promise.all([
    listSubmissions(db, { ...filter, status: list.status, before, limit: 50, viewerId: viewer.id }),
    listReferrers(db),
    listTags(db),
    listViews(db, viewer.id),
    listRejectionReasons(db, { activeOnly: true }),
    // The approved list assigns talent managers in bulk (issue 29).
    list.status === "Aprovado" ? listManagers(db) : [],
  ]);
  const ids = page.rows.map((row) => row.id);
  // What the page's rows show besides her answers, one query each (never one per row).
  const [team, duplicates, photos] = await Promise.all([
    teamOf(db, ids, viewer.id),
    // Which rows share an address with another application (the badge of duplicates).
    withDuplicates(db, ids),
    rowPhotosOfPage(db, ids),
  ]);
  const { t, strings } = pageContext(request);
  // A malformed `after` (no page of ours links to it): her filters kept, the first page shown.
  return data(
    {
      strings: strings("admin-list", "admin-keys", "admin-team", "manager"),
      managers,
      title: pageTitle(t(list.label)),
      label: list.label,
      path: list.path,
      filter,
      filterParams: reviewFilterParams(filter, list.status),
      reasons: reasons.map(({ id, label }) => ({ id, label })),
      // Each row's link names this list, so her page knows the next and the previous one.
      context: new URLSearchParams(reviewContextParams({ list, filter })).toString(),
      referrers,
      tags,
      views,
      // What the list shows of each application, nothing more: the page carries fifty of them.
      rows: page.rows.map((row) => ({
        duplicate: duplicates.has(row.id),
        id: row.id,
        fullName: row.fullName,
        email: row.email,
        source: row.source,
        createdAt: row.createdAt,
        status: row.status,
        // Pending ones are decided in bulk; approved ones, on their list, given a manager.
        selectable:
          (row.status === "Pendente" ||
            (list.status === "Aprovado" && row.status === "Aprovado")) &&
          !row.erasedAt,
        team: rowTeam(team.get(row.id)),
        photos: photos.get(row.id) ?? null,
      })),
      next: cursorParam(page.next),
      paged: Boolean(before),
      badPageLink,
    },
    { status: badPageLink ? 400 : 200 },
  );
}

/** What a row shows of the team's work (team-list.tsx). */
function rowTeam(team: ApplicationTeam | undefined) {
  return {
    owner: team?.owner?.name ?? null,
    tags: team?.tags ?? [],
    average: team?.rating.average ?? null,
    count: team?.rating.count ?? 0,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type BulkResult =
  | {
      changed: number;
      skipped: number;
      to: "Aprovado" | "Reprovado";
      decisions: number[];
      error?: undefined;
    }
  | { error: string; changed?: undefined; skipped?: undefined; decisions?: undefined };

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
  // A rejection's reason: its id; anything else is none (the server then asks for one).
  reason: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .nullable()
    .catch(null),
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
  const { id: ids, to, note, reason } = form.data;
  const result = await decideMany(await getDatabase(), {
    ids,
    to,
    note,
    reasonId: reason,
    actor: { id: viewer.id, role: viewer.role },
    ip: clientIp(request),
  });
  if (result.outcome !== "decided") {
    const error =
      result.outcome === "reason-required"
        ? "admin.bulk.reasonRequired"
        : "admin.detail.unknownReason";
    return data<BulkResult>({ error }, 400);
  }
  const { changed, skipped, decisions } = result;
  return data<BulkResult>({ changed, skipped, to, decisions });
}

export default function Submissions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, filter, filterParams, referrers, next, paged, label, path, context } = loaderData;
  const current = `${path}${Object.keys(filterParams).length ? `?${new URLSearchParams(filterParams)}` : ""}`;
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

      <SavedViews views={loaderData.views} current={current} />
      <ReviewFilters filter={filter} referrers={referrers} tags={loaderData.tags} />
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
          <p className="rounded-xl bg-coral-300/25 px-4 py-3 text-sm font-medium text-coral-700">
            {t(actionData.error, { max: BULK_MAX })}
          </p>
        ) : actionData && !actionData.decisions?.length ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
            {t("admin.bulk.done", { count: actionData.changed })}
            {actionData.skipped ? ` ${t("admin.bulk.skipped", { count: actionData.skipped })}` : ""}
          </p>
        ) : null}
      </div>
      {actionData?.decisions?.length ? (
        // Decided: said once, with the Undo of the whole batch while its mail waits.
        <div className="mt-4">
          <UndoNotice decisions={actionData.decisions}>
            {t("admin.bulk.done", { count: actionData.changed })}
            {actionData.skipped ? ` ${t("admin.bulk.skipped", { count: actionData.skipped })}` : ""}
          </UndoNotice>
        </div>
      ) : null}
      <div className="mt-4 empty:hidden">
        <UndoOutcome />
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

      {rows.some((row) => row.status === "Pendente") ? (
        <BulkDecision
          busy={busy}
          reasons={loaderData.reasons}
          decided={actionData?.decisions ? actionData : null}
        />
      ) : null}
      {loaderData.managers.length &&
      rows.some((row) => row.status === "Aprovado" && row.selectable) ? (
        <BulkManager managers={loaderData.managers} />
      ) : null}
      {rows.some((row) => row.selectable) ? <BulkTag tags={loaderData.tags} /> : null}

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
