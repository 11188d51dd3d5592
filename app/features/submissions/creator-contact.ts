import { formatPhoneNumber } from "#app/features/preselection/phone.ts";
import { isE164, WHATSAPP_ORIGIN } from "#app/utils/whatsapp.ts";

/**
 * How a reviewer reaches what an applicant gave: her profile as a link, her number as she would
 * say it and as a WhatsApp chat, her age beside her birthday.
 * Browser-safe: the detail renders these, and nothing here trusts the text she typed to be a
 * link of any other kind than http(s).
 */

/** An Instagram handle as Instagram allows it: letters, digits, dots and underscores, 30 at most. */
const HANDLE = /^@?([A-Za-z0-9._]{1,30})$/;

/** A host she may have typed without a scheme ("instagram.com/ana", "anasouza.art"). */
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(?::\d+)?(\/\S*)?$/i;

/**
 * Endings that make "ana.souza" an address rather than a handle with a dot in it (Instagram
 * handles often have one): the domains a portfolio or link page is commonly on.
 */
const WEB_ENDINGS = new Set(
  "com net org br me io co art site link bio page app online store info eu it de es se pt uk".split(
    " ",
  ),
);

/**
 * The address her "Instagram or portfolio" answer points to, or null when it is neither a
 * handle nor a web address (then it is shown as text). A handle opens her Instagram profile;
 * an address is kept as given, but only as http(s): "javascript:" and the like stay text.
 */
export function profileLink(answer: string | null | undefined): string | null {
  const value = answer?.trim();
  if (!value) return null;
  const handle = HANDLE.exec(value);
  const ending = value.split(".").pop()!.toLowerCase();
  if (handle && (value.startsWith("@") || !WEB_ENDINGS.has(ending))) {
    return `https://www.instagram.com/${handle[1]}/`;
  }
  const candidate = /^https?:\/\//i.test(value)
    ? value
    : BARE_HOST.test(value)
      ? `https://${value}`
      : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Her number grouped as it is read aloud ("+55 48 99912 3456"); as stored when not E.164. */
export function readablePhone(number: string): string {
  return isE164(number) ? formatPhoneNumber(number) : number;
}

/** The chat with her on WhatsApp, without a message typed in (the templates are for that). */
export function whatsappChat(number: string | null | undefined): string | null {
  return isE164(number) ? new URL(`/${number.slice(1)}`, WHATSAPP_ORIGIN).href : null;
}

/** Her age in whole years on a day, from an ISO date of birth ("1998-03-12"); null if unreadable. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const [year, month, day] = dateOfBirth.split("-").map(Number);
  if (!year || !month || !day) return null;
  let age = today.getUTCFullYear() - year;
  const birthdayPassed =
    today.getUTCMonth() + 1 > month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  if (!birthdayPassed) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}
