import { readCookie } from "#app/utils/cookies.server.ts";

/**
 * Referral attribution (product.md section 4): `?ref=CODE` on any public page remembers the code
 * in a first-party cookie for 30 days, the latest click winning; an application made in that
 * window records it, and it resolves to the affiliate it belongs to.
 */
export const REFERRAL_COOKIE = "ref";
export const REFERRAL_DAYS = 30;

const CODE = /^[A-Za-z0-9_-]{3,32}$/;

/** The code if it has the shape of a referral code, else null. */
export function parseReferralCode(value: string | null | undefined): string | null {
  const code = value?.trim();
  return code && CODE.test(code) ? code.toUpperCase() : null;
}

export function referralCookie(code: string, secure: boolean) {
  const maxAge = REFERRAL_DAYS * 24 * 60 * 60;
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The referral code this visitor arrived with in the last 30 days, if any. */
export function referralFromRequest(request: Request): string | null {
  return parseReferralCode(readCookie(request, REFERRAL_COOKIE));
}
