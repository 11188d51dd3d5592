import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "#app/db/roles.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { user } from "#app/db/schema.server.ts";
import { TEST_ORIGIN } from "./app-database.ts";

/**
 * A verified account of a role, made through Better Auth's own sign-up and signed in through
 * its sign-in: what the tests get back is the user's id and the cookie her browser would send.
 */
export async function signedInAccount(input: {
  email: string;
  name: string;
  role: Role;
  password: string;
  origin: string;
  /** The client address to sign up and in from (rate limits count per address). */
  ip?: string;
}) {
  const auth = await getAuth();
  const headers = { origin: input.origin, ...(input.ip ? { "x-client-ip": input.ip } : {}) };
  const { user: created } = await auth.api.signUpEmail({
    body: { name: input.name, email: input.email, password: input.password },
    headers,
  });
  await (
    await getDatabase()
  )
    .update(user)
    .set({ emailVerified: true, role: input.role })
    .where(eq(user.id, created.id));
  const answer = await auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers,
    asResponse: true,
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${input.email}: ${answer.status}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { id: created.id, cookie };
}

/**
 * A test's signed-in accounts, each kept under a short name ("lia", "admin"): `account(who,
 * role)` makes `<who>.<marker>@example.com`, named `displayName(who)`, signed up from a client
 * address of her own (sign-up limits count per address), and keeps her id and cookie in
 * `ids[who]` and `cookies[who]`.
 */
export function namedAccounts<Who extends string = string>(
  marker: string,
  displayName: (who: Who) => string,
) {
  const ids = {} as Record<Who, string>;
  const cookies = {} as Record<Who, string>;
  // An IPv6 /64 of her own each (a limit counts a /64 as one address).
  const ipPrefix = `2001:db8:${randomBytes(2).toString("hex")}:`;
  let count = 0;
  async function account(who: Who, role: Role) {
    const made = await signedInAccount({
      email: `${who}.${marker}@example.com`,
      name: displayName(who),
      role,
      password: "a-long-test-password-2026!",
      origin: TEST_ORIGIN,
      ip: `${ipPrefix}${(++count).toString(16)}::1`,
    });
    ids[who] = made.id;
    cookies[who] = made.cookie;
  }
  return { ids, cookies, account };
}
