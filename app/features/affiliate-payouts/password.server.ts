import { and, eq } from "drizzle-orm";
import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { account } from "#app/db/schema.server.ts";
import { hitRateLimit, peekRateLimit } from "#app/utils/rate-limit.server.ts";

/**
 * Her password at the moment she changes where her money goes, checked by Better Auth's own
 * endpoint for the signed-in user (verifyPassword). It counts no failures for a signed-in user,
 * so wrong answers are counted here, as the contract's signature does: 5 per account in 15
 * minutes, then refused until the window ends, so a stolen session cannot guess her password
 * through this form. An account of Google's only has no password to give.
 */
export const PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

const limitKey = (userId: string) => `payout-details:account:${userId}`;

export async function checkPassword(
  db: Database,
  request: Request,
  userId: string,
  password: string,
): Promise<"ok" | "wrong" | "limited" | "no-password"> {
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  if (!credential) return "no-password";
  const key = limitKey(userId);
  if (!(await peekRateLimit(db, key, PASSWORD_LIMIT)).allowed) return "limited";
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.verifyPassword({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (outcome.ok) return "ok";
  await hitRateLimit(db, key, PASSWORD_LIMIT);
  return "wrong";
}
