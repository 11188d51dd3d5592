import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { affiliates, user } from "#app/db/schema.server.ts";

/**
 * The active affiliate a referral code belongs to, if any, with what tells her own applications
 * apart (her account's e-mail and WhatsApp). A suspended affiliate's code belongs to no one.
 */
export async function affiliateForCode(db: Pick<Database, "select">, code: string | null) {
  if (!code) return null;
  const [row] = await db
    .select({ id: affiliates.id, email: user.email, whatsapp: user.whatsapp })
    .from(affiliates)
    .innerJoin(user, eq(user.id, affiliates.userId))
    .where(and(eq(affiliates.referralCode, code), eq(affiliates.status, "active")));
  return row ?? null;
}

/**
 * A phone number as the digits of its E.164 form ("+55 (48) 99999-0000", "0055 48 99999 0000",
 * "048 99999-0000" and "(48) 99999-0000" are all 5548999990000), or null when too few digits to
 * tell one person's number. A number written without its country is taken as Brazilian, the
 * agency's country: with its area code (10 or 11 digits), perhaps after the trunk prefix 0.
 */
export function phoneDigits(value: string | null | undefined) {
  const written = value?.trim() ?? "";
  let digits = written.replace(/\D/g, "");
  if (!written.startsWith("+")) {
    if (digits.startsWith("00")) digits = digits.slice(2);
    else if (/^0\d{10,11}$/.test(digits)) digits = `55${digits.slice(1)}`;
    else if (/^[1-9]\d{9,10}$/.test(digits)) digits = `55${digits}`;
  }
  return digits.length >= 8 ? digits : null;
}

/**
 * Whether two phone numbers are the same line: the same E.164 digits, or one is the end of the
 * other (a number written without area code). Eight digits at least on each side, so a short
 * fragment never matches a whole number.
 */
export function samePhone(a: string | null | undefined, b: string | null | undefined) {
  const x = phoneDigits(a);
  const y = phoneDigits(b);
  if (!x || !y) return false;
  return x.length >= y.length ? x.endsWith(y) : y.endsWith(x);
}

/** Providers that deliver `name+anything@` to `name@`. */
const PLUS_ADDRESSING =
  /^(?:(?:outlook|hotmail|live|yahoo)\.(?:com|[a-z]{2}|com?\.[a-z]{2})|msn\.com|ymail\.com|icloud\.com|me\.com|mac\.com|proton\.me|protonmail\.(?:com|ch)|pm\.me)$/;

/**
 * The mailbox an address delivers to, for telling one person's addresses apart: lower-case; at
 * Gmail (gmail.com and googlemail.com are one) without dots and `+tag` in the name, at the other
 * big providers that ignore a `+tag`, without it. Only for comparing: mail goes to the address
 * as written.
 */
export function mailboxOf(email: string) {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    domain = "gmail.com";
    name = name.split("+")[0]!.replaceAll(".", "");
  } else if (PLUS_ADDRESSING.test(domain)) {
    name = name.split("+")[0]!;
  }
  return `${name}@${domain}`;
}

export interface Attribution {
  affiliateId: number | null;
  /** Set instead of affiliateId when she used her own link (e-mail or phone is the affiliate's). */
  selfReferralAffiliateId: number | null;
}

/**
 * Whom an application is attributed to (product.md section 4): the active affiliate of the code
 * she arrived with, unless the applicant is that affiliate herself (her account's e-mail, or
 * her WhatsApp as the application's WhatsApp or phone, each compared after normalising:
 * mailboxOf, phoneDigits). A self-referral earns nothing; it is
 * kept on the application so reviewers see it.
 */
export async function attributeApplication(
  db: Pick<Database, "select">,
  code: string | null | undefined,
  applicant: { email: string; phones: (string | null | undefined)[] },
): Promise<Attribution> {
  return attribution(await affiliateForCode(db, code ?? null), applicant);
}

/** attributeApplication's rule, for an affiliate already looked up (or none). */
export function attribution(
  affiliate: { id: number; email: string; whatsapp: string | null } | null,
  applicant: { email: string; phones: (string | null | undefined)[] },
): Attribution {
  if (!affiliate) return { affiliateId: null, selfReferralAffiliateId: null };
  // Compared as mailboxes: Ana.Silva@gmail.com also reads anasilva+x@googlemail.com.
  const ownEmail = mailboxOf(affiliate.email) === mailboxOf(applicant.email);
  const ownPhone = applicant.phones.some((phone) => samePhone(phone, affiliate.whatsapp));
  return ownEmail || ownPhone
    ? { affiliateId: null, selfReferralAffiliateId: affiliate.id }
    : { affiliateId: affiliate.id, selfReferralAffiliateId: null };
}

/** What she said, at sign-up, about where she will promote her link (shown to the admins). */
export async function setPromotion(
  db: Pick<Database, "update">,
  userId: string,
  promotion: string,
) {
  await db.update(affiliates).set({ promotion }).where(eq(affiliates.userId, userId));
}
