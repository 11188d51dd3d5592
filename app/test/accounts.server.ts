import { eq } from "drizzle-orm";
import type { Role } from "#app/db/roles.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { user } from "#app/db/schema.server.ts";

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
