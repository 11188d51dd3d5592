import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { affiliates } from "#app/db/schema.server.ts";

// An account made as an affiliate (at sign-up, from the shell, or given the role by an admin)
// gets her referral code with it: that is part of making the account, so it lives with auth and
// the affiliates feature reads the row it made.

type Queryable = Pick<Database, "insert" | "select" | "update">;

// No 0/O or 1/I/L: codes are read aloud and typed from screenshots.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 7;

export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Makes a user an affiliate with a referral code of her own. Codes are random; on the rare
 * clash with an existing one, another is drawn.
 */
export async function createAffiliate(db: Queryable, input: { userId: string; promotion: string }) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db
      .insert(affiliates)
      .values({ userId: input.userId, referralCode: newReferralCode(), promotion: input.promotion })
      .onConflictDoNothing()
      .returning({ id: affiliates.id, referralCode: affiliates.referralCode });
    if (rows[0]) return rows[0];
    const [existing] = await db
      .select({ id: affiliates.id, referralCode: affiliates.referralCode })
      .from(affiliates)
      .where(eq(affiliates.userId, input.userId));
    if (existing) return existing;
  }
  throw new Error("Could not draw a free referral code");
}
