/*
 * Money and rates as the back office and the affiliate portal show them.
 */

/** An amount in cents, in the reader's language: "R$ 1.234,50", "R$1,234.50", "1234,50 R$". */
export function formatMoney(cents: number, language: string) {
  // The real's own sign in every language ("BRL" in Italian and Spanish, "BR$" in Swedish else).
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency: "BRL",
    currencyDisplay: "narrowSymbol",
  }).format(cents / 100);
}

/** A commission rate ("7.50") in the reader's language: "7,5 %", "7.5%". */
export function formatPercent(rate: string | null, language: string) {
  if (rate === null) return null;
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
    Number(rate) / 100,
  );
}
