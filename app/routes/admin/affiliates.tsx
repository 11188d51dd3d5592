import { Form, Link } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { listAffiliates } from "#app/features/affiliates/admin-affiliates.server.ts";
import {
  affiliateStatusValues,
  formatMoney,
  formatPercent,
  type AffiliateStatusValue,
} from "#app/features/affiliates/admin-forms.ts";
import { AffiliateStatusBadge } from "#app/features/affiliates/affiliate-status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/affiliates";
import { cursorParam, parseCursor } from "#app/utils/keyset.ts";

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
  const before = parseCursor(url.searchParams.get("after"));
  const page = await listAffiliates(await getDatabase(), {
    search: search || undefined,
    status: isStatus(status) ? status : undefined,
    before,
    limit: 50,
  });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-affiliates"),
    title: pageTitle(t("admin.affiliates.title")),
    search,
    status: isStatus(status) ? status : "",
    rows: page.rows,
    next: cursorParam(page.next),
    paged: Boolean(before),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const th = "px-4 py-3 font-semibold";
const num = "px-4 py-3 text-end tabular-nums whitespace-nowrap";

export default function Affiliates({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, search, status, next, paged } = loaderData;
  const language = i18n.language;
  const params = { ...(search ? { q: search } : {}), ...(status ? { status } : {}) };
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...params, ...extra })}`;
  const filtered = Boolean(search || status);
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.affiliates.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("admin.affiliates.intro")}</p>

      <Form
        method="get"
        role="search"
        aria-label={t("admin.affiliates.filters")}
        className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
      >
        <div className="space-y-2">
          <Label htmlFor="q">{t("admin.affiliates.search")}</Label>
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={100}
            placeholder={t("admin.affiliates.searchPlaceholder")}
            className="h-11 py-0"
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="status">{t("admin.affiliates.status")}</Label>
          <Select id="status" name="status" defaultValue={status}>
            <option value="">{t("admin.affiliates.allStatuses")}</option>
            {affiliateStatusValues.map((value) => (
              <option key={value} value={value}>
                {t(`admin.affiliates.statuses.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">{t("admin.affiliates.apply")}</Button>
      </Form>

      <p aria-live="polite" className="mt-4 text-sm text-ink-600">
        {rows.length === 0
          ? filtered
            ? t("admin.affiliates.noMatch")
            : t("admin.affiliates.empty")
          : t("admin.affiliates.shown", { count: rows.length })}
      </p>

      {rows.length ? (
        <div className="mt-3 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink-200/70">
          <table className="w-full min-w-[60rem] text-left text-sm">
            <caption className="sr-only">{t("admin.affiliates.title")}</caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t("admin.affiliates.name")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.affiliates.email")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.affiliates.code")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.affiliates.status")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.affiliates.commission")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.affiliates.referrals")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.affiliates.approvals")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.affiliates.earnings")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.affiliates.payouts")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.affiliates.balance")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-sand-50">
                  <th scope="row" className="px-4 py-3 text-left font-medium">
                    <Link
                      to={`/admin/afiliados/${row.id}`}
                      className="text-ink-900 underline-offset-2 hover:text-brand-700 hover:underline"
                    >
                      {row.name}
                    </Link>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-ink-700">{row.email}</td>
                  <td className="px-4 py-3 font-mono text-ink-800">{row.referralCode}</td>
                  <td className="px-4 py-3">
                    <AffiliateStatusBadge status={row.status} />
                  </td>
                  <td className={num}>{formatPercent(row.commissionRate, language) ?? "—"}</td>
                  <td className={num}>{row.referrals.toLocaleString(language)}</td>
                  <td className={num}>{row.approvals.toLocaleString(language)}</td>
                  <td className={num}>{formatMoney(row.earningsCents, language)}</td>
                  <td className={num}>{formatMoney(row.payoutsCents, language)}</td>
                  <td className={`${num} font-semibold`}>
                    {formatMoney(row.balanceCents, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {paged || next ? (
        <nav aria-label={t("admin.affiliates.pages")} className="mt-6 flex justify-between gap-4">
          {paged ? (
            <Link to={query({})} className="font-semibold text-brand-700 hover:text-brand-900">
              {t("admin.affiliates.first")}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={query({ after: next })}
              className="font-semibold text-brand-700 hover:text-brand-900"
            >
              {t("admin.affiliates.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
