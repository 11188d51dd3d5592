import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AffiliateDetail } from "./admin-affiliates.server.ts";

/** The latest applications that came through her link, each linking to its page. */
export function ReferralsSection({
  referrals,
  count,
}: {
  referrals: AffiliateDetail["referrals"];
  /** All of them, not only those listed. */
  count: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Section
      id="referrals"
      title={t("admin.affiliates.referralsTitle", { count })}
      className="mt-6"
    >
      {referrals.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">{t("admin.affiliates.noReferrals")}</p>
      ) : (
        <Table caption={t("admin.affiliates.referralsCaption")} density="compact" className="mt-3">
          <thead>
            <tr>
              <Th>{t("admin.affiliates.applicant")}</Th>
              <Th className="max-sm:hidden">{t("admin.affiliates.received")}</Th>
              <Th className="max-sm:hidden">{t("admin.affiliates.source")}</Th>
              <Th>{t("admin.affiliates.status")}</Th>
            </tr>
          </thead>
          <tbody>
            {referrals.map((r) => (
              <tr key={r.id}>
                <Th row>
                  <Link
                    to={`/admin/cadastros/${r.id}`}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {r.fullName}
                  </Link>
                  {/* On a phone, when and how under her name: her status stays in view. */}
                  <span className="block text-xs font-normal text-ink-500 sm:hidden">
                    {formatAgencyTime(r.createdAt, i18n.language)} · {t(`admin.source.${r.source}`)}
                  </span>
                </Th>
                <Td className="whitespace-nowrap max-sm:hidden">
                  {formatAgencyTime(r.createdAt, i18n.language)}
                </Td>
                <Td className="max-sm:hidden">{t(`admin.source.${r.source}`)}</Td>
                <Td>
                  <StatusBadge status={r.status} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
