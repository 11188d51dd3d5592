import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { session } from "#app/db/schema.server.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";
import { logger } from "#app/utils/logger.server.ts";

/**
 * An authenticator's code stands for its 30-second time step, and Better Auth accepts it for
 * that step and the ones beside it: about 90 seconds. Remembered a little longer than that, a
 * code already used by an account is refused however often, and whoever sends it, in that time.
 */
const CODE_LIFETIME_SECONDS = 120;

/**
 * Spends a code that Better Auth has just accepted for this account's sign-in. The first use
 * counts it (atomically, in the database, so two instances or two requests at once cannot both
 * win); a second use of it (a code read over her shoulder, or caught by a phishing page) is a
 * replay: the session Better Auth made for it is deleted before anyone gets its cookie, and
 * false is returned.
 */
export async function spendSignInCode(
  db: Database,
  input: { userId: string; code: string; sessionToken: string | null },
) {
  const digest = createHash("sha256").update(`${input.userId}:${input.code}`).digest("base64url");
  const use = await hitRateLimit(db, `totp-used:${digest}`, {
    limit: 1,
    windowSeconds: CODE_LIFETIME_SECONDS,
  });
  if (use.allowed) return true;
  if (input.sessionToken) await db.delete(session).where(eq(session.token, input.sessionToken));
  logger().warn({ event: "two-factor.code-replayed", userId: input.userId });
  return false;
}
