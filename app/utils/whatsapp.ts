/**
 * Phone numbers as the forms store them, and the WhatsApp link to one. Browser-safe: the
 * application's page decides with it whether to offer the WhatsApp button, and the server builds
 * the link with it.
 */

/**
 * E.164 as the forms accept it: "+", a country code that never starts with 0, at most 15 digits
 * in all. No separators: the forms store the number normalised, so anything else was not typed
 * into them (an old row, an import) and is not trusted to be a number WhatsApp knows.
 */
export const E164 = /^\+[1-9]\d{7,14}$/;

export function isE164(value: string | null | undefined): value is string {
  return typeof value === "string" && E164.test(value);
}

/** The number the agency writes to on WhatsApp: the form's WhatsApp, else the chatbot's phone. */
export function whatsappNumberOf(application: {
  whatsapp: string | null;
  phone: string | null;
}): string | null {
  const number = application.whatsapp || application.phone;
  return isE164(number) ? number : null;
}

/** WhatsApp's own short links (its "click to chat"). */
export const WHATSAPP_ORIGIN = "https://wa.me";

/**
 * `https://wa.me/<digits>?text=<message>`: the chat with her number, the message typed in. The
 * origin and path are fixed here and the number must be E.164, so nothing given can turn the link
 * into another site's; the text is percent-encoded whole (spaces, accents, emoji, & and #).
 */
export function whatsappLink(number: string, text: string): string {
  if (!isE164(number)) throw new Error("not an E.164 number");
  const url = new URL(`/${number.slice(1)}`, WHATSAPP_ORIGIN);
  return `${url.href}?text=${encodeURIComponent(text)}`;
}
