/**
 * What a failed Google sign-in brings back in the address of /login (`?error=…&error_description=…`,
 * passed on by Better Auth from the provider). Anyone can write such an address, so both are
 * reduced before the page shows them (spec section 8: 'Falha no login com Google' with the
 * provider's message): the code to a short token, the message to one line of plain text.
 */

/** The most of a provider's message shown, in characters as a reader counts them. */
export const PROVIDER_MESSAGE_MAX = 200;

/** Error codes are short ASCII tokens (`access_denied`, `unable_to_create_user`). */
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Control and format characters (C0, C1, bidirectional overrides and isolates, zero-width
 * spaces, invisible tag characters), line and paragraph separators, private-use, unassigned and
 * lone surrogate code points: none is text a reader needs, and some reorder or hide what she
 * reads. The zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
 */
const UNPRINTABLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/gu;

export function providerErrorCode(value: string | null): string | null {
  if (!value) return null;
  return CODE.test(value) ? value : "unknown";
}

/**
 * The provider's message as one line of plain text of at most PROVIDER_MESSAGE_MAX characters
 * (an ellipsis marks a cut), or null when nothing readable is left. Markup is not removed: the
 * page renders it as text, so it shows as the characters it is and does nothing.
 */
export function providerErrorMessage(value: string | null): string | null {
  if (!value) return null;
  // Long input is cut before the work below; what is cut off could not be shown anyway.
  const text = value
    .slice(0, PROVIDER_MESSAGE_MAX * 8)
    .normalize("NFC")
    .replace(UNPRINTABLE, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  const characters = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)];
  if (characters.length <= PROVIDER_MESSAGE_MAX) return text;
  return `${characters
    .slice(0, PROVIDER_MESSAGE_MAX - 1)
    .map((part) => part.segment)
    .join("")
    .trimEnd()}…`;
}
