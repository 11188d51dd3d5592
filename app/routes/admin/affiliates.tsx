import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { listAffiliates } from "#app/features/affiliates/admin-affiliates.server.ts";
import {
  affiliateStatusValues,
  type AffiliateStatusValue,
} from "#app/features/affiliates/admin-forms.ts";
import { AffiliateFilters, AffiliatesTable } from "#app/features/affiliates/affiliate-list.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/affiliates";
import { cursorParam, readCursor } from "#app/utils/keyset.ts";

const isStatus = (value: unknown): value is AffiliateStatusValue =>
  affiliateStatusValues.includes(value as AffiliateStatusValue);

/**
 * /admin/afiliados: every affiliate with her referrals, approvals and money (product.md
 * section 4). Approvers and admins read it; changes are made on her page, by an admin.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAffiliates");
  const url = new URL(request.url);
  const search = storableText((url.searchParams.get("q") ?? "").trim().slice(0, 100));
  const status = url.searchParams.get("status");
  const { cursor: before, invalid: badPageLink } = readCursor(url.searchParams.get("after"));
  const page = await listAffiliates(await getDatabase(), {
    search: search || undefined,
    status: isStatus(status) ? status : undefined,
    before,
    limit: 50,
  });
  const { t, strings } = pageContext(request);
  // A malformed `after`: the first page, her search kept, and a 400.
  return data(
    {
      strings: strings("admin-affiliates"),
      title: pageTitle(t("admin.affiliates.title")),
      search,
      status: isStatus(status) ? status : "",
      rows: page.rows,
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

export default function Affiliates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, search, status, next, paged } = loaderData;
  const params = { ...(search ? { q: search } : {}), ...(status ? { status } : {}) };
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...params, ...extra })}`;
  const filtered = Boolean(search || status);
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.affiliates.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("admin.affiliates.intro")}</p>

      <AffiliateFilters search={search} status={status} />
      {loaderData.badPageLink ? <PageLinkError>{t("admin.badPageLink")}</PageLinkError> : null}

      <p aria-live="polite" className="mt-4 text-sm text-ink-600">
        {rows.length === 0
          ? filtered
            ? t("admin.affiliates.noMatch")
            : t("admin.affiliates.empty")
          : t("admin.affiliates.shown", { count: rows.length })}
      </p>

      {rows.length ? <AffiliatesTable rows={rows} /> : null}

      <Pager
        label={t("admin.affiliates.pages")}
        firstHref={paged ? query({}) : null}
        nextHref={next ? query({ after: next }) : null}
        firstLabel={t("admin.affiliates.first")}
        nextLabel={t("admin.affiliates.next")}
      />
    </>
  );
}
