import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentUser } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { authEvents, session } from "#app/db/schema.server.ts";
import * as continueRoute from "#app/routes/_auth/continue.ts";
import * as google from "#app/routes/_auth/google.ts";
import * as adminDashboard from "#app/routes/admin/dashboard.tsx";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { followGoogleSignIn, useLocalGoogle } from "#app/test/google.ts";
import { browserRequests, callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { accountWithAuthenticator, codeStep } from "#app/test/two-factor.server.ts";
import { totp } from "../e2e/accounts.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Google sign-in skipped two-step sign-in (issue 13, finding 2): an admin with an authenticator
 * app was asked for her code after her password, but Better Auth's two-factor hook covers only
 * the password endpoints, so whoever held her Google account (a phished or shared Google login)
 * was in the back office with no code. Performed here through a local OpenID Connect server, as
 * the browser does it: the session cookie the callback used to set opened /admin directly.
 */

const PASSWORD = "maré-talent-2026!";

describe.each(routeTestTargets)("Google and two-step sign-in on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  // First, so that the local Google set up next comes on top of the server's settings.
  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
  }, paced(60_000));

  afterAll(closeAppDatabase);

  const localGoogle = useLocalGoogle();
  let ipCount = 0;
  const newIp = () => `203.0.113.${++ipCount % 250}`;

  const request = browserRequests(TEST_ORIGIN, { ip: newIp });

  /** An admin with an authenticator app, whose Google account is the same address. */
  async function adminWithAuthenticator(name: string) {
    const address = email(name);
    const { id, secret } = await accountWithAuthenticator({
      email: address,
      name: "Dona Maré",
      role: "admin",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip: newIp(),
    });
    return { id, address, secret };
  }

  /** "Continue with Google", the provider, and back: what the browser holds afterwards. */
  async function googleSignIn(redirect?: string) {
    const start = await callRoute(
      google.action,
      request("/auth/google", { form: { role: "model", ...(redirect ? { redirect } : {}) } }),
    );
    return followGoogleSignIn(start, (path, cookie) => request(path, { cookie }));
  }

  it("Google alone opens nothing: the browser is sent to the code, with no session", async () => {
    const admin = await adminWithAuthenticator("dona");
    localGoogle.signInAs({ sub: `g-${marker}-1`, email: admin.address, name: "Dona Maré" });
    const database = await getDatabase();
    const before = await database.select().from(session).where(eq(session.userId, admin.id));

    const { answer, jar } = await googleSignIn("/admin/cadastros");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/login/two-factor?redirect=${encodeURIComponent("/admin/cadastros")}`,
    );
    expect(jar.has("mare.session_token")).toBe(false);
    expect(jar.has("mare.two_factor")).toBe(true);
    // No new session exists for her on the server either.
    expect(await database.select().from(session).where(eq(session.userId, admin.id))).toHaveLength(
      before.length,
    );
    // Whatever the browser now holds opens no page of the back office.
    expect(await getCurrentUser(request("/admin/dashboard", { cookie: jar.header }))).toBeNull();
    const dashboard = await callRoute(
      adminDashboard.loader,
      request("/admin/dashboard", { cookie: jar.header }),
    );
    expect(dashboard.status).toBe(302);
    expect(dashboard.location).toMatch(/^\/login\?redirect=/);
    const continued = await callRoute(
      continueRoute.loader,
      request("/auth/continue", { cookie: jar.header }),
    );
    expect(continued.location).toBe("/login");

    // A wrong code is refused; hers finishes the sign-in, to the page she wanted.
    const wrong = await codeStep(request, jar, { code: "000000" });
    expect(wrong.status).toBe(400);
    const right = await codeStep(request, jar, {
      code: totp(admin.secret),
      redirect: "/admin/cadastros",
    });
    expect(right).toMatchObject({ status: 302, location: "/admin/cadastros" });
    jar.take(right.headers);
    expect(await getCurrentUser(request("/admin/dashboard", { cookie: jar.header }))).toMatchObject(
      {
        id: admin.id,
        role: "admin",
      },
    );
  });

  it("the auth report counts one Google step and then one sign-in, not a failure", async () => {
    const admin = await adminWithAuthenticator("report");
    localGoogle.signInAs({ sub: `g-${marker}-2`, email: admin.address, name: "Dona Maré" });
    const database = await getDatabase();
    const { jar } = await googleSignIn();
    const events = () =>
      database
        .select({ kind: authEvents.kind, method: authEvents.method })
        .from(authEvents)
        .where(eq(authEvents.userId, admin.id));
    expect((await events()).filter((row) => row.kind === "sign-in-failed")).toEqual([]);
    await codeStep(request, jar, { code: totp(admin.secret) });
    expect(await events()).toContainEqual({ kind: "sign-in", method: "two-factor" });
  });

  it("without two-step sign-in, Google signs her in as before", async () => {
    const address = email("plain");
    localGoogle.signInAs({ sub: `g-${marker}-3`, email: address, name: "Bia Lima" });
    const { answer, jar } = await googleSignIn();
    expect(new URL(answer.location!, TEST_ORIGIN).pathname).toBe("/auth/continue");
    expect(jar.has("mare.session_token")).toBe(true);
    expect(await getCurrentUser(request("/", { cookie: jar.header }))).toMatchObject({
      email: address,
    });
  });
});
