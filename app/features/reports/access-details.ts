import { formatMoney } from "#app/features/affiliates/money.ts";

/*
 * An access-log entry's details as the report shows them: one short line in the reader's
 * language. Details are read as stored (old rows keep the shape they were written with).
 */

type T = (key: string, values?: Record<string, unknown>) => string;

/** A translation, or the fallback when the key has none (the translator answers the key). */
function labelOr(t: T, key: string, fallback: string) {
  const text = t(key);
  return text === key ? fallback : text;
}

/** A value of an entry's details, named in the reader's language where it is one of ours. */
function valueLabel(action: string, value: unknown, t: T): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (action === "submission.status" || action === "submission.undo")
    return labelOr(t, `admin.status.${text}`, text);
  if (action === "affiliate.status") {
    return labelOr(t, `admin.affiliates.statuses.${text}`, text);
  }
  if (action === "user.role") return labelOr(t, `admin.accessReport.roles.${text}`, text);
  if (action === "affiliate.commission") return `${text} %`;
  return text;
}

/** The details of an entry in one short line. */
export function detailsSummary(
  action: string,
  details: Record<string, unknown> | null,
  t: T,
  language: string,
): string {
  if (!details) return "";
  if (action === "submission.contact") return contactSummary(details, t);
  if (action === "submission.merge") {
    return t("admin.accessReport.mergeSummary", { id: String(details.merged) });
  }
  if (action === "submission.reveal-refused") {
    return t("admin.accessReport.revealRefused", {
      attempt: String(details.attempt),
      limit: String(details.limit),
    });
  }
  const { from, to, note, reason, correction, ...rest } = details;
  const parts: string[] = [];
  if ("from" in details || "to" in details) {
    parts.push(`${valueLabel(action, from, t)} → ${valueLabel(action, to, t)}`);
  }
  if (action.startsWith("affiliate.ledger") && typeof rest.amountCents === "number") {
    const kind = String(rest.kind ?? "");
    parts.push(
      `${labelOr(t, `admin.affiliates.kinds.${kind}`, kind)} ${formatMoney(rest.amountCents, language)} · ${String(rest.occurredOn ?? "")}`,
    );
  } else {
    for (const [key, value] of Object.entries(rest)) {
      if (value === null || value === undefined || value === "") continue;
      parts.push(`${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
    }
  }
  // The reason by its label (a row written before labels were kept shows its reasonId).
  if (typeof reason === "string" && reason) parts.push(t("admin.reasons.logged", { reason }));
  if (correction === true) parts.push(t("admin.undo.correctionSent"));
  if (typeof note === "string" && note) parts.push(`“${note}”`);
  const line = parts.join(" · ");
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** How she was contacted: on WhatsApp, or which decision's mail went to her again. */
function contactSummary(details: Record<string, unknown>, t: T): string {
  const { method, template, language, purpose } = details;
  const way = method === "email" ? template : method;
  const values = { language: typeof language === "string" ? language.toUpperCase() : "—" };
  if (typeof purpose === "string") {
    // A contact template's message (issue 29): its purpose, and how it went.
    const key = `contactTemplates.report.${String(method)}`;
    const text = t(key, { ...values, purpose: t(`contactTemplates.purposes.${purpose}.label`) });
    return text === key ? JSON.stringify(details) : text;
  }
  const key = `admin.accessReport.contactBy.${String(way)}`;
  const text = t(key, values);
  return text === key ? JSON.stringify(details) : text;
}
