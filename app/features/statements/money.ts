/**
 * Money of the monthly statements (issue 30), browser-safe: amounts are integer cents of BRL,
 * never floats. The agency's share is rounded once, on the statement's total (decision 056).
 */

/** The largest amount a line may carry: R$ 999.999.999,99. */
export const MAX_LINE_CENTS = 99_999_999_999;

export type AmountError = "empty" | "invalid" | "ambiguous" | "tooLarge";

/**
 * An amount as people type it, in cents: "1.234,56", "1234,56", "1234.56", "1,234.56",
 * "R$ 12", "-30,00". The last `.` or `,` followed by one or two digits is the decimal mark;
 * the other mark may only group thousands by three. One mark followed by exactly three digits
 * ("1.234") reads as a thousand in Brazil and as one in English: it is refused, with a message
 * asking for the cents. Digits are read as text, so nothing passes through a float.
 */
export function parseAmount(
  input: string,
): { ok: true; cents: number } | { ok: false; error: AmountError } {
  let text = input.trim().replace(/^R\$\s*/i, "");
  if (!text) return { ok: false, error: "empty" };
  let negative = false;
  if (/^[-−]/.test(text)) {
    negative = true;
    text = text.slice(1).trim();
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, error: "invalid" };
  let whole: string;
  let fraction = "";
  const decimal = /^(.*?)[.,](\d{1,2})$/.exec(text);
  if (decimal) {
    whole = decimal[1]!;
    fraction = decimal[2]!;
    const decimalMark = text.charAt(whole.length);
    if (whole.includes(decimalMark)) return { ok: false, error: "invalid" };
  } else {
    whole = text;
  }
  if (/[.,]/.test(whole)) {
    // Thousands grouped by one mark only, in threes: 1.234.567 or 1,234,567.
    const groups = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.exec(whole);
    if (!groups) return { ok: false, error: "invalid" };
    if (decimal && text.charAt(whole.length) === groups[1]) return { ok: false, error: "invalid" };
    // A lone mark before three digits and no cents: a thousand, or one?
    if (!decimal && whole.split(groups[1]!).length === 2) return { ok: false, error: "ambiguous" };
    whole = whole.replaceAll(groups[1]!, "");
  }
  if (whole === "") return { ok: false, error: "invalid" };
  const digits = `${whole}${fraction.padEnd(2, "0")}`.replace(/^0+(?=\d)/, "");
  if (digits.length > String(MAX_LINE_CENTS).length) return { ok: false, error: "tooLarge" };
  const cents = Number(digits);
  if (cents > MAX_LINE_CENTS) return { ok: false, error: "tooLarge" };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/**
 * `value × numerator / denominator` rounded half away from zero, in exact integer arithmetic
 * (BigInt: 5,000 lines of R$ 999 million times 10,000 basis points outgrow a double's integers).
 */
function divideRounded(value: bigint, denominator: bigint): bigint {
  const quotient = value / denominator;
  const remainder = value % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return value < 0n ? quotient - 1n : quotient + 1n;
}

export interface StatementTotals {
  grossCents: number;
  agencyCents: number;
  netCents: number;
}

/**
 * A statement's figures from its lines (earnings and corrections, corrections may be negative):
 * the gross is their sum; the agency's share is the gross times her contract's basis points
 * (3333 = 33.33 %) over 10,000, rounded half away from zero once, on that total; her net is the
 * rest, so gross = share + net to the cent.
 */
export function statementTotals(
  lines: readonly { grossCents: number }[],
  basisPoints: number,
): StatementTotals {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`basis points out of range: ${basisPoints}`);
  }
  let gross = 0n;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.grossCents)) throw new RangeError("cents must be integers");
    gross += BigInt(line.grossCents);
  }
  const agency = divideRounded(gross * BigInt(basisPoints), 10_000n);
  return {
    grossCents: Number(gross),
    agencyCents: Number(agency),
    netCents: Number(gross - agency),
  };
}

/** Cents as BRL in the reader's language ("R$ 1.234,56" in pt, "R$1,234.56" in en). */
export function formatBrl(cents: number, language: string): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  // Whole reais and cents apart, so no amount is ever divided as a float.
  const reais = Math.trunc(abs / 100);
  const rest = abs % 100;
  // The real's own sign in every language ("BRL" in Italian and Spanish, "BR$" in Swedish else).
  const format = new Intl.NumberFormat(language, {
    style: "currency",
    currency: "BRL",
    currencyDisplay: "narrowSymbol",
  });
  const parts = format.formatToParts(negative ? -1 : 1);
  const whole = new Intl.NumberFormat(language, { useGrouping: true }).format(reais);
  const fraction = String(rest).padStart(2, "0");
  return parts
    .map((part) => {
      if (part.type === "integer") return whole;
      if (part.type === "fraction") return fraction;
      return part.value;
    })
    .join("");
}

/** A basis-point percentage as her language writes it: 3333 → "33,33 %" (pt). */
export function formatPercent(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "percent",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}

/** Cents as the CSV writes them: a plain decimal with a comma ("1234,56"), as a pt sheet reads. */
export function centsAsDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A month "2026-10" (or its first day "2026-10-01") checked: the month's first day, or null. */
export function monthStart(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])(?:-01)?$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2100) return null;
  return `${match[1]}-${match[2]}-01`;
}

/** The last day of a month given by its first day ("2026-02-01" → "2026-02-28"). */
export function monthEnd(month: string): string {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${month.slice(0, 8)}${String(last).padStart(2, "0")}`;
}

/** A month's name in a language: "outubro de 2026". */
export function formatMonth(month: string, language: string, style: "long" | "short" = "long") {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, {
    month: style,
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, mm - 1, 1)));
}
