import { Link } from "react-router";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import type { SubmissionSource, SubmissionStatus } from "#app/db/submission-statuses.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { DuplicateRowBadge } from "./duplicates-panel.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { RowTags, RowTeamCell, type RowTeam } from "./team-list.tsx";
import "./review-table.css";

/** What the list shows of an application, nothing more: the page carries fifty of them. */
export interface ReviewRow {
  id: number;
  fullName: string;
  email: string;
  source: SubmissionSource;
  createdAt: string | Date;
  status: SubmissionStatus;
  /** Pending and not erased: she can be decided for in bulk. */
  selectable: boolean;
  /** Its owner, tags and average rating (team-list.tsx). */
  team?: RowTeam;
  /** Another application has her address (duplicates.server.ts). */
  duplicate?: boolean;
  /** Her first photo's thumbnail and how many she sent (photos.server.ts), if any. */
  photos?: { thumb: string; count: number } | null;
}

/**
 * The review list: a box to tick for the bulk decision (its form is `#bulk`, below the table),
 * her name linking to her application, her address, source, date and status. Cells carry no
 * classes of their own (review-table.css styles them by column).
 */
export function ReviewTable({
  caption,
  rows,
  context,
}: {
  caption: string;
  rows: readonly ReviewRow[];
  /** The list's own query (review-context.ts), carried to each application's page. */
  context?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table caption={caption} framed className="mt-4" tableClassName="review-table">
      <thead>
        <tr>
          <Th>
            <span className="sr-only">{t("admin.bulk.select")}</span>
          </Th>
          <Th>{t("admin.list.name")}</Th>
          <Th>{t("admin.list.email")}</Th>
          <Th>{t("admin.list.source")}</Th>
          <Th>{t("admin.list.received")}</Th>
          <Th>{t("admin.list.status")}</Th>
          <Th>{t("admin.owner.column")}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const name = row.fullName || t("admin.privacy.erasedName");
          return (
            <tr key={row.id}>
              <Td>
                {/* An erased application has no one to decide for (nor to mail). */}
                {row.selectable ? (
                  <input
                    type="checkbox"
                    name="id"
                    value={row.id}
                    form="bulk"
                    aria-label={t("admin.bulk.selectOne", { name })}
                  />
                ) : null}
              </Td>
              <Td>
                {row.photos ? (
                  <span className="review-name">
                    <RowPhoto photos={row.photos} name={name} />
                    <Link to={`/admin/cadastros/${row.id}${context ? `?${context}` : ""}`}>
                      {name}
                    </Link>
                  </span>
                ) : (
                  <Link to={`/admin/cadastros/${row.id}${context ? `?${context}` : ""}`}>
                    {name}
                  </Link>
                )}
                {row.team ? <RowTags tags={row.team.tags} /> : null}
                {row.duplicate ? <DuplicateRowBadge email={row.email} /> : null}
              </Td>
              <Td>{row.email}</Td>
              <Td>{t(`admin.source.${row.source}`)}</Td>
              <Td>{formatAgencyTime(row.createdAt, i18n.language)}</Td>
              <Td>
                <StatusBadge status={row.status} />
              </Td>
              <Td>{row.team ? <RowTeamCell team={row.team} /> : null}</Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** Her first photo beside her name, and how many more there are. */
function RowPhoto({ photos, name }: { photos: { thumb: string; count: number }; name: string }) {
  const { t } = useTranslation();
  return (
    <span className="review-photo">
      <img
        src={photos.thumb}
        alt={t("admin.list.photos.alt", { count: photos.count, name })}
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
      />
      {photos.count > 1 ? <span aria-hidden="true">{photos.count}</span> : null}
    </span>
  );
}
