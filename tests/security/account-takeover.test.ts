import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { account, affiliates, outbox, session, user } from "#app/db/schema.server.ts";
import * as dataJson from "#app/routes/account/data-json.ts";
import * as forgotPassword from "#app/routes/_auth/forgot-password.tsx";
import * as google from "#app/routes/_auth/google.ts";
import * as login from "#app/routes/_auth/login.tsx";
import * as passwordReset from "#app/routes/_auth/password-reset.tsx";
import * as registerAffiliate from "#app/routes/_auth/register-affiliate.tsx";
import { signedUpHere } from "#app/auth/account-claim.server.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { confirmVerificationLink } from "#app/test/verification-link.ts";
import { insertApplication } from "#app/test/factories.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { CookieJar } from "#app/test/cookie-jar.ts";
import { followGoogleSignIn, useLocalGoogle } from "#app/test/google.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { testRun } from "#app/test/test-run.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Pre-registration takeover (issue 13, finding 1), performed as the attacker would: he signs up
 * with the victim's address and a password of his own, then keeps signing in so that she gets
 * genuine verification mails. Before the fix, her click verified the account as he had made it
 * and his password opened it from then on: /admin when the address is ADMIN_EMAIL, her decrypted
 * document number at /account/data.json when she had applied. Now a password chosen before the
 * address was verified never survives verification (product.md section 2).
 */

const ATTACKER_PASSWORD = "attacker-chose-this-1";
const HER_PASSWORD = "her-own-password-2026";

describe.each(routeTestTargets)("pre-registration takeover on %s", (_name, kind) => {
  const { marker, nextIp: newIp } = testRun();
  const email = (name: string) => `${name}.${marker}@example.com`;
  const adminEmail = email("dona");
  // Each side keeps to its own address, as two people on two machines would.
  const attackerIp = newIp();
  const victimIp = newIp();

  function request(
    path: string,
    init: { form?: Record<string, string>; cookie?: string; ip: string },
  ): Request {
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: init.form ? "POST" : "GET",
      body: init.form ? new URLSearchParams(init.form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": init.ip,
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });
  }

  const db = () => getDatabase();

  async function latestLink(to: string, kind: "verification" | "reset") {
    const rows = await (
      await db()
    )
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to), eq(outbox.kind, kind)))
      .orderBy(outbox.id);
    const link = /https?:\/\/\S+/.exec(rows.at(-1)?.text ?? "")?.[0];
    if (!link) throw new Error(`no ${kind} mail to ${to}`);
    return new URL(link);
  }

  const attackerSignsUp = (address: string, jar: CookieJar) =>
    callRoute(
      registerAffiliate.action,
      request("/register/affiliate", {
        ip: attackerIp,
        cookie: jar.header,
        form: {
          name: "Not Her",
          email: address,
          password: ATTACKER_PASSWORD,
          promotion: "A promotion text long enough to pass.",
        },
      }),
    ).then((answer) => (jar.take(answer.headers), answer));

  /** The owner of the address signs up herself, in her browser. */
  const ownerSignsUp = (address: string, jar: CookieJar) =>
    callRoute(
      registerAffiliate.action,
      request("/register/affiliate", {
        ip: victimIp,
        cookie: jar.header,
        form: {
          name: "Lia Costa",
          email: address,
          password: HER_PASSWORD,
          promotion: "My Instagram about content creation.",
        },
      }),
    ).then((answer) => (jar.take(answer.headers), answer));

  const signIn = (address: string, password: string, ip: string, cookie = "") =>
    callRoute(login.action, request("/login", { ip, cookie, form: { email: address, password } }));

  /** The victim opens the newest verification mail in her own browser. */
  async function victimClicksVerification(address: string, jar: CookieJar) {
    const link = await latestLink(address, "verification");
    const answer = await confirmVerificationLink(link, (path, form) =>
      request(path, { ip: victimIp, cookie: jar.header, form }),
    );
    jar.take(answer.headers);
    return answer;
  }

  async function credentialOf(address: string) {
    const [row] = await (
      await db()
    )
      .select({ id: account.id })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(and(eq(user.email, address), eq(account.providerId, "credential")));
    return row;
  }

  async function userRow(address: string) {
    const [row] = await (await db()).select().from(user).where(eq(user.email, address));
    return row;
  }

  beforeAll(async () => {
    await openAppDatabase(kind, {
      ...TEST_SERVER_SETTINGS,
      ADMIN_EMAIL: adminEmail,
    });
  }, paced(60_000));

  afterAll(closeAppDatabase);

  it("the administrator's address: her click never lets his password into /admin", async () => {
    const attacker = new CookieJar();
    expect(await attackerSignsUp(adminEmail, attacker)).toMatchObject({ status: 302 });
    // Each try of his sends her a genuine verification mail.
    expect(await signIn(adminEmail, ATTACKER_PASSWORD, attackerIp)).toMatchObject({
      status: 403,
      data: { error: "auth.errors.notVerified" },
    });

    // She clicks it, in her own browser: her address is confirmed, nobody is signed in, and she
    // is sent to choose her own password.
    const victim = new CookieJar();
    const clicked = await victimClicksVerification(adminEmail, victim);
    expect(clicked.status).toBe(302);
    const landing = new URL(clicked.location!, TEST_ORIGIN);
    expect(`${landing.pathname}${landing.search}`).toBe("/password-reset?claim=1&lang=pt");
    expect(victim.has("mare.session_token")).toBe(false);
    expect(await userRow(adminEmail)).toMatchObject({ emailVerified: true });
    expect(await credentialOf(adminEmail)).toBeUndefined();

    // His password opens nothing, and no session of that account exists.
    expect(await signIn(adminEmail, ATTACKER_PASSWORD, attackerIp, attacker.header)).toMatchObject({
      status: 401,
      data: { error: "auth.errors.invalidCredentials" },
    });
    const owner = await userRow(adminEmail);
    expect(await (await db()).select().from(session).where(eq(session.userId, owner!.id))).toEqual(
      [],
    );

    // She chooses hers from the page she landed on, and it is the one that works.
    const token = new URLSearchParams(landing.hash.slice(1)).get("access_token")!;
    // With her password, her own name and role: the server asks for them, whatever was sent.
    const withoutThem = await callRoute(
      passwordReset.action,
      request("/password-reset", { ip: victimIp, form: { token, password: HER_PASSWORD } }),
    );
    expect(withoutThem).toMatchObject({
      status: 400,
      data: {
        claim: { errors: { name: "auth.claim.nameRequired", role: "auth.claim.chooseRole" } },
      },
    });
    expect(await credentialOf(adminEmail)).toBeUndefined();
    const reset = await callRoute(
      passwordReset.action,
      request("/password-reset", {
        ip: victimIp,
        form: { token, password: HER_PASSWORD, name: "Dona Maré", role: "model" },
      }),
    );
    expect(reset).toMatchObject({ status: 302, location: "/login?notice=reset" });
    // Nothing he typed stays: his name, his role, his affiliate row and its promotion text.
    expect(await userRow(adminEmail)).toMatchObject({ name: "Dona Maré", role: "model" });
    expect(
      await (await db()).select().from(affiliates).where(eq(affiliates.userId, owner!.id)),
    ).toEqual([]);
    expect(await signIn(adminEmail, HER_PASSWORD, victimIp)).toMatchObject({
      status: 302,
      location: "/admin/dashboard",
    });
    expect(await signIn(adminEmail, ATTACKER_PASSWORD, attackerIp)).toMatchObject({
      status: 401,
    });
  });

  it("a model's address: his password never reaches her decrypted document number", async () => {
    const address = email("modelo");
    await insertApplication(await db(), {
      source: "form",
      language: "pt",
      fullName: "Ana Souza",
      email: address,
      age: 25,
      whatsapp: "+5548999990000",
      document: "123.456.789-09",
      consentVersion: "test",
    });
    const attacker = new CookieJar();
    await attackerSignsUp(address, attacker);
    await signIn(address, ATTACKER_PASSWORD, attackerIp);
    await victimClicksVerification(address, new CookieJar());

    const tried = await signIn(address, ATTACKER_PASSWORD, attackerIp, attacker.header);
    expect(tried.status).toBe(401);
    attacker.take(tried.headers);
    const data = await callRoute(
      dataJson.loader,
      request("/account/data.json", { ip: attackerIp, cookie: attacker.header }),
    );
    expect(data.status).toBe(302);
    expect(data.location).toMatch(/^\/login/);
  });

  it("his own browser, where he signed up, cannot finish it for him without her link", async () => {
    // The proof cookie is his, but the link only ever reaches her mailbox; guessing a token is
    // refused (a damaged token is an error, and nothing changes).
    const address = email("guess");
    const attacker = new CookieJar();
    await attackerSignsUp(address, attacker);
    const link = await latestLink(address, "verification");
    link.searchParams.set("token", `${link.searchParams.get("token")!.slice(0, -2)}xx`);
    const answer = await confirmVerificationLink(link, (path, form) =>
      request(path, { ip: attackerIp, cookie: attacker.header, form }),
    );
    expect(new URL(answer.location!, TEST_ORIGIN).searchParams.get("error")).toBeTruthy();
    expect(await userRow(address)).toMatchObject({ emailVerified: false });
    expect(await credentialOf(address)).toBeDefined();
  });

  it("the owner who signed up herself is verified and signed in by her link, password kept", async () => {
    const address = email("propria");
    const browser = new CookieJar();
    await ownerSignsUp(address, browser);
    const clicked = await victimClicksVerification(address, browser);
    expect(clicked.location).toBe("/auth/continue?verified=1");
    expect(browser.has("mare.session_token")).toBe(true);
    expect(await signIn(address, HER_PASSWORD, victimIp)).toMatchObject({
      status: 302,
      location: "/portal",
    });
  });

  it("a proof cookie made for another account proves nothing", async () => {
    const own = email("own");
    const target = email("target");
    const attacker = new CookieJar();
    await attackerSignsUp(own, attacker);
    await attackerSignsUp(target, new CookieJar());
    // His proof for his own account goes with her link (as if he had it in her browser).
    const answer = await victimClicksVerification(target, attacker);
    expect(new URL(answer.location!, TEST_ORIGIN).pathname).toBe("/password-reset");
    expect(await credentialOf(target)).toBeUndefined();
  });

  it("signing up again with her address, once hers, changes nothing and proves nothing", async () => {
    const address = email("again");
    const browser = new CookieJar();
    await ownerSignsUp(address, browser);
    // He signs up with the same address: the same answer, a proof cookie as for a new address
    // (no enumeration), but one made for a made-up account, that proves nothing for hers.
    const attacker = new CookieJar();
    const second = await attackerSignsUp(address, attacker);
    expect(second).toMatchObject({ status: 302, location: "/login?notice=check-email" });
    expect(attacker.has("mare.signed_up")).toBe(true);
    const hers = (await userRow(address))!.id;
    const withHisCookies = request("/verify-email", { ip: attackerIp, cookie: attacker.header });
    const secret = (await (await getAuth()).$context).secret;
    expect(signedUpHere(withHisCookies, secret, hers, "mare")).toBe(false);
    await signIn(address, ATTACKER_PASSWORD, attackerIp);
    // His sign-in mailed her a link; he has no use for it. In her browser it keeps her password.
    await victimClicksVerification(address, browser);
    expect(await signIn(address, HER_PASSWORD, victimIp)).toMatchObject({ status: 302 });
    expect(await signIn(address, ATTACKER_PASSWORD, attackerIp)).toMatchObject({ status: 401 });
  });

  describe("a second sign-in method: Google", () => {
    const localGoogle = useLocalGoogle();

    it("her Google sign-in never adopts the account he made, nor verifies his password", async () => {
      const address = email("gmail");
      await attackerSignsUp(address, new CookieJar());
      localGoogle.signInAs({ sub: `g-${marker}`, email: address, name: "Ana Google" });

      const start = await callRoute(
        google.action,
        request("/auth/google", { ip: victimIp, form: { role: "model" } }),
      );
      const { jar } = await followGoogleSignIn(start, (path, cookie) =>
        request(path, { ip: victimIp, cookie }),
      );
      // Not signed in to his account, and his password is still refused.
      expect(jar.has("mare.session_token")).toBe(false);
      expect(await userRow(address)).toMatchObject({ emailVerified: false });
      expect(await signIn(address, ATTACKER_PASSWORD, attackerIp)).toMatchObject({
        status: 403,
        data: { error: "auth.errors.notVerified" },
      });

      // She takes the address back with a reset link: his password is gone, hers works and her
      // address counts as verified (the link reached her mailbox).
      await callRoute(
        forgotPassword.action,
        request("/forgot-password", { ip: victimIp, form: { email: address } }),
      );
      const link = await latestLink(address, "reset");
      const token = new URLSearchParams(link.hash.slice(1)).get("access_token")!;
      // An address never confirmed: the reset is a claim, with her own name and role.
      await callRoute(
        passwordReset.action,
        request("/password-reset", {
          ip: victimIp,
          form: { token, password: HER_PASSWORD, name: "Bia Lima", role: "affiliate" },
        }),
      );
      expect(await userRow(address)).toMatchObject({
        emailVerified: true,
        name: "Bia Lima",
        role: "affiliate",
      });
      expect(await signIn(address, ATTACKER_PASSWORD, attackerIp)).toMatchObject({
        status: 401,
      });
      expect(await signIn(address, HER_PASSWORD, victimIp)).toMatchObject({ status: 302 });
    });
  });
});
