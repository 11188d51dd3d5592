import { randomBytes } from "node:crypto";
import { and, eq, inArray, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  affiliates,
  outbox,
  rateLimits,
  session,
  user,
  verification,
} from "#app/db/schema.server.ts";
import * as continueRoute from "#app/routes/_auth/continue.ts";
import * as forgotPassword from "#app/routes/_auth/forgot-password.tsx";
import * as google from "#app/routes/_auth/google.ts";
import * as login from "#app/routes/_auth/login.tsx";
import * as logout from "#app/routes/_auth/logout.ts";
import * as passwordReset from "#app/routes/_auth/password-reset.tsx";
import * as registerAffiliate from "#app/routes/_auth/register-affiliate.tsx";
import { resources } from "#app/i18n/resources.server.ts";
import * as authApi from "#app/routes/resources/auth-api.ts";
import { confirmVerificationLink } from "#app/test/verification-link.ts";
import { callRoute, outcomeOf } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { getAuth } from "./auth.server.ts";
import { effectiveRole, getCurrentUser, requireScreen } from "./guards.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { CookieJar } from "#app/test/cookie-jar.ts";
import { followGoogleSignIn, useLocalGoogle } from "#app/test/google.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Every account action through the route actions the browser posts to (and Better Auth's API
 * where no route exists), on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */

const PASSWORD = "maré-talent-2026!";
const NEW_PASSWORD = "outra-senha-bem-longa";

const english = resources.en as Record<string, Record<string, unknown>>;

describe.each(routeTestTargets)("account routes on %s", (_name, kind) => {
  // A shared test database keeps rows and counters between runs: this run's have their own
  // addresses (e-mail and IP), and are removed afterwards.
  const marker = randomBytes(4).toString("hex");
  // Each client its own IPv6 /64 (limits count a /64 as one address), all of them this run's.
  const ipPrefix = `2001:0db8:${marker.slice(0, 4)}:`;
  const email = (name: string) => `${name}.${marker}@example.com`;
  const adminEmail = email("owner");
  let ipCount = 0;
  const newIp = () => `${ipPrefix}${(++ipCount).toString(16)}::${marker.slice(4)}`;

  function request(
    path: string,
    {
      form,
      cookie,
      ip = newIp(),
      headers = {},
    }: { form?: Record<string, string>; cookie?: string; ip?: string; headers?: HeadersInit } = {},
  ) {
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": ip,
        ...(cookie ? { cookie } : {}),
        ...Object.fromEntries(new Headers(headers)),
      },
    });
  }

  const db = () => getDatabase();

  async function mails(to: string, kind: string) {
    return (await db())
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to), eq(outbox.kind, kind)))
      .orderBy(outbox.id);
  }

  async function lastLink(to: string, kind: "verification" | "reset") {
    const all = await mails(to, kind);
    const text = all.at(-1)?.text ?? "";
    const link = /https?:\/\/\S+/.exec(text)?.[0];
    if (!link) throw new Error(`no ${kind} link in a mail to ${to}`);
    return new URL(link);
  }

  async function userRow(address: string) {
    const [row] = await (await db()).select().from(user).where(eq(user.email, address));
    return row;
  }

  /** Follows the verification link of the last mail through /api/auth, as her browser does. */
  async function followVerificationLink(address: string, jar = new CookieJar()) {
    const link = await lastLink(address, "verification");
    const answer = await confirmVerificationLink(link, (path, form) =>
      request(path, { cookie: jar.header, form }),
    );
    jar.take(answer.headers);
    return { answer, jar };
  }

  /** Signs up through the affiliate form. */
  const signUpAffiliate = (address: string, fields: Record<string, string> = {}, ip = newIp()) =>
    callRoute(
      registerAffiliate.action,
      request("/register/affiliate?lang=es", {
        ip,
        form: {
          name: "Lia Costa",
          email: address,
          password: PASSWORD,
          promotion: "My Instagram about content creation, 12k followers.",
          ...fields,
        },
      }),
    );

  const signIn = (address: string, password: string, ip = newIp(), extra = {}) =>
    callRoute(
      login.action,
      request("/login", { ip, form: { email: address, password, ...extra } }),
    );

  /** A verified model account, made through Better Auth's sign-up and the mailed link. */
  async function verifiedAccount(name: string) {
    const address = email(name);
    const auth = await getAuth();
    const signedUp = await auth.api.signUpEmail({
      body: { name: "Bia Lima", email: address, password: PASSWORD },
      headers: { origin: TEST_ORIGIN, "x-client-ip": newIp() },
      asResponse: true,
    });
    // In the browser that signed up, as she would (elsewhere the password would not survive).
    await followVerificationLink(address, new CookieJar().take(signedUp.headers));
    return address;
  }

  const requestReset = (address: string, ip = newIp()) =>
    callRoute(forgotPassword.action, request("/forgot-password", { ip, form: { email: address } }));

  async function signedIn(address: string, password = PASSWORD) {
    const answer = await signIn(address, password);
    expect(answer.status).toBe(302);
    return new CookieJar().take(answer.headers);
  }

  beforeAll(async () => {
    await openAppDatabase(kind, {
      ...TEST_SERVER_SETTINGS,
      ADMIN_EMAIL: adminEmail.toUpperCase(),
    });
  }, paced(60_000));

  afterAll(async () => {
    const database = await db();
    const ids = (
      await database
        .select({ id: user.id })
        .from(user)
        .where(like(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (ids.length) {
      await database.delete(verification).where(inArray(verification.value, ids));
      await database.delete(user).where(inArray(user.id, ids));
    }
    await database.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database
      .delete(rateLimits)
      .where(or(like(rateLimits.key, `%.${marker}@%`), like(rateLimits.key, `%${ipPrefix}%`)));
    await closeAppDatabase();
  });

  describe("sign-up", () => {
    it("makes an affiliate with a referral code and her promotion, and mails a link in her language", async () => {
      const address = email("lia");
      const answer = await signUpAffiliate(address);
      expect(answer).toMatchObject({ status: 302, location: "/login?notice=check-email" });

      const created = await userRow(address);
      expect(created).toMatchObject({
        role: "affiliate",
        emailVerified: false,
        language: "es",
        name: "Lia Costa",
      });
      const [affiliate] = await (
        await db()
      )
        .select()
        .from(affiliates)
        .where(eq(affiliates.userId, created!.id));
      expect(affiliate).toMatchObject({
        promotion: "My Instagram about content creation, 12k followers.",
        status: "active",
      });
      expect(affiliate!.referralCode).toMatch(/^[A-HJKMNP-Z2-9]{7}$/);

      const [mail] = await mails(address, "verification");
      expect(mail).toMatchObject({ language: "es", status: "queued" });
      const link = await lastLink(address, "verification");
      // A page of the site, whose button confirms: the link alone changes nothing.
      expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/verify-email`);
      expect([...link.searchParams.keys()]).toEqual(["token", "lang"]);
      expect(link.searchParams.get("lang")).toBe("es");
    });

    it("answers an address that has an account as it answers a new one, and changes nothing", async () => {
      const address = email("twice");
      await signUpAffiliate(address);
      const before = await userRow(address);
      const again = await signUpAffiliate(address, {
        name: "Somebody Else",
        password: NEW_PASSWORD,
      });
      expect(again).toMatchObject({ status: 302, location: "/login?notice=check-email" });
      expect(await userRow(address)).toMatchObject({ id: before!.id, name: "Lia Costa" });
    });

    it("refuses invalid fields and weak passwords with the field's message, storing nothing", async () => {
      const address = email("weak");
      const invalid = await signUpAffiliate(address, { name: "L", email: "nope", promotion: "" });
      expect(invalid.status).toBe(400);
      expect(invalid.data).toMatchObject({
        fieldErrors: {
          name: "auth.errors.nameRequired",
          email: "auth.errors.emailInvalid",
          promotion: "auth.errors.promotionRequired",
        },
        values: { email: "nope" },
      });
      const short = await signUpAffiliate(address, { password: "short" });
      expect(short).toMatchObject({
        status: 400,
        data: { fieldErrors: { password: "auth.errors.passwordTooShort" } },
      });
      const common = await signUpAffiliate(address, { password: "Password123" });
      expect(common).toMatchObject({
        status: 400,
        data: { fieldErrors: { password: "auth.errors.passwordCommon" } },
      });
      expect(await userRow(address)).toBeUndefined();
      expect(await mails(address, "verification")).toEqual([]);
    });

    it("refuses a post from another site", async () => {
      const answer = await callRoute(
        registerAffiliate.action,
        request("/register/affiliate", {
          form: {
            name: "Lia",
            email: email("cross"),
            password: PASSWORD,
            promotion: "x".repeat(20),
          },
          headers: { origin: "https://evil.example" },
        }),
      );
      expect(answer).toMatchObject({ status: 403, data: { error: "validation.crossSite" } });
      expect(await userRow(email("cross"))).toBeUndefined();
    });
  });

  describe("verification", () => {
    it("the mailed link, in the browser that signed up, confirms the address, signs her in and lands her in her area", async () => {
      const address = email("verify");
      const signedUp = await signUpAffiliate(address);
      const { answer, jar } = await followVerificationLink(
        address,
        new CookieJar().take(signedUp.headers),
      );
      expect(answer.status).toBe(302);
      expect(
        new URL(answer.location!, TEST_ORIGIN).pathname +
          new URL(answer.location!, TEST_ORIGIN).search,
      ).toBe("/auth/continue?verified=1");
      expect(jar.has("mare.session_token")).toBe(true);
      expect(await userRow(address)).toMatchObject({ emailVerified: true });

      const next = await callRoute(
        continueRoute.loader,
        request("/auth/continue?verified=1", { cookie: jar.header }),
      );
      expect(next).toMatchObject({ status: 302, location: "/portal" });
    });

    it("a forged or damaged link signs nobody in and says so on /login", async () => {
      const address = email("forged");
      await signUpAffiliate(address);
      const link = await lastLink(address, "verification");
      link.searchParams.set("token", `${link.searchParams.get("token")}x`);
      const answer = await confirmVerificationLink(link, (path, form) => request(path, { form }));
      expect(answer.status).toBe(302);
      const landing = new URL(answer.location!, TEST_ORIGIN);
      expect(landing.pathname).toBe("/auth/continue");
      expect(landing.searchParams.get("error")).toBeTruthy();
      expect(new CookieJar().take(answer.headers).has("mare.session_token")).toBe(false);
      expect(await userRow(address)).toMatchObject({ emailVerified: false });

      const next = await callRoute(
        continueRoute.loader,
        request(`${landing.pathname}${landing.search}`),
      );
      expect(next).toMatchObject({ status: 302, location: "/login?notice=verify-failed" });
    });

    it("only the verification link and the OAuth callback of Better Auth's API are reachable", async () => {
      for (const [method, path] of [
        ["POST", "/api/auth/sign-up/email"],
        ["POST", "/api/auth/sign-in/email"],
        ["POST", "/api/auth/update-user"],
        ["POST", "/api/auth/reset-password"],
        ["POST", "/api/auth/request-password-reset"],
        ["GET", "/api/auth/get-session"],
        ["GET", "/api/auth/list-sessions"],
      ] as const) {
        const handler = method === "GET" ? authApi.loader : authApi.action;
        const answer = await callRoute(
          handler,
          request(path, method === "POST" ? { form: { role: "admin" } } : {}),
        );
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
    });
  });

  describe("sign-in", () => {
    it("refuses an unverified address and mails a fresh link", async () => {
      const address = email("unverified");
      await signUpAffiliate(address);
      expect(await mails(address, "verification")).toHaveLength(1);
      const answer = await signIn(address, PASSWORD);
      expect(answer).toMatchObject({ status: 403, data: { error: "auth.errors.notVerified" } });
      expect(new CookieJar().take(answer.headers).has("mare.session_token")).toBe(false);
      expect(await mails(address, "verification")).toHaveLength(2);
    });

    it("signs a verified account in to her area, or to the page she came from on this site", async () => {
      const address = await verifiedAccount("signin");
      const home = await signIn(address.toUpperCase(), PASSWORD);
      expect(home).toMatchObject({ status: 302, location: "/dashboard/model" });
      const jar = new CookieJar().take(home.headers);
      expect(await getCurrentUser(request("/", { cookie: jar.header }))).toMatchObject({
        email: address,
        role: "model",
      });

      const back = await signIn(address, PASSWORD, newIp(), { redirect: "/dashboard/model?tab=1" });
      expect(back.location).toBe("/dashboard/model?tab=1");
      for (const elsewhere of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
        const answer = await signIn(address, PASSWORD, newIp(), { redirect: elsewhere });
        expect(answer.location, elsewhere).toBe("/dashboard/model");
      }
    });

    it("gives a wrong password and an unknown address the same answer and status", async () => {
      const address = await verifiedAccount("same");
      const wrong = await signIn(address, "not-her-password");
      const unknown = await signIn(email("nobody"), "not-her-password");
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const { email: _wrongEmail, ...wrongAnswer } = wrong.data as Record<string, unknown>;
      const { email: _unknownEmail, ...unknownAnswer } = unknown.data as Record<string, unknown>;
      expect(wrongAnswer).toEqual({ error: "auth.errors.invalidCredentials" });
      expect(unknownAnswer).toEqual(wrongAnswer);
      expect([...wrong.headers.keys()]).toEqual([...unknown.headers.keys()]);
      // Malformed input gets the same message (and no hint of which field).
      const malformed = await signIn("not-an-address", "");
      expect(malformed).toMatchObject({
        status: 400,
        data: { error: "auth.errors.invalidCredentials" },
      });
    });

    it("refuses a disabled account with the same answer as a wrong password", async () => {
      const address = await verifiedAccount("disabled");
      await (await db()).update(user).set({ disabled: true }).where(eq(user.email, address));
      const answer = await signIn(address, PASSWORD);
      expect(answer).toMatchObject({
        status: 401,
        data: { error: "auth.errors.invalidCredentials" },
      });
    });

    it("logout ends the session on the server", async () => {
      const address = await verifiedAccount("logout");
      const jar = await signedIn(address);
      const answer = await callRoute(
        logout.action,
        request("/logout", { form: {}, cookie: jar.header }),
      );
      expect(answer).toMatchObject({ status: 302, location: "/" });
      expect(await getCurrentUser(request("/", { cookie: jar.header }))).toBeNull();
    });
  });

  describe("password reset", () => {
    async function resetToken(address: string) {
      const link = await lastLink(address, "reset");
      expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/password-reset`);
      expect(link.search).toBe("");
      expect(link.hash).toMatch(/^#access_token=[^&]+$/);
      return decodeURIComponent(link.hash.slice("#access_token=".length));
    }

    const choosePassword = (token: string, password = NEW_PASSWORD) =>
      callRoute(passwordReset.action, request("/password-reset", { form: { token, password } }));

    it("answers the same for an address with an account and one without, mailing only the first", async () => {
      const address = await verifiedAccount("forgot");
      const known = await requestReset(address);
      const unknown = await requestReset(email("stranger"));
      expect(known).toMatchObject({ status: 200, data: { status: "sent" } });
      expect(unknown).toEqual(known);
      expect(await mails(address, "reset")).toHaveLength(1);
      expect(await mails(email("stranger"), "reset")).toEqual([]);
      const invalid = await requestReset("nope");
      expect(invalid).toMatchObject({ status: 400, data: { error: "auth.errors.emailInvalid" } });
    });

    it("the link's token sets a new password once, and the old password stops working", async () => {
      const address = await verifiedAccount("reset");
      await requestReset(address);
      const token = await resetToken(address);

      const common = await choosePassword(token, "Password123");
      expect(common).toMatchObject({
        status: 400,
        data: { error: "auth.errors.passwordCommon", field: "password" },
      });
      const done = await choosePassword(token);
      expect(done).toMatchObject({ status: 302, location: "/login?notice=reset" });
      expect((await signIn(address, PASSWORD)).status).toBe(401);
      expect((await signIn(address, NEW_PASSWORD)).status).toBe(302);

      const again = await choosePassword(token, "yet-another-long-one");
      expect(again).toMatchObject({ status: 400, data: { error: "auth.errors.resetLinkInvalid" } });
      expect((await signIn(address, NEW_PASSWORD)).status).toBe(302);

      const missing = await choosePassword("");
      expect(missing).toMatchObject({
        status: 400,
        data: { error: "auth.errors.resetLinkInvalid" },
      });
    });

    it("the link expires after one hour", async () => {
      const address = await verifiedAccount("expiry");
      await requestReset(address);
      const token = await resetToken(address);
      const database = await db();
      const identifier = `reset-password:${token}`;
      const [row] = await database
        .select()
        .from(verification)
        .where(eq(verification.identifier, identifier));
      const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(lifetime).toBeGreaterThan(3600_000 - 5_000);
      expect(lifetime).toBeLessThanOrEqual(3600_000 + 5_000);

      // An hour later, as the clock sees it:
      await database
        .update(verification)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verification.identifier, identifier));
      const late = await choosePassword(token);
      expect(late).toMatchObject({ status: 400, data: { error: "auth.errors.resetLinkInvalid" } });
      expect((await signIn(address, PASSWORD)).status).toBe(302);
    });

    it("a reset ends her other sessions", async () => {
      const address = await verifiedAccount("sessions");
      const phone = await signedIn(address);
      const laptop = await signedIn(address);
      const { id } = (await userRow(address))!;
      const database = await db();
      // The verification link's own session, and two sign-ins.
      expect(await database.select().from(session).where(eq(session.userId, id))).toHaveLength(3);

      await requestReset(address);
      expect((await choosePassword(await resetToken(address))).status).toBe(302);
      expect(await database.select().from(session).where(eq(session.userId, id))).toEqual([]);
      for (const jar of [phone, laptop]) {
        expect(await getCurrentUser(request("/", { cookie: jar.header }))).toBeNull();
      }
    });
  });

  describe("rate limits", () => {
    it("the message of a limit is a translated string that names the minutes", () => {
      expect(english.validation?.tooManyRequests).toContain("{{minutes}}");
    });

    it("sign-in: the limit of wrong passwords per account and address counts unknown addresses too, so it reveals nothing", async () => {
      const known = await verifiedAccount("limited");
      const unknown = email("limited-unknown");
      // Each from its own address (a stranger elsewhere limits only himself: the attack test is
      // tests/security/sign-in-lockout.test.ts).
      const from = { [known]: newIp(), [unknown]: newIp() };
      for (const address of [known, unknown]) {
        // Ten tries: each refused as a wrong password, none limited.
        for (let i = 0; i < 10; i++) {
          expect(
            (await signIn(address, `wrong-password-${i}`, from[address])).status,
            `${address} #${i}`,
          ).toBe(401);
        }
      }
      const knownLimited = await signIn(known, PASSWORD, from[known]);
      const unknownLimited = await signIn(unknown, PASSWORD, from[unknown]);
      for (const answer of [knownLimited, unknownLimited]) {
        expect(answer.status).toBe(429);
        expect(answer.data).toMatchObject({
          error: "validation.tooManyRequests",
          params: { minutes: 15 },
        });
        expect(answer.headers.get("retry-after")).toBe("900");
      }
      // Limited even with the right password: a limit is not a way to test passwords.
      expect(knownLimited.headers.getSetCookie()).toEqual([]);
    });

    it("forgot-password: limited per address of the account (existing or not) and per IP", async () => {
      const known = await verifiedAccount("reset-limit");
      const unknown = email("reset-limit-unknown");
      for (const address of [known, unknown]) {
        for (let i = 0; i < 3; i++) {
          expect((await requestReset(address)).data).toEqual({ status: "sent" });
        }
      }
      const knownLimited = await requestReset(known);
      const unknownLimited = await requestReset(unknown);
      expect(knownLimited.status).toBe(429);
      expect(knownLimited.data).toMatchObject({ status: "limited", minutes: 60 });
      expect(unknownLimited).toMatchObject({
        status: 429,
        data: { status: "limited", minutes: 60 },
      });
      expect(await mails(known, "reset")).toHaveLength(3);

      // Ten from one connection, to ten addresses; the eleventh is refused.
      const ip = newIp();
      for (let i = 0; i < 10; i++) {
        expect((await requestReset(email(`ip-${i}`), ip)).status).toBe(200);
      }
      const limited = await requestReset(email("ip-11"), ip);
      expect(limited).toMatchObject({ status: 429, data: { status: "limited" } });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3500);
    });

    it("sign-up: limited per address, with the translated key", async () => {
      const address = email("signup-limit");
      for (let i = 0; i < 5; i++) {
        expect((await signUpAffiliate(address)).location).toBe("/login?notice=check-email");
      }
      const limited = await signUpAffiliate(address);
      expect(limited).toMatchObject({
        status: 429,
        data: { error: "validation.tooManyRequests", params: { minutes: 60 } },
      });
      expect(limited.headers.get("retry-after")).toBe("3600");
    });
  });

  describe("roles", () => {
    it("no sign-up body can ask to be admin, approver or editor", async () => {
      const auth = await getAuth();
      for (const role of ["admin", "approver", "editor", "ADMIN"]) {
        await expect(
          auth.api.signUpEmail({
            body: { name: "Eva", email: email(`eva-${role}`), password: PASSWORD, role },
            headers: { origin: TEST_ORIGIN, "x-client-ip": newIp() },
          }),
        ).rejects.toMatchObject({ status: "BAD_REQUEST" });
        expect(await userRow(email(`eva-${role}`))).toBeUndefined();
      }
      // The affiliate form sets its own role, whatever else is posted.
      const address = email("form-admin");
      await signUpAffiliate(address, { role: "admin" });
      expect(await userRow(address)).toMatchObject({ role: "affiliate" });
    });

    it("effectiveRole: the verified owner of ADMIN_EMAIL is admin, an unverified one is not", () => {
      const owner = { email: adminEmail, role: "model" };
      expect(effectiveRole({ ...owner, emailVerified: true })).toBe("admin");
      expect(
        effectiveRole({ ...owner, email: adminEmail.toUpperCase(), emailVerified: true }),
      ).toBe("admin");
      expect(effectiveRole({ ...owner, emailVerified: false })).toBe("model");
      expect(effectiveRole({ email: email("other"), emailVerified: true, role: "affiliate" })).toBe(
        "affiliate",
      );
      expect(effectiveRole({ email: email("other"), emailVerified: true, role: "root" })).toBe(
        "model",
      );
    });

    it("a visitor is sent to log in and back to the page, also from a client-side navigation", async () => {
      for (const [path, back] of [
        ["/portal?tab=2", "/portal?tab=2"],
        ["/portal.data?tab=2&_routes=routes%2Fareas%2Faffiliate-portal", "/portal?tab=2"],
        ["/admin.data", "/admin"],
      ]) {
        const answer = await outcomeOf(() => requireScreen(request(path!), "affiliatePortal"));
        expect(answer, path).toMatchObject({
          status: 302,
          location: `/login?redirect=${encodeURIComponent(back!)}`,
        });
      }
    });

    it("the ADMIN_EMAIL account signs in to the admin area only once verified", async () => {
      const auth = await getAuth();
      const signedUp = await auth.api.signUpEmail({
        body: { name: "Dona Maré", email: adminEmail, password: PASSWORD },
        headers: { origin: TEST_ORIGIN, "x-client-ip": newIp() },
        asResponse: true,
      });
      expect(await signIn(adminEmail, PASSWORD)).toMatchObject({
        status: 403,
        data: { error: "auth.errors.notVerified" },
      });
      const { jar } = await followVerificationLink(
        adminEmail,
        new CookieJar().take(signedUp.headers),
      );
      expect(await getCurrentUser(request("/", { cookie: jar.header }))).toMatchObject({
        role: "admin",
      });
      expect(await signIn(adminEmail, PASSWORD)).toMatchObject({
        status: 302,
        location: "/admin/dashboard",
      });
      // Stored as the model she signed up as: the address, not the row, makes her admin.
      expect(await userRow(adminEmail)).toMatchObject({ role: "model" });
    });
  });

  describe("Google (a local OpenID Connect server)", () => {
    const localGoogle = useLocalGoogle();
    /** Who the next Google sign-in is. */
    let identity = { sub: "", email: "", name: "" };
    const signInAs = (next: typeof identity) => {
      identity = next;
      localGoogle.signInAs(next);
    };

    /** From the redirect to the provider back through the callback, as a browser follows it. */
    async function roundTrip(start: { location: string | null; headers: Headers }, ip: string) {
      expect(start.location?.startsWith(`${localGoogle.issuer}/authorize`)).toBe(true);
      const { answer, jar, callback } = await followGoogleSignIn(start, (path, cookie) =>
        request(path, { ip, cookie }),
      );
      expect(`${callback.origin}${callback.pathname}`).toBe(
        `${TEST_ORIGIN}/api/auth/callback/google`,
      );
      return { answer, jar };
    }

    const startFromPage = (form: Record<string, string>, ip: string) =>
      callRoute(google.action, request("/auth/google", { ip, form }));

    it("the affiliate page's button makes an affiliate, who lands in her portal", async () => {
      signInAs({ sub: `g-${marker}-1`, email: email("google-lia"), name: "Lia Google" });
      const ip = newIp();
      const start = await startFromPage({ role: "affiliate", language: "it" }, ip);
      expect(start.status).toBe(302);
      const { answer, jar } = await roundTrip(start, ip);
      expect(answer.status).toBe(302);
      expect(new URL(answer.location!, TEST_ORIGIN).pathname).toBe("/auth/continue");
      const continued = await callRoute(
        continueRoute.loader,
        request(new URL(answer.location!, TEST_ORIGIN).pathname, { cookie: jar.header }),
      );
      expect(continued).toMatchObject({ status: 302, location: "/portal" });
      const created = await userRow(identity.email);
      expect(created).toMatchObject({ role: "affiliate", emailVerified: true, language: "it" });
      const [affiliate] = await (
        await db()
      )
        .select()
        .from(affiliates)
        .where(eq(affiliates.userId, created!.id));
      expect(affiliate?.referralCode).toMatch(/^[A-HJKMNP-Z2-9]{7}$/);

      // Signing in again, from /login (no role) or even asking for another one, keeps hers.
      for (const form of [{}, { role: "model" }] as Record<string, string>[]) {
        const again = await roundTrip(await startFromPage(form, ip), ip);
        expect(again.answer.status).toBe(302);
        expect(await userRow(identity.email)).toMatchObject({ role: "affiliate" });
      }
    });

    it("a role of admin from the page or in the OAuth state gives a model", async () => {
      const ip = newIp();
      signInAs({ sub: `g-${marker}-2`, email: email("google-page"), name: "Eva Page" });
      await roundTrip(await startFromPage({ role: "admin" }, ip), ip);
      expect(await userRow(identity.email)).toMatchObject({ role: "model" });

      // Straight to Better Auth, past the route's own filter: the user hook still says model.
      signInAs({ sub: `g-${marker}-3`, email: email("google-state"), name: "Eva State" });
      const auth = await getAuth();
      const started = await auth.api.signInSocial({
        body: {
          provider: "google",
          callbackURL: "/auth/continue",
          additionalData: { role: "admin" },
        },
        headers: { origin: TEST_ORIGIN, "x-client-ip": ip },
        asResponse: true,
      });
      const { url } = (await started.json()) as { url: string };
      const { answer } = await roundTrip({ location: url, headers: started.headers }, ip);
      expect(answer.status).toBe(302);
      expect(await userRow(identity.email)).toMatchObject({ role: "model" });
    });

    it("a refusal by the provider comes back to /login with its error code", async () => {
      signInAs({ sub: `g-${marker}-4`, email: email("google-refused"), name: "Refused" });
      localGoogle.refuseNext("access_denied");
      const ip = newIp();
      const { answer, jar } = await roundTrip(await startFromPage({}, ip), ip);
      expect(answer.status).toBe(302);
      const landing = new URL(answer.location!, TEST_ORIGIN);
      expect(landing.pathname).toBe("/login");
      expect(landing.searchParams.get("error")).toBe("access_denied");
      expect(jar.has("mare.session_token")).toBe(false);
      expect(await userRow(identity.email)).toBeUndefined();
    });
  });
});
