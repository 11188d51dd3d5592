import { getDatabase } from "~/db/db.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { clientIp } from "~/utils/request.server";
import { recordAuthEvent } from "./auth-events.server";

/**
 * The limits of the account forms, per address and per account, counted in the database so
 * they hold across app instances. (Verification: its link is limited per address where it is
 * received, routes/resources/auth-api.ts; a new link is sent by signing in, limited here.) An account's counter moves whether or not the account exists,
 * so a limit never tells anyone which addresses have accounts.
 */
const rules = {
  signIn: { ip: { limit: 30, windowSeconds: 600 }, account: { limit: 10, windowSeconds: 900 } },
  signUp: { ip: { limit: 10, windowSeconds: 3600 }, account: { limit: 5, windowSeconds: 3600 } },
  reset: { ip: { limit: 10, windowSeconds: 3600 }, account: { limit: 3, windowSeconds: 3600 } },
} as const;

export type LimitedAction = keyof typeof rules;

/** Counts one attempt; the minutes to wait when over a limit, or null when allowed. */
export async function accountLimit(
  request: Request,
  action: LimitedAction,
  email: string,
): Promise<number | null> {
  const db = await getDatabase();
  const byIp = await hitRateLimit(db, `${action}:ip:${clientIp(request)}`, rules[action].ip);
  const byAccount = await hitRateLimit(
    db,
    `${action}:account:${email.trim().toLowerCase()}`,
    rules[action].account,
  );
  const waits = [byIp, byAccount].filter((r) => !r.allowed).map((r) => r.retryAfterSeconds);
  if (!waits.length) return null;
  // For the auth report. The two-step form counts its codes under `two-factor:<ip>`.
  const method =
    action === "signIn"
      ? email.startsWith("two-factor:")
        ? "two-factor"
        : "sign-in"
      : action === "signUp"
        ? "sign-up"
        : "reset";
  await recordAuthEvent(db, { kind: "rate-limited", method });
  return Math.ceil(Math.max(...waits) / 60);
}
