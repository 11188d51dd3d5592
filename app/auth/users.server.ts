import { eq } from "drizzle-orm";
import { getDatabase, type Database } from "#app/db/db.server.ts";
import { roles, user, type Role } from "#app/db/schema.server.ts";
import { createAffiliate } from "./affiliate-account.server.ts";
import { isSupportedLanguage } from "#app/i18n/languages.ts";
import { getAuth } from "./auth.server.ts";
import { passwordProblem } from "./password.server.ts";

export interface NewAccount {
  email: string;
  name: string;
  role: Role;
  password: string;
  language?: string;
}

/**
 * An account made from the shell (`npm run user:create`) for first setup and demos: any role,
 * the address taken as verified (whoever runs the command owns the server). Same password
 * policy and hashing as a sign-up.
 */
export async function createAccountFromShell(input: NewAccount) {
  if (!roles.includes(input.role)) throw new Error(`role must be one of ${roles.join(", ")}`);
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(`password refused: ${problem}`);
  const auth = await getAuth();
  const ctx = await auth.$context;
  const db = await getDatabase();
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) throw new Error(`an account with ${email} exists already`);
  const created = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name,
      emailVerified: true,
      role: input.role,
      language: input.language && isSupportedLanguage(input.language) ? input.language : "pt",
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  // The role hook of sign-ups only lets visitors be models or affiliates: set it as asked.
  await db
    .update(user)
    .set({ role: input.role, emailVerified: true })
    .where(eq(user.id, created.id));
  if (input.role === "affiliate") await createAffiliate(db, { userId: created.id, promotion: "" });
  return { id: created.id, email, role: input.role };
}

/**
 * Her account's address, whether she verified it, and the language she chose for her mail, read
 * from the database: what a session was made with is not proof of the address she owns now.
 */
export async function accountOwner(db: Pick<Database, "select">, userId: string) {
  const [owner] = await db
    .select({ email: user.email, verified: user.emailVerified, language: user.language })
    .from(user)
    .where(eq(user.id, userId));
  return owner ?? null;
}
