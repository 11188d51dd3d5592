import { and, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { Auth } from "#app/auth/auth.server.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { affiliates, session, user, type Role } from "#app/db/schema.server.ts";
import { createAffiliate } from "#app/auth/affiliate-account.server.ts";

/**
 * Admin › Users (product.md sections 2 and 5): the accounts, their role, whether they may sign
 * in, a password-reset link on request, and when they last signed in. Every change is made in
 * one transaction with its access-log row (`user.role`, `user.disable`, `user.enable`); the
 * reset link is queued by Better Auth itself (`user.reset-link`).
 */

export const USERS_PAGE_SIZE = 50;

/**
 * The role that counts, in SQL, as effectiveRole (app/auth/guards.server.ts) computes it: admin
 * for the verified owner of ADMIN_EMAIL, otherwise the stored role.
 */
function effectiveRoleSql(adminEmail: string | undefined): SQL<Role> {
  if (!adminEmail) return sql<Role>`${user.role}`;
  return sql<Role>`case when ${user.emailVerified} and lower(${user.email}) = ${adminEmail}
    then 'admin' else ${user.role} end`;
}

function isOwner(row: { email: string; emailVerified: boolean }, adminEmail: string | undefined) {
  return Boolean(adminEmail && row.emailVerified && row.email.toLowerCase() === adminEmail);
}

/** `%`, `_` and `\` typed into the search box are letters, not LIKE wildcards. */
function prefixPattern(search: string) {
  return `${search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

export interface UserListFilter {
  search?: string;
  role?: Role;
  /** 1-based. */
  page?: number;
  adminEmail?: string;
}

/**
 * One page of accounts, newest first, by the start of the name or e-mail and by the role that
 * counts. A back office has a few thousand accounts at most: offset pages and a total suffice.
 * The last sign-in comes from auth_events through its (user_id, created_at) index.
 */
export async function listUsers(db: Database, filter: UserListFilter) {
  const role = effectiveRoleSql(filter.adminEmail);
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = prefixPattern(search);
    conditions.push(
      or(sql`lower(${user.email}) like ${pattern}`, sql`lower(${user.name}) like ${pattern}`)!,
    );
  }
  if (filter.role) conditions.push(sql`${role} = ${filter.role}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  // Written out with its table names: inside a select list Drizzle leaves columns unqualified.
  const lastSignIn = sql<Date | string | null>`(
    select max(e.created_at) from auth_events e
    where e.user_id = "user".id and e.kind = 'sign-in')`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        role,
        storedRole: user.role,
        twoFactorEnabled: user.twoFactorEnabled,
        disabled: user.disabled,
        createdAt: user.createdAt,
        lastSignIn,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      twoFactorEnabled: Boolean(row.twoFactorEnabled),
      // ADMIN_EMAIL makes this account admin whatever its stored role: not changeable here.
      owner: isOwner(row, filter.adminEmail),
      createdAt: new Date(row.createdAt).toISOString(),
      lastSignIn: row.lastSignIn ? new Date(row.lastSignIn).toISOString() : null,
    })),
    total: total?.total ?? 0,
    page,
    pages: Math.max(1, Math.ceil((total?.total ?? 0) / USERS_PAGE_SIZE)),
  };
}

export type UserRow = Awaited<ReturnType<typeof listUsers>>["rows"][number];

export type UserChangeResult =
  | { outcome: "changed" }
  | { outcome: "unchanged" }
  | { outcome: "not-found" }
  /** An admin never demotes or disables herself (she would lock herself out mid-change). */
  | { outcome: "self" }
  /** Admin through ADMIN_EMAIL: a stored role would change nothing. */
  | { outcome: "owner" }
  /** The change would leave no one who can sign in as admin. */
  | { outcome: "last-admin" };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Whether some account other than `exceptId` would still be admin.
 *
 * What "the last admin" means here: an account is admin when its stored role is admin, or when
 * its verified address is ADMIN_EMAIL (effectiveRole, session.server.ts), whatever is stored.
 * A disabled account cannot sign in, so it does not count. A change that takes admin away from
 * someone (a new role, or disabling) is refused when no other enabled account is admin by either
 * rule. The ADMIN_EMAIL owner counts: while that variable names her she is admin on every
 * request. (If the operator later unsets ADMIN_EMAIL, `npm run user:create -- --role admin`
 * is the way back in; the guard cannot see the future configuration.)
 *
 * The admin rows are locked (FOR UPDATE), so two admins demoting each other at the same moment
 * cannot both pass: the second waits, re-reads, and finds herself the last one.
 */
async function anotherAdminRemains(tx: Transaction, exceptId: string, adminEmail?: string) {
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        eq(user.disabled, false),
        adminEmail
          ? or(
              eq(user.role, "admin"),
              and(eq(user.emailVerified, true), sql`lower(${user.email}) = ${adminEmail}`),
            )
          : eq(user.role, "admin"),
      ),
    )
    .for("update");
  return admins.some((admin) => admin.id !== exceptId);
}

async function lockedUser(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      disabled: user.disabled,
    })
    .from(user)
    .where(eq(user.id, id))
    .for("update");
  return row;
}

/**
 * Gives an account another role. An affiliate needs her affiliates row (a referral code): it is
 * made, or her old one reactivated; leaving the role suspends it, so her link stops crediting
 * applications to someone who no longer has a portal.
 */
export async function changeRole(
  db: Database,
  change: { userId: string; role: Role; actor: Actor; adminEmail?: string },
): Promise<UserChangeResult> {
  if (change.userId === change.actor.id) return { outcome: "self" };
  return db.transaction(async (tx) => {
    const target = await lockedUser(tx, change.userId);
    if (!target) return { outcome: "not-found" };
    if (isOwner(target, change.adminEmail)) return { outcome: "owner" };
    if (target.role === change.role) return { outcome: "unchanged" };
    if (
      target.role === "admin" &&
      !target.disabled &&
      !(await anotherAdminRemains(tx, target.id, change.adminEmail))
    ) {
      return { outcome: "last-admin" };
    }
    await tx
      .update(user)
      .set({ role: change.role, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    let affiliate: "created" | "reactivated" | "suspended" | undefined;
    if (change.role === "affiliate") {
      const [existing] = await tx
        .select({ id: affiliates.id })
        .from(affiliates)
        .where(eq(affiliates.userId, target.id));
      if (existing) {
        await tx.update(affiliates).set({ status: "active" }).where(eq(affiliates.id, existing.id));
        affiliate = "reactivated";
      } else {
        await createAffiliate(tx, { userId: target.id, promotion: "" });
        affiliate = "created";
      }
    } else if (target.role === "affiliate") {
      const suspended = await tx
        .update(affiliates)
        .set({ status: "suspended" })
        .where(and(eq(affiliates.userId, target.id), ne(affiliates.status, "suspended")))
        .returning({ id: affiliates.id });
      if (suspended.length) affiliate = "suspended";
    }
    await recordAccess(tx, "user.role", {
      actor: change.actor,
      subject: `user:${target.id}`,
      details: { from: target.role, to: change.role, ...(affiliate ? { affiliate } : {}) },
    });
    return { outcome: "changed" };
  });
}

/**
 * Disables an account (it can no longer sign in: auth.server.ts refuses to create its sessions)
 * and ends every session it has, so she is signed out at once; or enables it again.
 */
export async function setDisabled(
  db: Database,
  change: { userId: string; disabled: boolean; actor: Actor; adminEmail?: string },
): Promise<UserChangeResult> {
  if (change.disabled && change.userId === change.actor.id) return { outcome: "self" };
  return db.transaction(async (tx) => {
    const target = await lockedUser(tx, change.userId);
    if (!target) return { outcome: "not-found" };
    if (target.disabled === change.disabled) return { outcome: "unchanged" };
    const isAdmin = target.role === "admin" || isOwner(target, change.adminEmail);
    if (
      change.disabled &&
      isAdmin &&
      !(await anotherAdminRemains(tx, target.id, change.adminEmail))
    ) {
      return { outcome: "last-admin" };
    }
    await tx
      .update(user)
      .set({ disabled: change.disabled, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    const ended = change.disabled
      ? (
          await tx
            .delete(session)
            .where(eq(session.userId, target.id))
            .returning({ id: session.id })
        ).length
      : 0;
    await recordAccess(tx, change.disabled ? "user.disable" : "user.enable", {
      actor: change.actor,
      subject: `user:${target.id}`,
      details: change.disabled ? { sessionsEnded: ended } : {},
    });
    return { outcome: "changed" };
  });
}

/**
 * Mails her a password-reset link, exactly as /forgot-password does: Better Auth makes the token
 * and its sendResetPassword queues the mail in her language (auth.server.ts). Better Auth writes
 * through its own connection, so the access-log row follows once the mail is queued; a failure
 * before that logs nothing and reaches the admin as an error.
 */
export async function sendResetLink(
  db: Database,
  auth: Auth,
  change: { userId: string; actor: Actor },
): Promise<UserChangeResult> {
  const [target] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, change.userId));
  if (!target) return { outcome: "not-found" };
  await auth.api.requestPasswordReset({ body: { email: target.email } });
  await recordAccess(db, "user.reset-link", {
    actor: change.actor,
    subject: `user:${target.id}`,
    details: {},
  });
  return { outcome: "changed" };
}
