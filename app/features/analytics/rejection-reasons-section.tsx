import { Section } from "#app/components/ui/card.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { useFigures } from "./figures.ts";
import type { ReasonCount } from "./rejection-reasons.server.ts";

/** The period's rejections by the reason picked, as a table (few rows: the agency's reasons). */
export function RejectionReasonsSection({ reasons }: { reasons: readonly ReasonCount[] }) {
  const { t } = useTranslation();
  const { format, share } = useFigures();
  const total = reasons.reduce((sum, row) => sum + row.count, 0);
  const columns: Column<ReasonCount>[] = [
    {
      key: "label",
      header: t("admin.reasons.reason"),
      rowHeader: true,
      cell: (row) => row.label ?? t("admin.reasons.none"),
    },
    {
      key: "count",
      header: t("admin.reasons.rejections"),
      numeric: true,
      cell: (row) => format(row.count),
    },
    {
      key: "share",
      header: t("admin.analytics.share"),
      numeric: true,
      cell: (row) => share(row.count, total),
    },
  ];
  return (
    <Section
      id="rejection-reasons"
      title={t("admin.reasons.byReason")}
      landmark={false}
      className="mt-6 min-w-0"
    >
      <DataTable
        caption={t("admin.reasons.byReason")}
        columns={columns}
        rows={reasons}
        rowKey={(row) => row.label ?? ""}
        empty={t("admin.reasons.noRejections")}
      />
    </Section>
  );
}
