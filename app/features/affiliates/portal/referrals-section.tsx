import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Pager } from "#app/components/ui/pager.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { PortalReferralView } from "./view.ts";

/**
 * The people she referred, newest first, by first name and initial only, a page at a time. The
 * pages are counted (she knows how many she referred), so the pager goes a page either way.
 */
export function ReferralsSection({
  referrals,
  weeks,
}: {
  referrals: { page: number; pages: number; rows: PortalReferralView[] };
  /** The chart's range, kept from page to page. */
  weeks: number;
}) {
  const { t } = useTranslation();
  const { page, pages, rows } = referrals;
  const pageLink = (to: number) =>
    `?${new URLSearchParams({ weeks: String(weeks), page: String(to) })}#referrals-title`;
  return (
    <Section
      id="referrals"
      title={t("portal.referrals.title")}
      description={t("portal.referrals.privacy")}
      className="mt-8"
    >
      {rows.length === 0 ? (
        <EmptyState className="mt-5 bg-sand-50 px-4 py-6 ring-0">
          {t("portal.referrals.empty")}
        </EmptyState>
      ) : (
        <>
          <Table caption={t("portal.referrals.caption")} className="mt-5">
            <thead>
              <tr>
                <Th>{t("portal.referrals.name")}</Th>
                <Th className="hidden sm:table-cell">{t("portal.referrals.date")}</Th>
                <Th className="hidden sm:table-cell">{t("portal.referrals.source")}</Th>
                <Th className="text-end sm:text-start">{t("portal.referrals.status")}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <Th row className="align-top">
                    {row.name ?? (
                      <span className="font-normal text-ink-500 italic">
                        {t("portal.referrals.erased")}
                      </span>
                    )}
                    {/* On a phone the two columns below are hidden: the same facts, here. */}
                    <span className="mt-0.5 block text-xs font-normal text-ink-600 sm:hidden">
                      {row.shortDate} · {t(`admin.source.${row.source}`)}
                    </span>
                  </Th>
                  <Td className="hidden whitespace-nowrap sm:table-cell">{row.date}</Td>
                  <Td className="hidden sm:table-cell">{t(`admin.source.${row.source}`)}</Td>
                  <Td className="text-end align-top sm:text-start">
                    <StatusBadge status={row.status} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          {pages > 1 ? (
            <Pager
              label={t("portal.referrals.pages")}
              firstHref={page > 1 ? pageLink(page - 1) : null}
              firstLabel={t("portal.referrals.newer")}
              nextHref={page < pages ? pageLink(page + 1) : null}
              nextLabel={t("portal.referrals.older")}
              position={t("portal.referrals.pageOf", { page, pages })}
            />
          ) : null}
        </>
      )}
    </Section>
  );
}
