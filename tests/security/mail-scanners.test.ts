import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { account, outbox, privacyRequests, session, user } from "#app/db/schema.server.ts";
import { privacyRequestsSettled } from "#app/features/privacy/requests.server.ts";
import { insertApplication } from "#app/test/factories.ts";
import * as forgotPassword from "#app/routes/_auth/forgot-password.tsx";
import * as login from "#app/routes/_auth/login.tsx";
import * as passwordReset from "#app/routes/_auth/password-reset.tsx";
import * as registerAffiliate from "#app/routes/_auth/register-affiliate.tsx";
import * as verifyEmail from "#app/routes/_auth/verify-email.tsx";
import * as privacyConfirm from "#app/routes/_marketing/privacy-confirm.tsx";
import * as privacyData from "#app/routes/_marketing/privacy-data.ts";
import * as privacyRequest from "#app/routes/_marketing/privacy-request.tsx";
import * as authApi from "#app/routes/resources/auth-api.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { CookieJar } from "#app/test/cookie-jar.ts";
import { browserRequests, callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { confirmVerificationLink } from "#app/test/verification-link.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The attack is nobody's: mail providers and company gateways open every link of a message
 * before the person does. Opening the verification link with a plain GET, as a scanner does,
 * verified the address, deleted the password and ended the sessions, and the owner's own click
 * then found the link used. Here every link of every mail the site sends is opened first as a
 * scanner opens it (a GET, no cookies, three times), and nothing changes; then the owner's path
 * works exactly as if no scanner had been there.
 */

const PASSWORD = "her-own-password-2026";
const STRANGER_PASSWORD = "chosen-by-somebody-else";

/** The page each mailed path opens (the old verification address included). */
const pages: Record<string, (args: never) => unknown> = {
  "/verify-email": verifyEmail.loader,
  "/api/auth/verify-email": authApi.loader,
  "/password-reset": passwordReset.loader,
  "/privacy/confirm": privacyConfirm.loader,
  "/privacy/data.json": privacyData.loader,
  "/login": login.loader,
  "/forgot-password": forgotPassword.loader,
};

describe.each(routeTestTargets)("mailed links opened by a scanner first, on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  let ip = 0;

  const request = browserRequests(TEST_ORIGIN, {
    ip: () => `198.18.7.${++ip % 250}`,
    originOnGets: false,
  });

  async function mailsTo(address: string) {
    return (await getDatabase()).select().from(outbox).where(eq(outbox.recipient, address));
  }

  const linksIn = (text: string) =>
    (text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((l) => new URL(l));

  /** What a scanner does with every link of every mail to the address: three plain GETs each. */
  async function scannerOpensEverything(address: string) {
    const links = (await mailsTo(address)).flatMap((mail) => linksIn(mail.text));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const page = pages[link.pathname];
      expect(page, `a page for ${link.pathname}`).toBeDefined();
      for (let i = 0; i < 3; i++) {
        const answer = await callRoute(page!, request(`${link.pathname}${link.search}`));
        expect(answer.status, link.href).toBeLessThan(500);
        // Nothing is handed to a scanner: no session, no proof.
        expect(answer.headers.getSetCookie(), link.href).toEqual([]);
      }
    }
    return links;
  }

  /** Everything a link could change about an account. */
  async function accountState(address: string) {
    const db = await getDatabase();
    const [row] = await db.select().from(user).where(eq(user.email, address));
    const credentials = await db
      .select({ id: account.id, password: account.password })
      .from(account)
      .where(and(eq(account.userId, row!.id), eq(account.providerId, "credential")));
    const sessions = await db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, row!.id));
    return { verified: row!.emailVerified, name: row!.name, credentials, sessions };
  }

  const signUp = (address: string, jar: CookieJar, password = PASSWORD) =>
    callRoute(
      registerAffiliate.action,
      request("/register/affiliate", {
        cookie: jar.header,
        form: {
          name: "Lia Costa",
          email: address,
          password,
          promotion: "Meu Instagram de criação.",
        },
      }),
    ).then((answer) => jar.take(answer.headers));

  const verificationLink = async (address: string) =>
    linksIn((await mailsTo(address)).find((mail) => mail.kind === "verification")!.text)[0]!;

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
  }, paced(60_000));

  afterAll(async () => {
    await privacyRequestsSettled();
    await closeAppDatabase();
  });

  it("her verification link, scanned first, still verifies her in her browser, password kept", async () => {
    const address = email("lia");
    const browser = new CookieJar();
    await signUp(address, browser);
    const before = await accountState(address);
    await scannerOpensEverything(address);
    expect(await accountState(address)).toEqual(before);

    const answer = await confirmVerificationLink(await verificationLink(address), (path, form) =>
      request(path, { cookie: browser.header, form }),
    );
    expect(answer).toMatchObject({ status: 302, location: "/auth/continue?verified=1" });
    expect(browser.take(answer.headers).has("mare.session_token")).toBe(true);
    const after = await accountState(address);
    expect(after).toMatchObject({ verified: true, credentials: before.credentials });
    const signIn = await callRoute(
      login.action,
      request("/login", { form: { email: address, password: PASSWORD } }),
    );
    expect(signIn.status).toBe(302);
  });

  it("a stranger's sign-up with her address: the scanner claims nothing; her click does, with her name and role", async () => {
    const address = email("ana");
    await signUp(address, new CookieJar(), STRANGER_PASSWORD);
    const before = await accountState(address);
    expect(before.credentials).toHaveLength(1);
    await scannerOpensEverything(address);
    // Before: the scanner's GET had verified the address and deleted the password.
    expect(await accountState(address)).toEqual(before);

    const answer = await confirmVerificationLink(await verificationLink(address), (path, form) =>
      request(path, { form }),
    );
    const landing = new URL(answer.location!, TEST_ORIGIN);
    expect(`${landing.pathname}${landing.search}`).toBe("/password-reset?claim=1&lang=pt");
    const token = new URLSearchParams(landing.hash.slice(1)).get("access_token")!;
    const reset = await callRoute(
      passwordReset.action,
      request("/password-reset", {
        form: { token, password: PASSWORD, name: "Ana Beatriz", role: "model" },
      }),
    );
    expect(reset).toMatchObject({ status: 302, location: "/login?notice=reset" });
    expect(await accountState(address)).toMatchObject({ verified: true, name: "Ana Beatriz" });
  });

  it("a reset link and a sign-up attempt's links, scanned first, change nothing; her reset then works", async () => {
    const address = email("bia");
    const browser = new CookieJar();
    await signUp(address, browser);
    await confirmVerificationLink(await verificationLink(address), (path, form) =>
      request(path, { cookie: browser.header, form }),
    );
    // Someone tries her address again (a mail to her), and she asks for a reset (another).
    await signUp(address, new CookieJar(), STRANGER_PASSWORD);
    await callRoute(
      forgotPassword.action,
      request("/forgot-password", { form: { email: address } }),
    );
    const kinds = (await mailsTo(address)).map((mail) => mail.kind);
    expect(kinds).toEqual(expect.arrayContaining(["sign-up-attempt", "reset"]));
    const before = await accountState(address);
    await scannerOpensEverything(address);
    expect(await accountState(address)).toEqual(before);

    const reset = linksIn((await mailsTo(address)).find((mail) => mail.kind === "reset")!.text)[0]!;
    const token = new URLSearchParams(reset.hash.slice(1)).get("access_token")!;
    const answer = await callRoute(
      passwordReset.action,
      request("/password-reset", { form: { token, password: "a-newer-password-2026" } }),
    );
    expect(answer).toMatchObject({ status: 302, location: "/login?notice=reset" });
  });

  it("her privacy links, scanned first, still download and erase when she presses their buttons", async () => {
    const address = email("cris");
    await insertApplication(await getDatabase(), {
      source: "form",
      language: "pt",
      fullName: "Cris Souza",
      email: address,
      consentVersion: "test",
    });
    for (const kind of ["export", "erase"]) {
      await callRoute(
        privacyRequest.action,
        request("/privacy/request", { form: { email: address, kind } }),
      );
    }
    await privacyRequestsSettled();
    const open = async () =>
      (await getDatabase())
        .select({ completedAt: privacyRequests.completedAt })
        .from(privacyRequests)
        .where(eq(privacyRequests.email, address));
    const before = await open();
    expect(before).toHaveLength(2);
    const links = await scannerOpensEverything(address);
    expect(await open()).toEqual(before);

    expect(links.filter((link) => link.pathname === "/privacy/confirm")).toHaveLength(2);
    const tokenOf = async (kind: string) =>
      linksIn(
        (await mailsTo(address)).find((mail) => mail.kind === kind)!.text,
      )[0]!.searchParams.get("token")!;
    const exportToken = await tokenOf("privacyExport");
    const eraseToken = await tokenOf("privacyErase");
    const download = await callRoute(
      privacyData.action,
      request("/privacy/data.json", { form: { token: exportToken, intent: "export" } }),
    );
    expect(download.status).toBe(200);
    const erased = await callRoute(
      privacyConfirm.action,
      request("/privacy/confirm", { form: { token: eraseToken, intent: "erase" } }),
    );
    expect(erased).toMatchObject({ status: 200, data: { status: "erased", applications: 1 } });
  });
});
