import { renderPdf, type PdfBlock } from "#app/features/documents/pdf.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { csvStream, type CsvColumn } from "#app/utils/csv.server.ts";
import { centsAsDecimal, formatBrl, formatMonth, formatPercent } from "./money.ts";
import type { Statement } from "./statements.server.ts";

/*
 * Her statement as a file (issue 30): a PDF through the product's one document layout, and a
 * CSV a Portuguese spreadsheet opens in columns (csv.server.ts: every text cell formula-safe).
 */

const fileMonth = (statement: Statement) => statement.month.slice(0, 7);

/** The file's name, the same in every language: the agency, the word, the month. */
export const statementFileName = (statement: Statement, extension: "pdf" | "csv") =>
  `mare-talent-statement-${fileMonth(statement)}.${extension}`;

function dayOf(value: string, language: Language) {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

/** Her statement's PDF in her language: its lines, the agency's share, her net, the payout. */
export function statementPdf(statement: Statement, language: Language, name: string) {
  const t = getFixedT(language);
  const money = (cents: number) => formatBrl(cents, language);
  const month = formatMonth(statement.month, language);
  const percent = formatPercent(statement.basisPoints, language);
  const { totals } = statement;
  const lines = statement.lines.map((line) => [
    line.platform,
    line.kind === "correction"
      ? `${t("statements.kind.correction")}: ${line.reason ?? ""}`
      : t("statements.kind.earning"),
    money(line.grossCents),
  ]);
  const blocks: PdfBlock[] = [
    { kind: "title", text: t("statements.document.title", { month }) },
    {
      kind: "fields",
      rows: [
        [t("statements.document.model"), name],
        [t("statements.document.month"), month],
        [t("statements.document.share"), percent],
        [
          t("statements.document.payout"),
          statement.payoutState === "paid" && statement.paidOn
            ? t("statements.document.paid", {
                date: dayOf(statement.paidOn, language),
                amount: money(statement.paidCents ?? 0),
                reference: statement.payoutReference ?? "",
              })
            : t("statements.model.pending"),
        ],
      ],
    },
    { kind: "heading", text: t("statements.detail.lines") },
    {
      kind: "table",
      columns: [
        t("statements.columns.platform"),
        t("statements.columns.line"),
        t("statements.columns.gross"),
      ],
      rows: [
        ...lines,
        [t("statements.totals.gross"), "", money(totals.grossCents)],
        [t("statements.totals.agency", { percent }), "", money(-totals.agencyCents)],
        [t("statements.totals.net"), "", money(totals.netCents)],
      ],
      align: ["left", "left", "right"],
      boldRows: [lines.length, lines.length + 2],
    },
    { kind: "note", text: t("statements.document.note") },
  ];
  return renderPdf({
    title: t("statements.document.title", { month }),
    language,
    blocks,
    footer: "Maré Talent",
  });
}

/**
 * A decimal the product computed ("-50,00"): a number for the spreadsheet, not text someone
 * typed. csvCell quotes every cell but guards only strings against formulas, and a minus sign
 * of a correction must stay a minus, not become "'-50,00".
 */
class Amount {
  readonly text: string;
  constructor(cents: number) {
    this.text = centsAsDecimal(cents);
  }
  toString() {
    return this.text;
  }
}

type CsvRow = { month: string; kind: string; platform: string; amount: Amount; reason: string };

/** Her statement's CSV in her language: its lines, then the totals, amounts in BRL. */
export function statementCsv(statement: Statement, language: Language) {
  const t = getFixedT(language);
  const month = fileMonth(statement);
  const percent = formatPercent(statement.basisPoints, language);
  const rows: CsvRow[] = [
    ...statement.lines.map((line) => ({
      month,
      kind: t(`statements.kind.${line.kind}`),
      platform: line.platform,
      amount: new Amount(line.grossCents),
      reason: line.reason ?? "",
    })),
    {
      month,
      kind: t("statements.totals.gross"),
      platform: "",
      amount: new Amount(statement.totals.grossCents),
      reason: "",
    },
    {
      month,
      kind: t("statements.totals.agency", { percent }),
      platform: "",
      amount: new Amount(-statement.totals.agencyCents),
      reason: "",
    },
    {
      month,
      kind: t("statements.totals.net"),
      platform: "",
      amount: new Amount(statement.totals.netCents),
      reason: "",
    },
  ];
  const columns: CsvColumn<CsvRow>[] = [
    [t("statements.csv.month"), (row) => row.month],
    [t("statements.csv.line"), (row) => row.kind],
    [t("statements.csv.platform"), (row) => row.platform],
    [t("statements.csv.amount"), (row) => row.amount],
    [t("statements.csv.reason"), (row) => row.reason],
  ];
  async function* each() {
    yield* rows;
  }
  return csvStream(columns, each());
}
