import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ImportRow } from "./csv-import.server.ts";
import { formatBrl, formatMonth } from "./money.ts";

export interface ImportResult {
  error?: string;
  preview?: ImportRow[];
  valid?: boolean;
  csv?: string;
  /** The rows she pasted, back in the box. */
  pasted?: string;
}

/** The import's page: the file, then its rows with their errors, then the one button that stores. */
export function ImportScreen({
  month,
  result,
}: {
  month: string | null;
  result: ImportResult | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = result?.preview ?? [];
  const wrong = rows.filter((row) => row.errors.length).length;
  return (
    <>
      <Link
        to={month ? `/admin/statements?month=${month}` : "/admin/statements"}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" />
        {t("statements.import.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{t("statements.import.title")}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-600">{t("statements.import.intro")}</p>
      <p className="mt-2 max-w-3xl text-sm text-ink-600">
        {t("statements.import.example")}{" "}
        <code className="rounded bg-ink-50 px-1.5 py-0.5 text-ink-900">
          1042;2026-10;OnlyFans;1.234,56
        </code>
      </p>

      <div className="mt-4">
        {result?.error ? <FormMessage tone="error">{t(result.error)}</FormMessage> : null}
        {result?.preview ? (
          result.valid ? (
            <FormMessage tone="notice">
              {t("statements.import.valid", { count: rows.length })}
            </FormMessage>
          ) : (
            <FormMessage tone="error">
              {t("statements.import.invalid", { count: wrong, total: rows.length })}
            </FormMessage>
          )
        ) : null}
      </div>

      {result?.valid && result.csv ? (
        <Form method="post" className="mb-6">
          <input type="hidden" name="intent" value="store" />
          <input type="hidden" name="csv" value={result.csv} />
          <Button type="submit">
            <Icon name="check" />
            {t("statements.import.store", { count: rows.length })}
          </Button>
        </Form>
      ) : null}

      {rows.length ? (
        <Table
          caption={t("statements.import.caption")}
          showCaption
          framed
          tableClassName="min-w-[48rem]"
        >
          <thead>
            <tr>
              <Th numeric>{t("statements.import.columns.line")}</Th>
              <Th>{t("statements.import.columns.model")}</Th>
              <Th>{t("statements.import.columns.month")}</Th>
              <Th>{t("statements.import.columns.platform")}</Th>
              <Th numeric>{t("statements.import.columns.gross")}</Th>
              <Th>{t("statements.import.columns.result")}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line}>
                <Th row numeric>
                  {row.line}
                </Th>
                <Td>{row.name ?? row.identity}</Td>
                <Td>{row.month ? formatMonth(row.month, language, "short") : "—"}</Td>
                {/* Shown as typed, as text: a formula is never run here. */}
                <Td className="max-w-[16rem] truncate">{row.platform}</Td>
                <Td numeric>
                  {row.grossCents === null ? "—" : formatBrl(row.grossCents, language)}
                </Td>
                <Td>
                  {row.errors.length ? (
                    <ul className="space-y-0.5 text-sm font-medium text-coral-700">
                      {row.errors.map((error) => (
                        <li key={error}>{t(`statements.import.rowErrors.${error}`)}</li>
                      ))}
                    </ul>
                  ) : (
                    <Badge tone="positive">{t("statements.import.ready")}</Badge>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}

      <Section id="import-file" title={t("statements.import.fileTitle")} className="mt-6">
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="preview" />
          <Field id="import-file-input" label={t("statements.import.file")}>
            {(aria) => (
              <Input {...aria} type="file" name="file" accept=".csv,text/csv,text/plain" />
            )}
          </Field>
          <Field
            id="import-paste"
            label={t("statements.import.paste")}
            hint={t("statements.import.pasteHint")}
          >
            {(aria) => (
              <Textarea
                {...aria}
                // A new answer, a new box: what she pasted comes back in it.
                key={result?.pasted ?? ""}
                name="csv"
                rows={5}
                className="font-mono text-sm"
                defaultValue={result?.pasted ?? ""}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {t("statements.import.check")}
          </Button>
        </Form>
      </Section>
    </>
  );
}
