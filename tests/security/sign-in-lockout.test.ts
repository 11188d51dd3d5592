import { randomBytes } from "node:crypto";
import { inArray, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { rateLimits, user } from "#app/db/schema.server.ts";
import * as login from "#app/routes/_auth/login.tsx";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Locking the owner out (issue 13): the sign-in limit counted wrong passwords per account from
 * anywhere, so a stranger who typed the admin's address with any password ten times every
 * quarter of an hour kept her out for good. And every IPv6 address counted on its own, so one
 * machine choosing new addresses in its /64 was never limited. Performed as the attacks.
 */

const PASSWORD = "a-long-admin-password-1";

describe.each(routeTestTargets)("sign-in lockout on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  // The /64s of this run: 2001:db8:<marker>:<n>.
  const net = (n: number) => `2001:db8:${marker.slice(0, 4)}:${n.toString(16)}`;
  const adminEmail = email("dona");
  const adminIp = `${net(1)}::1`;
  const strangerIp = `${net(2)}::bad`;

  const signIn = (address: string, password: string, ip: string) =>
    callRoute(
      login.action,
      new Request(`${TEST_ORIGIN}/login`, {
        method: "POST",
        body: new URLSearchParams({ email: address, password }),
        headers: { origin: TEST_ORIGIN, "x-client-ip": ip },
      }),
    );

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    await signedInAccount({
      email: adminEmail,
      name: "Dona",
      role: "admin",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip: adminIp,
    });
  }, paced(60_000));

  afterAll(async () => {
    const database = await getDatabase();
    const ids = (
      await database
        .select({ id: user.id })
        .from(user)
        .where(like(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (ids.length) await database.delete(user).where(inArray(user.id, ids));
    await database
      .delete(rateLimits)
      .where(
        or(
          like(rateLimits.key, `%.${marker}@%`),
          like(rateLimits.key, `%2001:0db8:${marker.slice(0, 4)}:%`),
        ),
      );
    await closeAppDatabase();
  });

  it("a stranger failing 50 times on the admin's address does not keep her out", async () => {
    const answers = [];
    for (let i = 0; i < 50; i++) {
      answers.push((await signIn(adminEmail, `guess-${i}`, strangerIp)).status);
    }
    // Ten wrong passwords from his address, then he is limited…
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(answers.slice(10))).toEqual(new Set([429]));
    // …and so is the right password from there: a limit is no way to test passwords.
    expect((await signIn(adminEmail, PASSWORD, strangerIp)).status).toBe(429);
    // She, from her own address, signs in at once.
    expect(await signIn(adminEmail, PASSWORD, adminIp)).toMatchObject({
      status: 302,
      location: "/admin/dashboard",
    });
  });

  it("her own sign-ins do not use up the budget of wrong passwords", async () => {
    const address = email("regular");
    const ip = `${net(3)}::1`;
    await signedInAccount({
      email: address,
      name: "Bia",
      role: "model",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip,
    });
    for (let i = 0; i < 15; i++) {
      expect((await signIn(address, PASSWORD, ip)).status, `sign-in #${i + 1}`).toBe(302);
    }
  });

  it("addresses chosen anew within one IPv6 /64 are one address", async () => {
    // One machine, a new address of its /64 for every try, a different account each time:
    // 30 tries per address in ten minutes, whatever the account.
    const answers = [];
    for (let i = 0; i < 31; i++) {
      const ip = `${net(4)}:${(i + 1).toString(16)}:0:0:${randomBytes(2).toString("hex")}`;
      answers.push((await signIn(email(`target-${i}`), "guess", ip)).status);
    }
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(answers[30]).toBe(429);
  });

  it(
    "a guess spread over many addresses meets the ceiling per account, but not her usual address",
    async () => {
      const address = email("spread");
      const home = `${net(5)}::1`;
      await signedInAccount({
        email: address,
        name: "Lia",
        role: "model",
        password: PASSWORD,
        origin: TEST_ORIGIN,
        ip: home,
      });
      // Where she signs in: her usual address from now on.
      expect((await signIn(address, PASSWORD, home)).status).toBe(302);
      // 100 wrong passwords, each from another /64…
      for (let i = 0; i < 100; i++) {
        expect((await signIn(address, `guess-${i}`, `${net(0x100 + i)}::1`)).status).toBe(401);
      }
      // …then the account is limited from any new address, even with the right password…
      expect((await signIn(address, PASSWORD, `${net(0x200)}::1`)).status).toBe(429);
      // …but not from the address where she signed in.
      expect((await signIn(address, PASSWORD, home)).status).toBe(302);
    },
    paced(60_000),
  );
});
