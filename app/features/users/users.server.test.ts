import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, like, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthFor, type Auth } from "#app/auth/auth.server.ts";
import type { Database, DatabaseHandle } from "#app/db/db.server.ts";
import { TEST_ORIGIN, testServerEnv } from "#app/test/app-database.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import {
  accessLog,
  affiliates,
  authEvents,
  outbox,
  session,
  user,
  type Role,
} from "#app/db/schema.server.ts";
import { changeRole, listUsers, sendResetLink, setDisabled } from "./users.server.ts";
import { paced } from "#app/test/pace.ts";

const PASSWORD = "uma-senha-bem-comprida";
const headers = () => new Headers({ origin: TEST_ORIGIN, "x-client-ip": "198.51.100.9" });

describe.each(databaseTargets)("admin › users on %s", (_name, kind) => {
  let database: DatabaseHandle;
  let auth: Auth;
  const marker = `users-${randomUUID().slice(0, 8)}`;
  const email = (name: string) => `${name}.${marker}@example.com`;
  /** An account made directly in the table (no password): enough for role changes. */
  async function account(
    name: string,
    role: Role = "model",
    extra: Partial<typeof user.$inferInsert> = {},
  ) {
    return insertAccount(database.db, {
      id: `${name}-${marker}`,
      name: `${name[0]!.toUpperCase()}${name.slice(1)} Lima`,
      email: email(name),
      emailVerified: true,
      role,
      ...extra,
    });
  }

  /** An account that can sign in with a password, through Better Auth. */
  async function signInAccount(name: string) {
    const address = email(name);
    const { user: created } = await auth.api.signUpEmail({
      body: { name: "Rita Alves", email: address, password: PASSWORD, language: "de" },
      headers: headers(),
    });
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
    return { id: created.id, address };
  }

  /**
   * Runs `check` where the only enabled admins are `admins` (the shared PostgreSQL test database
   * may hold other runs' admins): inside a transaction that is rolled back afterwards, so no one
   * else ever sees those accounts disabled. The functions under test nest as savepoints.
   */
  async function withOnlyAdmins(admins: string[], check: (db: Database) => Promise<void>) {
    const rollback = new Error("rollback");
    await database.db
      .transaction(async (tx) => {
        await tx
          .update(user)
          .set({ disabled: true })
          .where(and(eq(user.role, "admin"), notInArray(user.id, admins)));
        await check(tx);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
  }

  const logOf = (id: string) =>
    database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.subject, `user:${id}`))
      .orderBy(desc(accessLog.id));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    auth = createAuthFor(database.db, testServerEnv());
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(accessLog).where(like(accessLog.subject, `user:%${marker}%`));
    const ids = (
      await database.db
        .select({ id: user.id })
        .from(user)
        .where(like(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (ids.length) {
      await database.db.delete(accessLog).where(inArray(accessLog.actorId, ids));
      await database.db.delete(authEvents).where(inArray(authEvents.userId, ids));
      await database.db.delete(user).where(inArray(user.id, ids));
    }
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.close();
  });

  it("changes a role in one go with its access-log row", async () => {
    const admin = await account("ana", "admin");
    const target = await account("bia");
    const result = await changeRole(database.db, {
      userId: target,
      role: "approver",
      actor: { id: admin, ip: "203.0.113.7" },
    });
    expect(result).toEqual({ outcome: "changed" });
    const [row] = await database.db.select().from(user).where(eq(user.id, target));
    expect(row!.role).toBe("approver");
    expect(await logOf(target)).toMatchObject([
      {
        actorId: admin,
        action: "user.role",
        details: { from: "model", to: "approver" },
        ip: "203.0.113.7",
      },
    ]);
    // The same role again changes and logs nothing.
    expect(
      await changeRole(database.db, { userId: target, role: "approver", actor: { id: admin } }),
    ).toEqual({ outcome: "unchanged" });
    expect(await logOf(target)).toHaveLength(1);
  });

  it("an admin cannot demote herself", async () => {
    const admin = await account("carla", "admin");
    await account("dora", "admin");
    expect(
      await changeRole(database.db, { userId: admin, role: "model", actor: { id: admin } }),
    ).toEqual({ outcome: "self" });
    expect(
      await setDisabled(database.db, { userId: admin, disabled: true, actor: { id: admin } }),
    ).toEqual({ outcome: "self" });
    const [row] = await database.db.select().from(user).where(eq(user.id, admin));
    expect(row).toMatchObject({ role: "admin", disabled: false });
  });

  it("the last admin cannot be demoted or disabled; a disabled admin does not count", async () => {
    const first = await account("elis", "admin");
    const second = await account("fabi", "admin");
    await account("gabi", "admin", { disabled: true });
    const approver = await account("hana", "approver");
    await withOnlyAdmins([first, second], async (db) => {
      // One admin demotes the other: allowed, one remains.
      expect(await changeRole(db, { userId: second, role: "model", actor: { id: first } })).toEqual(
        { outcome: "changed" },
      );
      // Now `first` is the only enabled admin (gabi is disabled): no one demotes or disables her.
      // (The actor is an approver's id: refusing approvers is the route's guard.)
      expect(
        await changeRole(db, { userId: first, role: "approver", actor: { id: approver } }),
      ).toEqual({ outcome: "last-admin" });
      expect(
        await setDisabled(db, { userId: first, disabled: true, actor: { id: approver } }),
      ).toEqual({ outcome: "last-admin" });
      const log = await db
        .select()
        .from(accessLog)
        .where(eq(accessLog.subject, `user:${first}`));
      expect(log).toEqual([]);
    });
  });

  it("the verified owner of ADMIN_EMAIL counts as an admin, and her stored role is not changed here", async () => {
    const ownerAddress = email("owner");
    const owner = await account("owner", "model");
    const admin = await account("iris", "admin");
    const actor = await account("jade", "approver");
    await withOnlyAdmins([admin], async (db) => {
      // Without ADMIN_EMAIL, iris is the last admin.
      expect(await changeRole(db, { userId: admin, role: "model", actor: { id: actor } })).toEqual({
        outcome: "last-admin",
      });
      // With it, the owner remains: iris may go.
      expect(
        await changeRole(db, {
          userId: admin,
          role: "model",
          actor: { id: actor },
          adminEmail: ownerAddress,
        }),
      ).toEqual({ outcome: "changed" });
      expect(
        await changeRole(db, {
          userId: owner,
          role: "approver",
          actor: { id: actor },
          adminEmail: ownerAddress,
        }),
      ).toEqual({ outcome: "owner" });
      // The owner is now the last admin: she cannot be disabled.
      expect(
        await setDisabled(db, {
          userId: owner,
          disabled: true,
          actor: { id: actor },
          adminEmail: ownerAddress,
        }),
      ).toEqual({ outcome: "last-admin" });
    });
    const listed = await listUsers(database.db, { search: "owner.", adminEmail: ownerAddress });
    expect(listed.rows).toMatchObject([
      { id: owner, role: "admin", storedRole: "model", owner: true },
    ]);
    const admins = await listUsers(database.db, {
      search: "owner.",
      role: "admin",
      adminEmail: ownerAddress,
    });
    expect(admins.total).toBe(1);
  });

  it("making someone an affiliate gives her a referral code; leaving the role suspends it", async () => {
    const admin = await account("kika", "admin");
    const target = await account("lara");
    expect(
      await changeRole(database.db, { userId: target, role: "affiliate", actor: { id: admin } }),
    ).toEqual({ outcome: "changed" });
    const [row] = await database.db.select().from(affiliates).where(eq(affiliates.userId, target));
    expect(row).toMatchObject({
      status: "active",
      referralCode: expect.stringMatching(/^[A-Z2-9]{7}$/),
    });
    await changeRole(database.db, { userId: target, role: "model", actor: { id: admin } });
    const [after] = await database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.userId, target));
    expect(after).toMatchObject({ status: "suspended", referralCode: row!.referralCode });
    await changeRole(database.db, { userId: target, role: "affiliate", actor: { id: admin } });
    const [again] = await database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.userId, target));
    expect(again).toMatchObject({ status: "active", referralCode: row!.referralCode });
    expect((await logOf(target)).map((entry) => entry.details)).toEqual([
      { from: "model", to: "affiliate", affiliate: "reactivated" },
      { from: "affiliate", to: "model", affiliate: "suspended" },
      { from: "model", to: "affiliate", affiliate: "created" },
    ]);
  });

  it("disabling ends her sessions and refuses her next sign-in; enabling lets her in again", async () => {
    const admin = await account("mara", "admin");
    const { id, address } = await signInAccount("nina");
    const first = await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: headers(),
      returnHeaders: true,
    });
    const cookie = first.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();

    expect(
      await setDisabled(database.db, {
        userId: id,
        disabled: true,
        actor: { id: admin, ip: "::1" },
      }),
    ).toEqual({ outcome: "changed" });
    expect(await database.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    await expect(
      auth.api.signInEmail({ body: { email: address, password: PASSWORD }, headers: headers() }),
    ).rejects.toMatchObject({ status: "FORBIDDEN" });
    expect(await logOf(id)).toMatchObject([
      { action: "user.disable", actorId: admin, details: { sessionsEnded: 1 }, ip: "::1" },
    ]);

    expect(
      await setDisabled(database.db, { userId: id, disabled: false, actor: { id: admin } }),
    ).toEqual({ outcome: "changed" });
    const again = await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: headers(),
    });
    expect(again.token).toBeTruthy();
    expect((await logOf(id))[0]).toMatchObject({ action: "user.enable" });
  });

  it("a reset link is queued in her language with a token that sets a new password", async () => {
    const admin = await account("olga", "admin");
    const { id, address } = await signInAccount("paula");
    expect(await sendResetLink(database.db, auth, { userId: id, actor: { id: admin } })).toEqual({
      outcome: "changed",
    });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, address), eq(outbox.kind, "reset")));
    expect(mail).toMatchObject({ language: "de", status: "queued" });
    const token = /access_token=([^\s"&<]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    await auth.api.resetPassword({
      body: { token: decodeURIComponent(token!), newPassword: "nova-senha-muito-longa" },
      headers: headers(),
    });
    const signedIn = await auth.api.signInEmail({
      body: { email: address, password: "nova-senha-muito-longa" },
      headers: headers(),
    });
    expect(signedIn.token).toBeTruthy();
    expect(await logOf(id)).toMatchObject([{ action: "user.reset-link", actorId: admin }]);
    expect(
      await sendResetLink(database.db, auth, { userId: "nobody", actor: { id: admin } }),
    ).toEqual({ outcome: "not-found" });
  });

  it("lists by the start of a name or e-mail and by role, with the last sign-in", async () => {
    const { id, address } = await signInAccount("quele");
    await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: headers(),
    });
    const found = await listUsers(database.db, { search: `QUELE.${marker}` });
    expect(found.rows).toMatchObject([
      { id, email: address, role: "model", disabled: false, twoFactorEnabled: false },
    ]);
    expect(found.rows[0]!.lastSignIn).not.toBeNull();
    expect(
      (await listUsers(database.db, { search: `quele.${marker}`, role: "admin" })).rows,
    ).toEqual([]);
    // LIKE's wildcards are letters in the search box.
    expect((await listUsers(database.db, { search: `%${marker}` })).rows).toEqual([]);
  });
});
