import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import * as google from "#app/routes/_auth/google.ts";
import * as login from "#app/routes/_auth/login.tsx";
import * as logout from "#app/routes/_auth/logout.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { startFaultProxy, type FaultProxy } from "#app/test/fault-proxy.ts";
import { followGoogleSignIn, useLocalGoogle } from "#app/test/google.ts";
import { callRoute } from "#app/test/routes.ts";
import { testRun } from "#app/test/test-run.ts";
import {
  copyDatabase,
  databaseTargets,
  hasPostgres,
  type DatabaseCopy,
} from "#app/test/databases.ts";
import { getCurrentUser } from "./guards.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Failures she must be told about (spec section 8): a Google sign-in the provider refused, with
 * its own words ('Falha no login com Google'), and a sign-out the server could not complete
 * ('Falha ao sair'), through the routes her browser calls.
 */

const PASSWORD = "maré-talent-2026!";

function fixtures() {
  const { marker, nextIp: newIp } = testRun();
  const request = (
    path: string,
    {
      form,
      cookie,
      ip = newIp(),
    }: { form?: Record<string, string>; cookie?: string; ip?: string } = {},
  ) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: { origin: TEST_ORIGIN, "x-client-ip": ip, ...(cookie ? { cookie } : {}) },
    });
  const account = (name: string, ip = newIp()) =>
    signedInAccount({
      email: `${name}.${marker}@example.com`,
      name: "Bia Lima",
      role: "model",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip,
    });
  return { newIp, request, account };
}

// What someone would like our page to say under our name, dressed as the provider's message.
const HOSTILE =
  '<img src=x onerror="alert(1)">Conta\u0000 bloqueada\r\n\u202eLigue 0800\u202c' + "!".repeat(400);

describe.each(databaseTargets)("failures told to her, on %s", (_name, kind) => {
  const { request, account, newIp } = fixtures();

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
  }, paced(60_000));
  afterAll(closeAppDatabase);

  describe("a Google sign-in the provider refused", () => {
    const localGoogle = useLocalGoogle();

    it("shows the provider's message as one short line of plain text, once, to the browser that went there", async () => {
      localGoogle.signInAs({ sub: "refused", email: "refused@example.com", name: "Refused" });
      localGoogle.refuseNext("access_denied", HOSTILE);
      const ip = newIp();
      const start = await callRoute(
        google.action,
        request("/auth/google", { ip, form: { language: "pt" } }),
      );
      expect(start.status).toBe(302);
      const mark = start.headers.getSetCookie().find((line) => line.startsWith("google_sign_in="));
      expect(mark).toMatch(/^google_sign_in=1; Path=\/login; Max-Age=600; HttpOnly; SameSite=Lax$/);

      const { answer, jar } = await followGoogleSignIn(start, (path, cookie) =>
        request(path, { ip, cookie }),
      );
      const landing = new URL(answer.location!, TEST_ORIGIN);
      expect(landing.pathname).toBe("/login");
      // Better Auth passes the provider's words on untouched: the page is where they are reduced.
      expect(landing.searchParams.get("error_description")).toBe(HOSTILE);

      const page = await callRoute(
        login.loader,
        request(`${landing.pathname}${landing.search}`, { ip, cookie: jar.header }),
      );
      expect(page.data).toMatchObject({
        error: "access_denied",
        providerMessage: `<img src=x onerror="alert(1)">Conta bloqueada Ligue 0800 ${"!".repeat(142)}…`,
      });
      expect([...page.data!.providerMessage!]).toHaveLength(200);
      // The mark is spent: the same address again shows the fixed message.
      jar.take(page.headers);
      expect(jar.has("google_sign_in")).toBe(false);
      const again = await callRoute(
        login.loader,
        request(`${landing.pathname}${landing.search}`, { ip, cookie: jar.header }),
      );
      expect(again.data).toMatchObject({ error: "access_denied", providerMessage: null });
    });

    it("a link someone else wrote gets the fixed message: their words never reach the page", async () => {
      const forged = new URLSearchParams({
        error: "access_denied",
        error_description: "Sua conta foi bloqueada. Ligue para +55 48 0000-0000.",
      });
      const page = await callRoute(login.loader, request(`/login?${forged}`));
      expect(page.data).toMatchObject({ error: "access_denied", providerMessage: null });
      expect(page.headers.getSetCookie()).toEqual([]);
      // A code that is not a code is not repeated either.
      const odd = await callRoute(login.loader, request("/login?error=%3Cb%3Ehi%3C%2Fb%3E"));
      expect(odd.data).toMatchObject({ error: "unknown", providerMessage: null });
    });
  });

  describe("sign-out", () => {
    it("ends her session and sends her home", async () => {
      const { cookie } = await account("out");
      const out = await callRoute(logout.action, request("/logout", { form: {}, cookie }));
      expect(out).toMatchObject({ status: 302, location: "/" });
      expect(await getCurrentUser(request("/", { cookie }))).toBeNull();
    });

    it("with no session to end, sends her home all the same", async () => {
      const out = await callRoute(logout.action, request("/logout", { form: {} }));
      expect(out).toMatchObject({ status: 302, location: "/" });
    });
  });
});

describe.skipIf(!hasPostgres)(
  "sign-out with PostgreSQL unreachable (through a faulty proxy; needs TEST_DATABASE_URL)",
  () => {
    const { request, account } = fixtures();
    let proxy: FaultProxy;
    let copy: DatabaseCopy;

    beforeAll(async () => {
      copy = await copyDatabase("postgres");
      proxy = await startFaultProxy(copy.url!);
      await openAppDatabase(proxy, TEST_SERVER_SETTINGS);
    }, paced(60_000));
    afterAll(async () => {
      proxy?.restore();
      await closeAppDatabase();
      await proxy?.close();
      await copy?.drop();
    });

    it("answers 503 'Falha ao sair' in her language and keeps her signed in, not a silent trip home", async () => {
      const { cookie } = await account("stuck");
      const withLanguage = `${cookie}; lang=de`;
      proxy.cut();
      let out;
      try {
        out = await callRoute(
          logout.action,
          request("/logout", { form: {}, cookie: withLanguage }),
        );
      } finally {
        proxy.restore();
      }
      expect(out.status).toBe(503);
      expect(out.location).toBeNull();
      // Her browser is not told to forget a session the server still holds.
      expect(out.headers.getSetCookie()).toEqual([]);
      expect(out.headers.get("cache-control")).toBe("no-store");
      const de = getFixedT("de");
      expect(await out.response!.text()).toBe(
        `${de("account.logoutFailedTitle")}\n${de("account.logoutFailed")}\n`,
      );
      expect(await getCurrentUser(request("/", { cookie }))).not.toBeNull();

      // With the database back, the same click signs her out.
      const again = await callRoute(logout.action, request("/logout", { form: {}, cookie }));
      expect(again).toMatchObject({ status: 302, location: "/" });
      expect(await getCurrentUser(request("/", { cookie }))).toBeNull();
    });
  },
);
