import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import { E164 } from "#app/utils/whatsapp.ts";

/**
 * A phone number as people type it, checked and stored the one way every form stores it: E.164
 * ("+5548991234567"), which the WhatsApp button and the admin's links rely on (decision 035).
 *
 * She types it the way her country writes it: "(48) 99123-4567" with Brasil chosen is
 * +55 48 99123-4567, "912 345 678" with Portugal is +351 912 345 678, and a number with its own
 * "+code" is kept whatever the country. Which trunk prefix to drop ("0" in Portugal's neighbours,
 * never in Italy), and how long a number may be, differ per country: libphonenumber's metadata
 * knows them, its smallest set ("min") is enough to check lengths. Without a country (the
 * pre-selection form asks none), only a number with its +code is a number.
 *
 * A module apart from the schemas' other helpers: the metadata is the chat's and the form's
 * check's to load, never a page's (utils/ goes into every public page's shell).
 */

/** The separators people write in a number: spaces, dashes, dots and brackets. */
const SEPARATORS = /[ \u00a0\-().]/g;

/** The country codes the number may be read in ("BR"), as libphonenumber names them. */
function countryOf(code: string | null | undefined) {
  const upper = code?.trim().toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : undefined;
}

/**
 * Her number in E.164, read in the country she chose when it has no "+code" of its own, or null
 * when it is not a phone number there (letters, control characters, too short or too long).
 */
export function normalizePhoneNumber(value: string, country?: string | null): string | null {
  // Digits and one leading "+" once the separators are gone; anything else (a letter, a
  // control character, a second "+") is not a number she meant.
  const typed = value.trim().replace(SEPARATORS, "");
  if (!/^\+?[0-9]{1,20}$/.test(typed)) return null;
  const defaultCountry = typed.startsWith("+") ? undefined : countryOf(country);
  if (!typed.startsWith("+") && !defaultCountry) return null;
  const phone = parsePhoneNumberFromString(typed, { defaultCountry, extract: false });
  if (!phone?.isValid() || phone.ext) return null;
  return E164.test(phone.number) ? phone.number : null;
}

/** A stored number as people read it: "+5548991234567" → "+55 48 99123-4567". */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A country's calling code ("BR" → "+55"), or null for a country without one of its own. */
export function callingCodeOf(country: string): string | null {
  const code = countryOf(country);
  return code ? `+${getCountryCallingCode(code)}` : null;
}
