import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totp } from "../../tests/e2e/accounts.ts";
import { getDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  testServerEnv,
} from "#app/test/app-database.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { enableAuthenticator } from "#app/test/two-factor.server.ts";
import { authEvents, outbox, user } from "#app/db/schema.server.ts";
import { createAuthFor, type Auth } from "./auth.server.ts";
import { accountLimit } from "./limits.server.ts";
import { paced } from "#app/test/pace.ts";

const PASSWORD = "senha-para-os-eventos";
const headers = (cookie?: string) =>
  new Headers({
    origin: TEST_ORIGIN,
    "x-client-ip": "198.51.100.11",
    ...(cookie ? { cookie } : {}),
  });
const cookieOf = (answer: { headers: Headers }) =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

describe.each(databaseTargets)("auth events on %s", (_name, kind) => {
  let database: DatabaseHandle;
  let auth: Auth;
  const marker = `events-${randomUUID().slice(0, 8)}`;
  const email = (name: string) => `${name}.${marker}@example.com`;
  const started = new Date(Date.now() - 1000);

  const eventsOf = (userId: string) =>
    database.db
      .select({ kind: authEvents.kind, method: authEvents.method })
      .from(authEvents)
      .where(eq(authEvents.userId, userId))
      .orderBy(desc(authEvents.id));

  async function verifiedAccount(name: string) {
    const address = email(name);
    const { user: created } = await auth.api.signUpEmail({
      body: { name: "Sara Luz", email: address, password: PASSWORD },
      headers: headers(),
    });
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
    return { id: created.id, address };
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    auth = createAuthFor(database.db, testServerEnv());
  }, paced(60_000));
  afterAll(async () => {
    const ids = (
      await database.db
        .select({ id: user.id })
        .from(user)
        .where(like(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (ids.length) {
      await database.db.delete(authEvents).where(inArray(authEvents.userId, ids));
      await database.db.delete(user).where(inArray(user.id, ids));
    }
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.close();
  });

  it("records a sign-up, a password sign-in and a failed one (wrong password, disabled)", async () => {
    const { id, address } = await verifiedAccount("ana");
    expect(await eventsOf(id)).toEqual([{ kind: "sign-up", method: "password" }]);
    await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: headers(),
    });
    await expect(
      auth.api.signInEmail({
        body: { email: address, password: "not-her-password" },
        headers: headers(),
      }),
    ).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    await database.db.update(user).set({ disabled: true }).where(eq(user.id, id));
    await expect(
      auth.api.signInEmail({ body: { email: address, password: PASSWORD }, headers: headers() }),
    ).rejects.toMatchObject({ status: "FORBIDDEN" });
    expect(await eventsOf(id)).toEqual([
      { kind: "sign-in-failed", method: "password" },
      { kind: "sign-in-failed", method: "password" },
      { kind: "sign-in", method: "password" },
      { kind: "sign-up", method: "password" },
    ]);
  });

  it("an unknown address fails without an account", async () => {
    await expect(
      auth.api.signInEmail({
        body: { email: email("nobody"), password: PASSWORD },
        headers: headers(),
      }),
    ).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    const failures = await database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.kind, "sign-in-failed"), gte(authEvents.createdAt, started)));
    expect(failures.some((row) => row.userId === null)).toBe(true);
  });

  it("with two-step sign-in, the password alone is not a sign-in; the app's code is", async () => {
    const { id, address } = await verifiedAccount("bia");
    const first = await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: headers(),
      returnHeaders: true,
    });
    const secret = await enableAuthenticator({
      cookie: cookieOf(first),
      password: PASSWORD,
      origin: TEST_ORIGIN,
      auth,
    });
    const before = (await eventsOf(id)).length;

    const password = await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: headers(),
      returnHeaders: true,
    });
    expect(password.response).toMatchObject({ twoFactorRedirect: true });
    expect((await eventsOf(id)).length).toBe(before);

    const pending = cookieOf(password);
    await expect(
      auth.api.verifyTOTP({ body: { code: "000000" }, headers: headers(pending) }),
    ).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    await auth.api.verifyTOTP({ body: { code: totp(secret) }, headers: headers(pending) });
    const [last, failed] = await eventsOf(id);
    expect(last).toEqual({ kind: "sign-in", method: "two-factor" });
    expect(failed).toEqual({ kind: "sign-in-failed", method: "two-factor" });
  });
});

describe("rate-limit refusals", () => {
  beforeAll(() => openAppDatabase("pglite"));
  afterAll(closeAppDatabase);

  it("are recorded with the form that was refused", async () => {
    const request = new Request(`${TEST_ORIGIN}/forgot-password`, {
      headers: { "x-client-ip": "198.51.100.12" },
    });
    const address = `limited.${randomUUID().slice(0, 8)}@example.com`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await accountLimit(request, "reset", address));
    expect(answers.filter((minutes) => minutes !== null)).toHaveLength(1);
    const db = await getDatabase();
    const rows = await db
      .select({ method: authEvents.method })
      .from(authEvents)
      .where(eq(authEvents.kind, "rate-limited"));
    expect(rows).toEqual([{ method: "reset" }]);
  });
});
