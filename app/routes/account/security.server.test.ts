import { randomBytes } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "#app/auth/auth.server.ts";
import { describeDevice } from "#app/auth/active-sessions.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { rateLimits, session, user } from "#app/db/schema.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import * as security from "./security.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The account's security page beyond two-step sign-in: changing the password (with the same
 * policy as sign-up, and optionally signing the other devices out) and the list of devices signed
 * in, with "sign out everywhere else". Real Better Auth sessions, on PGlite and PostgreSQL.
 */
const PASSWORD = "senha-antiga-mas-boa-2026";
const NEW_PASSWORD = "uma-senha-nova-e-longa-2026";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";

describe("describeDevice", () => {
  it("names the browser and system she would recognise", () => {
    expect(describeDevice(PHONE)).toEqual({ browser: "Chrome", system: "Android" });
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", system: "iOS" });
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      ),
    ).toEqual({ browser: "Edge", system: "Windows" });
    expect(describeDevice(null)).toEqual({ browser: null, system: null });
  });
});

describe.each(routeTestTargets)("the security page on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const address = `ana.${marker}@example.com`;
  let userId = "";
  let cookie = "";

  const request = (who: string | undefined, form?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}/account/security`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "accept-language": "en",
        "x-client-ip": "198.51.100.71",
        ...(who ? { cookie: who } : {}),
      },
    });

  /** Another device: a sign-in of its own, with a phone's User-Agent. */
  async function signInElsewhere(password = PASSWORD) {
    const answer = await (
      await getAuth()
    ).api.signInEmail({
      body: { email: address, password },
      headers: { origin: TEST_ORIGIN, "user-agent": PHONE, "x-client-ip": "198.51.100.72" },
      asResponse: true,
    });
    return answer.status;
  }
  const sessionCount = async () =>
    (await (await getDatabase()).select().from(session).where(eq(session.userId, userId))).length;

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    ({ id: userId, cookie } = await signedInAccount({
      email: address,
      name: "Ana Souza",
      role: "model",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip: "198.51.100.70",
    }));
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(user).where(inArray(user.id, [userId]));
    await db.delete(rateLimits).where(like(rateLimits.key, `%${marker}%`));
    await closeAppDatabase();
  });

  it("lists the devices signed in, this one marked, and signs the others out", async () => {
    expect(await signInElsewhere()).toBe(200);
    const page = await callRoute(security.loader, request(cookie));
    expect(page.status).toBe(200);
    const sessions = page.data!.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => !s.current)!.device).toEqual({
      browser: "Chrome",
      system: "Android",
    });

    const answer = await callRoute(security.action, request(cookie, { intent: "signOutOthers" }));
    expect(answer).toMatchObject({ status: 302, location: "/account/security?notice=signedOut" });
    expect(await sessionCount()).toBe(1);
    // This device is still signed in.
    expect((await callRoute(security.loader, request(cookie))).status).toBe(200);
  });

  it("changes the password with the sign-up policy, and signs the other devices out", async () => {
    const change = (form: Record<string, string>) =>
      callRoute(security.action, request(cookie, { intent: "password", ...form }));
    for (const [form, field, key] of [
      [
        { currentPassword: "", newPassword: NEW_PASSWORD },
        "currentPassword",
        "security.password.currentRequired",
      ],
      [
        { currentPassword: PASSWORD, newPassword: "short" },
        "newPassword",
        "auth.errors.passwordTooShort",
      ],
      [
        { currentPassword: PASSWORD, newPassword: "Password123" },
        "newPassword",
        "auth.errors.passwordCommon",
      ],
      [
        { currentPassword: "not-her-password", newPassword: NEW_PASSWORD },
        "currentPassword",
        "security.wrongPassword",
      ],
    ] as const) {
      expect(await change(form), JSON.stringify(form)).toMatchObject({
        status: 400,
        data: { form: "password", field, error: key },
      });
    }
    // Nothing changed: the old password still signs in.
    expect(await signInElsewhere()).toBe(200);
    expect(await sessionCount()).toBe(2);

    const answer = await change({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      signOutOthers: "on",
    });
    expect(answer).toMatchObject({ status: 302, location: "/account/security?notice=password" });
    // Her sessions were replaced by one new session, whose cookie comes with the answer.
    expect(await sessionCount()).toBe(1);
    expect(answer.headers.get("set-cookie")).toMatch(/session_token=/);
    expect(await signInElsewhere(PASSWORD)).not.toBe(200);
    expect(await signInElsewhere(NEW_PASSWORD)).toBe(200);
  });

  it("is for signed-in people only", async () => {
    expect((await callRoute(security.loader, request(undefined))).location).toMatch(/^\/login/);
    expect(
      (await callRoute(security.action, request(undefined, { intent: "signOutOthers" }))).location,
    ).toMatch(/^\/login/);
  });
});
