import { sql } from "drizzle-orm";
import { getDatabase } from "#app/db/db.server.ts";
import { rateLimits } from "#app/db/schema.server.ts";
import { hitRateLimit, peekRateLimit } from "#app/utils/rate-limit.server.ts";
import { clientLimitKey } from "#app/utils/request.server.ts";
import { recordAuthEvent } from "./auth-events.server.ts";

/**
 * The limits of the account forms, per address and per account, counted in the database so
 * they hold across app instances. (Verification: its link is limited per address where it is
 * received, routes/resources/auth-api.ts; a new link is sent by signing in, limited here.) An
 * account's counter moves whether or not the account exists, so a limit never tells anyone
 * which addresses have accounts. Addresses count as clientLimitKey gives them (an IPv6 /64).
 * Account keys end in the e-mail address, where erasure finds them (eraseAddressTraces).
 */
const rules = {
  signIn: { ip: { limit: 30, windowSeconds: 600 }, account: { limit: 10, windowSeconds: 900 } },
  signUp: { ip: { limit: 10, windowSeconds: 3600 }, account: { limit: 5, windowSeconds: 3600 } },
  reset: { ip: { limit: 10, windowSeconds: 3600 }, account: { limit: 3, windowSeconds: 3600 } },
} as const;

/**
 * Wrong passwords for one account. Counted per account AND address, so a stranger who keeps
 * failing on an admin's address locks out only himself, never her: 10 in 15 minutes from one
 * address. A guess spread over many addresses meets the ceiling per account, 100 in an hour;
 * it does not apply from an address where the account signed in within the last 90 days, so
 * even then the owner gets in from her usual place. (A growing delay instead would hold every
 * request of the owner too; a captcha would send the visitor's data to a third party.) Only
 * failures count: her own sign-ins never use up the budget.
 */
const failures = {
  fromAddress: { limit: 10, windowSeconds: 15 * 60 },
  overall: { limit: 100, windowSeconds: 60 * 60 },
  knownForDays: 90,
};

/** The counters that remember where an account signed in from, kept `knownForDays`. */
export const knownAddresses = { prefix: "signIn:known:", days: failures.knownForDays };

export type LimitedAction = keyof typeof rules;

/** Counts one attempt; the minutes to wait when over a limit, or null when allowed. */
export async function accountLimit(
  request: Request,
  action: LimitedAction,
  email: string,
): Promise<number | null> {
  const db = await getDatabase();
  const byIp = await hitRateLimit(db, `${action}:ip:${clientLimitKey(request)}`, rules[action].ip);
  const byAccount = await hitRateLimit(
    db,
    `${action}:account:${email.trim().toLowerCase()}`,
    rules[action].account,
  );
  return refused(action, email, [byIp, byAccount]);
}

/**
 * Before a password is checked on the sign-in form: counts the attempt per address (30 in 10
 * minutes, whatever the account) and checks, without counting, the account's wrong passwords
 * (signInFailed counts them). The minutes to wait, or null.
 */
export async function signInLimit(request: Request, email: string): Promise<number | null> {
  const db = await getDatabase();
  const address = clientLimitKey(request);
  const account = email.trim().toLowerCase();
  const byIp = await hitRateLimit(db, `signIn:ip:${address}`, rules.signIn.ip);
  const fromAddress = await peekRateLimit(
    db,
    `signIn:failed:${address}:${account}`,
    failures.fromAddress,
  );
  const checks = [byIp, fromAddress];
  if (!(await isKnownAddress(address, account))) {
    checks.push(await peekRateLimit(db, `signIn:failed:${account}`, failures.overall));
  }
  return refused("signIn", email, checks);
}

/** A wrong password (or unknown account) on the sign-in form: counts against the account. */
export async function signInFailed(request: Request, email: string): Promise<void> {
  const db = await getDatabase();
  const account = email.trim().toLowerCase();
  await hitRateLimit(
    db,
    `signIn:failed:${clientLimitKey(request)}:${account}`,
    failures.fromAddress,
  );
  await hitRateLimit(db, `signIn:failed:${account}`, failures.overall);
}

/** She signed in from here: the ceiling per account no longer applies to this address. */
export async function signInSucceeded(request: Request, email: string): Promise<void> {
  const db = await getDatabase();
  const key = `${knownAddresses.prefix}${clientLimitKey(request)}:${email.trim().toLowerCase()}`;
  await db
    .insert(rateLimits)
    .values({ key, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: sql`now()` } });
}

async function isKnownAddress(address: string, account: string): Promise<boolean> {
  const db = await getDatabase();
  const result = await db.execute(sql`
    select 1 from ${rateLimits}
    where key = ${`${knownAddresses.prefix}${address}:${account}`}
      and window_start > now() - make_interval(days => ${failures.knownForDays})`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The minutes to wait when any check refused (recorded for the auth report), or null. */
async function refused(
  action: LimitedAction,
  email: string,
  checks: { allowed: boolean; retryAfterSeconds: number }[],
): Promise<number | null> {
  const waits = checks.filter((r) => !r.allowed).map((r) => r.retryAfterSeconds);
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
  await recordAuthEvent(await getDatabase(), { kind: "rate-limited", method });
  return Math.max(1, Math.ceil(Math.max(...waits) / 60));
}
