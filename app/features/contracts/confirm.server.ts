import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { account } from "#app/db/schema.server.ts";
import { hitRateLimit, peekRateLimit } from "#app/utils/rate-limit.server.ts";

/**
 * "It is really her" at the moment she signs: her password, or the code of her authenticator
 * app when she has two-step sign-in on, checked by Better Auth's own endpoints for the signed-in
 * user (verifyPassword; verifyTOTP, which with a session only checks the code). Those count no
 * failures for a signed-in user, so wrong answers are counted here: 5 per account in 15 minutes,
 * then refused until the window ends (a stolen session cannot guess her password through this
 * form). Only wrong answers count. An account of Google's only, without two-step sign-in, has
 * nothing to confirm with: she is told to set a password or turn two-step sign-in on first.
 */
export const SIGN_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

const limitKey = (userId: string) => `contract-sign:account:${userId}`;

export function confirmIdentity(
  db: Database,
  request: Request,
  viewer: { id: string; twoFactorEnabled: boolean },
  secret: string,
): () => Promise<"ok" | "wrong" | "limited" | "no-secret"> {
  return async () => {
    if (!viewer.twoFactorEnabled) {
      const [credential] = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, viewer.id), eq(account.providerId, "credential")))
        .limit(1);
      if (!credential) return "no-secret";
    }
    const key = limitKey(viewer.id);
    if (!(await peekRateLimit(db, key, SIGN_LIMIT)).allowed) return "limited";
    const auth = await getAuth();
    const outcome = await callAuth(() =>
      viewer.twoFactorEnabled
        ? auth.api.verifyTOTP({
            body: { code: secret },
            headers: request.headers,
            asResponse: true,
          })
        : auth.api.verifyPassword({
            body: { password: secret },
            headers: request.headers,
            asResponse: true,
          }),
    );
    if (outcome.ok) return "ok";
    await hitRateLimit(db, key, SIGN_LIMIT);
    return "wrong";
  };
}
