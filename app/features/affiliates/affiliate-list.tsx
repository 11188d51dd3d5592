import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AffiliateRow } from "./admin-affiliates.server.ts";
import { affiliateStatusValues, formatMoney } from "./admin-forms.ts";
import { AffiliateStatusBadge } from "./affiliate-status-badge.tsx";

/** The affiliates list's search (name, e-mail or code) and status filter, a GET form. */
export function AffiliateFilters({
  search,
  status,
}: {
  search: string;
  /** An affiliate status, or "" for all. */
  status: string;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Each affiliate with her referrals, approvals and money; her name leads to her page. */
export function AffiliatesTable({ rows }: { rows: readonly AffiliateRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Table caption={t("admin.affiliates.title")} framed className="mt-3">
      <thead>
        <tr>
          <Th>{t("admin.affiliates.name")}</Th>
          <Th className="hidden 2xl:table-cell">{t("admin.affiliates.email")}</Th>
          <Th className="hidden 2xl:table-cell">{t("admin.affiliates.code")}</Th>
          <Th className="hidden md:table-cell">{t("admin.affiliates.status")}</Th>
          <Th numeric className="hidden md:table-cell">
            {t("admin.affiliates.ruleColumn")}
          </Th>
          <Th numeric>{t("admin.affiliates.referrals")}</Th>
          <Th numeric className="hidden md:table-cell">
            {t("admin.affiliates.approvals")}
          </Th>
          <Th numeric className="hidden md:table-cell">
            {t("admin.affiliates.pending")}
          </Th>
          <Th numeric className="hidden md:table-cell">
            {t("admin.affiliates.paid")}
          </Th>
          <Th numeric>{t("admin.affiliates.payable")}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="hover:bg-sand-50">
            <Th row>
              <Link
                to={`/admin/afiliados/${row.id}`}
                className="underline-offset-2 hover:text-brand-700 hover:underline"
              >
                {row.name}
              </Link>
              {/* Her address and code under her name, but on the widest screens: beside the
                  sidebar, columns of their own pushed the money behind a sideways scroll. */}
              <span className="block text-xs font-normal break-all text-ink-500 2xl:hidden">
                {row.email} · <span className="font-mono">{row.referralCode}</span>
              </span>
              <span className="mt-1 block md:hidden">
                <AffiliateStatusBadge status={row.status} />
              </span>
            </Th>
            <Td className="hidden whitespace-nowrap 2xl:table-cell">{row.email}</Td>
            <Td className="hidden font-mono text-ink-800 2xl:table-cell">{row.referralCode}</Td>
            <Td className="hidden md:table-cell">
              <AffiliateStatusBadge status={row.status} />
            </Td>
            <Td numeric className="hidden md:table-cell">
              {t(
                row.ownRule ? "admin.affiliates.ownRuleShort" : "admin.affiliates.programRuleShort",
              )}
            </Td>
            <Td numeric>{row.referrals.toLocaleString(language)}</Td>
            <Td numeric className="hidden md:table-cell">
              {row.approvals.toLocaleString(language)}
            </Td>
            <Td numeric className="hidden md:table-cell">
              {formatMoney(row.pendingCents, language)}
            </Td>
            <Td numeric className="hidden md:table-cell">
              {formatMoney(row.paidCents, language)}
            </Td>
            <Td numeric className="font-semibold">
              {formatMoney(row.payableCents, language)}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
