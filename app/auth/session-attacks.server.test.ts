import { and, eq, inArray, like, or } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  outbox,
  privacyRequests,
  rateLimits,
  session,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { createPrivacyRequest, hashToken } from "#app/features/privacy/requests.server.ts";
import * as confirmPage from "#app/routes/_marketing/privacy-confirm.tsx";
import * as privacyData from "#app/routes/_marketing/privacy-data.ts";
import * as continueRoute from "#app/routes/_auth/continue.ts";
import * as login from "#app/routes/_auth/login.tsx";
import * as logout from "#app/routes/_auth/logout.ts";
import * as twoFactor from "#app/routes/_auth/two-factor.tsx";
import * as accountData from "#app/routes/account/data-json.ts";
import * as security from "#app/routes/account/security.tsx";
import * as dashboard from "#app/routes/areas/model-dashboard.tsx";
import { confirmVerificationLink } from "#app/test/verification-link.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { testRun } from "#app/test/test-run.ts";
import { getAuth } from "./auth.server.ts";
import { getCurrentUser } from "./guards.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Attacks on sessions and on the single-use links, through the app's own routes and Better Auth
 * on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a cookie planted before
 * sign-in (fixation), a cookie copied before sign-out and replayed, expired sessions and links,
 * used links, and tampered or forged cookies. Each is refused, and none is a server error.
 * (The password-reset link's expiry and single use are in auth-routes.server.test.ts; the
 * privacy link's, at the function level, in privacy.server.test.ts.)
 */

const PASSWORD = "sessao-segura-2026!";
const COOKIE = "mare.session_token";

/** The session cookie a response sets, as `name=value`, or null. */
function sessionCookieOf(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    if (pair.startsWith(`${COOKIE}=`) && pair.length > COOKIE.length + 1) return pair;
  }
  return null;
}

/** The session's token in the database, from a cookie value `token.signature` (URL-encoded). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(cookie.slice(COOKIE.length + 1)).replace(/\.[^.]*$/, "");

describe.each(routeTestTargets)("session attacks on %s", (_name, kind) => {
  const { marker, ipPrefix, nextIp } = testRun();
  const email = (name: string) => `${name}.${marker}@example.com`;

  function request(
    path: string,
    { cookie, form }: { cookie?: string | null; form?: Record<string, string> } = {},
  ) {
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": nextIp(),
        ...(cookie ? { cookie } : {}),
      },
    });
  }

  /** A verified model account (signed up through Better Auth, verified in the database). */
  async function account(name: string) {
    const address = email(name);
    const auth = await getAuth();
    await auth.api.signUpEmail({
      body: { name: `${name} Souza`, email: address, password: PASSWORD },
      headers: { origin: TEST_ORIGIN, "x-client-ip": `${ipPrefix}ffff::1` },
    });
    await (
      await getDatabase()
    )
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, address));
    return address;
  }

  /** Signs in through the login form, sending `cookie` along; her new session cookie. */
  async function signIn(address: string, cookie?: string | null) {
    const answer = await callRoute(
      login.action,
      request("/login", { cookie, form: { email: address, password: PASSWORD } }),
    );
    expect(answer).toMatchObject({ status: 302, location: "/dashboard/model" });
    const issued = sessionCookieOf(answer.headers);
    expect(issued, "a session cookie").not.toBeNull();
    return issued!;
  }

  const whoIs = async (cookie: string | null) =>
    (await getCurrentUser(request("/", { cookie })))?.email ?? null;

  /** Every way in that a session opens: each must send a visitor to sign in, none may fail. */
  async function expectRefused(cookie: string, label: string) {
    expect(await whoIs(cookie), `${label}: signed in`).toBeNull();
    const auth = await getAuth();
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie }) }).catch(() => "threw"),
      `${label}: Better Auth's own answer`,
    ).toBeNull();
    for (const [name, outcome] of [
      ["dashboard", await callRoute(dashboard.loader, request("/dashboard/model", { cookie }))],
      ["data file", await callRoute(accountData.loader, request("/account/data.json", { cookie }))],
      ["security page", await callRoute(security.loader, request("/account/security", { cookie }))],
      [
        "profile change",
        await callRoute(
          dashboard.action,
          request("/dashboard/model", { cookie, form: { name: "Mallory", language: "en" } }),
        ),
      ],
      [
        "security change",
        await callRoute(
          security.action,
          request("/account/security", { cookie, form: { intent: "signOutOthers" } }),
        ),
      ],
    ] as const) {
      expect(outcome.status, `${label}: ${name}`).toBe(302);
      expect(outcome.location, `${label}: ${name}`).toMatch(/^\/login\?redirect=/);
    }
  }

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
  }, paced(60_000));

  afterAll(async () => {
    vi.useRealTimers();
    const db = await getDatabase();
    const ids = (
      await db
        .select({ id: user.id })
        .from(user)
        .where(like(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (ids.length) await db.delete(user).where(inArray(user.id, ids));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    await db.delete(privacyRequests).where(like(privacyRequests.email, `%.${marker}@%`));
    await db
      .delete(rateLimits)
      .where(or(like(rateLimits.key, `%.${marker}@%`), like(rateLimits.key, `%${ipPrefix}%`)));
    await closeAppDatabase();
  });

  describe("fixation", () => {
    it("a cookie planted before sign-in is replaced by a new session, and never becomes hers", async () => {
      const victim = await account("victim");
      const attacker = await account("attacker");
      const attackers = await signIn(attacker);
      const planted = [
        // The attacker's own valid session, set in her browser.
        attackers,
        // A value of the attacker's choosing, bare or shaped like a signed one.
        `${COOKIE}=attacker-chosen-token`,
        `${COOKIE}=${encodeURIComponent(`attacker-chosen-token.${"A".repeat(43)}=`)}`,
      ];
      for (const cookie of planted) {
        const issued = await signIn(victim, cookie);
        expect(issued, cookie).not.toBe(cookie);
        expect(tokenOf(issued)).not.toBe(tokenOf(cookie));
        expect(await whoIs(issued)).toBe(victim);
        // The planted cookie is what it was before: the attacker's session, or nothing.
        expect(await whoIs(cookie)).toBe(cookie === attackers ? attacker : null);
      }
      // No session of hers carries a token the attacker chose or knew.
      const db = await getDatabase();
      const [{ id }] = (await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, victim))) as [{ id: string }];
      const tokens = (
        await db.select({ token: session.token }).from(session).where(eq(session.userId, id))
      ).map((row) => row.token);
      expect(tokens).toHaveLength(planted.length);
      for (const cookie of planted) expect(tokens).not.toContain(tokenOf(cookie));
    });

    it("every sign-in issues a new token; the previous session's cookie opens nothing once she signs out", async () => {
      const address = await account("again");
      const first = await signIn(address);
      const second = await signIn(address, first);
      expect(tokenOf(second)).not.toBe(tokenOf(first));
      await callRoute(logout.action, request("/logout", { cookie: first, form: {} }));
      await expectRefused(first, "the previous session");
      expect(await whoIs(second)).toBe(address);
    });
  });

  describe("a stolen cookie", () => {
    it("copied before she signs out, is refused everywhere afterwards", async () => {
      const address = await account("stolen");
      const cookie = await signIn(address);
      const copy = `${cookie}`;
      expect(await whoIs(copy)).toBe(address);

      const out = await callRoute(logout.action, request("/logout", { cookie, form: {} }));
      expect(out).toMatchObject({ status: 302, location: "/" });
      // Her browser is told to forget it…
      expect(out.headers.getSetCookie().join("\n")).toMatch(
        new RegExp(`${COOKIE.replace(".", "\\.")}=;[^\\n]*Max-Age=0`, "i"),
      );
      // …and the server has forgotten it: the copy opens nothing.
      const db = await getDatabase();
      expect(
        await db
          .select()
          .from(session)
          .where(eq(session.token, tokenOf(copy))),
      ).toEqual([]);
      await expectRefused(copy, "the copy after sign-out");
    });
  });

  describe("expired", () => {
    it("a session past its expiry is refused, though its cookie is well signed", async () => {
      const address = await account("expired");
      const cookie = await signIn(address);
      expect(await whoIs(cookie)).toBe(address);
      await (
        await getDatabase()
      )
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.token, tokenOf(cookie)));
      await expectRefused(cookie, "an expired session");
    });

    it("a verification link refuses after its hour, and signs nobody in once used", async () => {
      const address = email("verify");
      const auth = await getAuth();
      const signedUp = await auth.api.signUpEmail({
        body: { name: "Vera Souza", email: address, password: PASSWORD },
        headers: { origin: TEST_ORIGIN, "x-client-ip": `${ipPrefix}fffe::1` },
        asResponse: true,
      });
      // Her browser, which signed up: the proof cookie goes with the link.
      const proof = signedUp.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const [mail] = await (
        await getDatabase()
      )
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, address), eq(outbox.kind, "verification")));
      const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
      const follow = () =>
        confirmVerificationLink(link, (path, form) => request(path, { cookie: proof, form }));
      const verified = async () =>
        (await (await getDatabase()).select().from(user).where(eq(user.email, address)))[0]!
          .emailVerified;

      // An hour and a minute later, as the clock sees it.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60_000 });
      const late = await follow();
      vi.useRealTimers();
      expect(late.status).toBe(302);
      expect(new URL(late.location!, TEST_ORIGIN).searchParams.get("error")).toBe("TOKEN_EXPIRED");
      expect(sessionCookieOf(late.headers)).toBeNull();
      expect(await verified()).toBe(false);

      const first = await follow();
      expect(sessionCookieOf(first.headers)).not.toBeNull();
      expect(await verified()).toBe(true);
      // Used: a second click (a link that leaked from her mailbox) signs nobody in.
      const again = await follow();
      expect(again.status).toBe(302);
      expect(sessionCookieOf(again.headers)).toBeNull();
      const landing = await callRoute(
        continueRoute.loader,
        request(
          new URL(again.location!, TEST_ORIGIN).pathname +
            new URL(again.location!, TEST_ORIGIN).search,
        ),
      );
      expect(landing.location).toMatch(/^\/login/);
    });

    it("a privacy confirmation link is refused once expired and once used", async () => {
      const address = email("privacy");
      await insertApplicationRow(await getDatabase(), { fullName: "Pia Souza", email: address });
      // The export's button posts to its file's own route; a link it cannot use goes back to
      // the page (303), which says so.
      const download = (token: string) =>
        callRoute(privacyData.action, request("/privacy/data.json", { form: { token } }));
      const opened = async (token: string) =>
        (await callRoute(confirmPage.loader, request(`/privacy/confirm?token=${token}`))).data;

      const expired = await createPrivacyRequest(await getDatabase(), {
        kind: "export",
        email: address,
        language: "pt",
      });
      await (
        await getDatabase()
      )
        .update(privacyRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(privacyRequests.tokenHash, hashToken(expired)));
      expect(await opened(expired)).toMatchObject({ kind: null });
      expect(await download(expired)).toMatchObject({ status: 303, location: "/privacy/confirm" });

      const used = await createPrivacyRequest(await getDatabase(), {
        kind: "export",
        email: address,
        language: "pt",
      });
      const file = await download(used);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
      expect(await opened(used)).toMatchObject({ kind: null });
      expect(await download(used)).toMatchObject({ status: 303, location: "/privacy/confirm" });
    });
  });

  describe("tampered and forged cookies", () => {
    let address = "";
    let cookie = "";

    beforeAll(async () => {
      address = await account("tamper");
      cookie = await signIn(address);
    });

    it("are refused: a changed token or signature, a missing signature, another session's signature", async () => {
      const other = await signIn(await account("other"));
      const value = decodeURIComponent(cookie.slice(COOKIE.length + 1));
      const [token, signature] = [
        value.slice(0, value.lastIndexOf(".")),
        value.slice(value.lastIndexOf(".") + 1),
      ];
      const otherValue = decodeURIComponent(other.slice(COOKIE.length + 1));
      const otherSignature = otherValue.slice(otherValue.lastIndexOf(".") + 1);
      const flip = (text: string, at: number) =>
        `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
      const forged = {
        "a changed token": `${flip(token, 3)}.${signature}`,
        "a changed signature": `${token}.${flip(signature, 10)}`,
        "no signature": token,
        "an empty signature": `${token}.`,
        "another session's signature": `${token}.${otherSignature}`,
        "a signature signed with no secret": `${token}.${"A".repeat(43)}=`,
        "a token of another session, unsigned": tokenOf(other),
        "the signature alone": `.${signature}`,
        "dots only": "...",
        "10 KB of junk": "x".repeat(10_000),
        "not URL-encoded text": "%E0%A4%A",
        "a NUL": `${token}%00.${signature}`,
      };
      for (const [label, forgedValue] of Object.entries(forged)) {
        const encoded =
          label === "not URL-encoded text" || label === "a NUL"
            ? forgedValue
            : encodeURIComponent(forgedValue);
        await expectRefused(`${COOKIE}=${encoded}`, label);
      }
      // The real one still works: the refusals were for the tampering.
      expect(await whoIs(cookie)).toBe(address);
    });

    it("any change to the cookie that changes what it says is refused (fast-check)", async () => {
      const raw = cookie.slice(COOKIE.length + 1);
      const decoded = (value: string) => {
        try {
          return decodeURIComponent(value);
        } catch {
          return null;
        }
      };
      /** The same token and the same signature bytes (base64 has spare bits; atob ignores them). */
      const sameAsReal = (value: string) => {
        const text = decoded(value);
        const real = decoded(raw)!;
        if (text === null) return false;
        const split = (v: string) => [
          v.slice(0, v.lastIndexOf(".")),
          v.slice(v.lastIndexOf(".") + 1),
        ];
        const [token, signature] = split(text);
        const [realToken, realSignature] = split(real);
        if (token !== realToken || signature!.length !== 44 || !signature!.endsWith("="))
          return false;
        try {
          return atob(signature!) === atob(realSignature!);
        } catch {
          return false;
        }
      };
      // The characters of the value and of its encoding (cookie separators would only cut it).
      const alphabet = fc.constantFrom(
        ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=.%-_",
      );
      const edit = fc.oneof(
        fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), char: alphabet }),
        fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), char: alphabet }),
        fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), char: fc.constant("") }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
          let value = raw;
          for (const { kind, at, char } of edits) {
            const i = at % (value.length + (kind === "insert" ? 1 : 0) || 1);
            value =
              kind === "replace"
                ? `${value.slice(0, i)}${char}${value.slice(i + 1)}`
                : kind === "insert"
                  ? `${value.slice(0, i)}${char}${value.slice(i)}`
                  : `${value.slice(0, i)}${value.slice(i + 1)}`;
          }
          fc.pre(!sameAsReal(value));
          expect(await whoIs(`${COOKIE}=${value}`), value).toBeNull();
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
      );
    });

    it("a forged two-step cookie is refused at the code form, not a server error", async () => {
      for (const value of ["forged", encodeURIComponent(`x.${"A".repeat(43)}=`), "%E0%A4%A"]) {
        const answer = await callRoute(
          twoFactor.action,
          request("/login/two-factor", {
            cookie: `mare.two_factor=${value}`,
            form: { code: "123456" },
          }),
        );
        expect(answer, value).toMatchObject({ status: 400, data: { error: "security.wrongCode" } });
        expect(sessionCookieOf(answer.headers)).toBeNull();
      }
    });
  });
});
