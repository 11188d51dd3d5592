/**
 * A Brazilian company's registration number (CNPJ): twelve characters and two check digits,
 * shown as 00.000.000/0000-00. Since July 2026 the Receita Federal also issues alphanumeric
 * ones (letters among the first twelve); their check digits are computed the same way from
 * each character's code minus 48, so "0"–"9" keep their value and "A" counts 17.
 */

const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** What was typed, without its dots, slash, dash and spaces, in capitals. */
export function normalizeCnpj(value: string): string {
  return value.replace(/[\s./-]/g, "").toUpperCase();
}

function checkDigit(body: string): number {
  let sum = 0;
  let weight = body.length - 7;
  for (const char of body) {
    sum += (char.charCodeAt(0) - 48) * weight;
    weight = weight === 2 ? 9 : weight - 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A normalised CNPJ whose two check digits are right (and not one repeated character). */
export function isValidCnpj(cnpj: string): boolean {
  if (!SHAPE.test(cnpj) || /^(.)\1*$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  const second = checkDigit(cnpj.slice(0, 12) + first);
  return cnpj.slice(12) === `${first}${second}`;
}

/** 00.000.000/0000-00 */
export function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}
