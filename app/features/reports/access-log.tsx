import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { accessActions } from "#app/db/access-actions.ts";
import { actionFamilies, actionLabel, subjectPath } from "./access-actions.ts";
import { detailsSummary } from "./access-details.ts";
import type { AccessLogFilter, AccessLogRow } from "./access-report.server.ts";

/**
 * The access report's filters, a GET form: an action or a family of them, part of the staff
 * member's name or address, and the first and last day. A malformed day is named by the alert
 * under the form (`#date-error`).
 */
export function AccessFilters({
  filter,
  invalidDate,
}: {
  filter: Omit<AccessLogFilter, "before">;
  invalidDate: boolean;
}) {
  const { t } = useTranslation();
  const day = (name: "from" | "to", label: string) => (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type="date"
        defaultValue={filter[name] ?? ""}
        aria-invalid={invalidDate || undefined}
        aria-describedby={invalidDate ? "date-error" : undefined}
        className="h-11 py-0"
      />
    </div>
  );
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.accessReport.filters")}
      className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto] xl:items-end"
    >
      <div className="space-y-2">
        <Label htmlFor="action">{t("admin.accessReport.action")}</Label>
        <Select id="action" name="action" defaultValue={filter.action ?? ""}>
          <option value="">{t("admin.accessReport.allActions")}</option>
          <optgroup label={t("admin.accessReport.familiesLabel")}>
            {actionFamilies.map((family) => (
              <option key={family} value={`${family}.*`}>
                {t(`admin.accessReport.families.${family}`)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("admin.accessReport.actionsLabel")}>
            {accessActions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action, t)}
              </option>
            ))}
          </optgroup>
        </Select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="actor">{t("admin.accessReport.actor")}</Label>
        <Input
          id="actor"
          name="actor"
          type="search"
          maxLength={100}
          defaultValue={filter.actor ?? ""}
          placeholder={t("admin.accessReport.actorPlaceholder")}
          className="h-11 py-0"
        />
      </div>
      {day("from", t("admin.accessReport.from"))}
      {day("to", t("admin.accessReport.to"))}
      <Button type="submit">{t("admin.accessReport.apply")}</Button>
    </Form>
  );
}

type Entry = Omit<AccessLogRow, "createdAt"> & { createdAt: string };

/** The log's entries: when, who (and her role), what, on whom (linked to its page), from where. */
export function AccessLogTable({ rows }: { rows: readonly Entry[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Table
      caption={t("admin.accessReport.title")}
      framed
      className="mt-3"
      tableClassName="min-w-[56rem] [&>tbody]:align-top"
    >
      <thead>
        <tr>
          <Th>{t("admin.accessReport.when")}</Th>
          <Th>{t("admin.accessReport.who")}</Th>
          <Th>{t("admin.accessReport.action")}</Th>
          <Th>{t("admin.accessReport.subject")}</Th>
          <Th>{t("admin.accessReport.ip")}</Th>
          <Th>{t("admin.accessReport.details")}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const href = subjectPath(row.subject, row.subjectEmail);
          return (
            <tr key={row.id}>
              <Td className="whitespace-nowrap">
                <time dateTime={row.createdAt}>{formatAgencyTime(row.createdAt, language)}</time>
              </Td>
              <Td>
                {row.actorId ? (
                  <>
                    <span className="font-medium text-ink-900">{row.actorName ?? row.actorId}</span>
                    {row.actorRole ? (
                      <span className="block text-xs text-ink-500">
                        {t(`admin.accessReport.roles.${row.actorRole}`)}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span className="text-ink-600 italic">{t("admin.accessReport.system")}</span>
                )}
              </Td>
              <Td className="text-ink-800">{actionLabel(row.action, t)}</Td>
              <Td className="break-all">
                {href ? (
                  <Link
                    to={href}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {row.subjectName ?? row.subject}
                  </Link>
                ) : (
                  (row.subjectName ?? row.subject)
                )}
                {row.subjectName ? (
                  <span className="block text-xs text-ink-500">{row.subject}</span>
                ) : null}
              </Td>
              <Td className="font-mono text-xs">{row.ip ?? "—"}</Td>
              <Td className="break-words">
                {detailsSummary(row.action, row.details, t, language)}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
