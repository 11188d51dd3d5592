import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "#app/auth/auth.server.ts";
import { safeReturnPath } from "#app/auth/permissions.ts";
import { like } from "drizzle-orm";
import { getDatabase } from "#app/db/db.server.ts";
import { rateLimits } from "#app/db/schema.server.ts";
import * as continueRoute from "#app/routes/_auth/continue.ts";
import * as google from "#app/routes/_auth/google.ts";
import * as login from "#app/routes/_auth/login.tsx";
import * as twoFactor from "#app/routes/_auth/two-factor.tsx";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { CookieJar } from "#app/test/cookie-jar.ts";
import { followGoogleSignIn, useLocalGoogle } from "#app/test/google.ts";
import { browserRequests, callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { codeStep, enableAuthenticator } from "#app/test/two-factor.server.ts";
import { totp } from "../e2e/accounts.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Open redirects (issue 13, finding 3). `/login?redirect=/%09/evil.example/x` used to answer
 * `Location: /<TAB>/evil.example/x`, which a browser reads as `//evil.example/x`: after signing
 * in on the genuine site she landed on the attacker's copy of it. Every payload below is sent
 * where a return path is read (the sign-in page and form, the two-step form, /auth/continue and
 * the Google round trip), and the Location answered is read as a browser reads it: it must stay
 * on this origin, and carry no character a browser drops or rewrites.
 */

const PASSWORD = "maré-talent-2026!";

/** This site's host and port, where an attacker writes them to look like it. */
const ownHost = new URL(TEST_ORIGIN).host;

/** At least 40 ways to leave the site, as they arrive after the query string is decoded. */
export const hostileReturnPaths = [
  "/\t/evil.example/x",
  "/%09/evil.example/x",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\r/evil.example",
  "/\t\t/evil.example",
  "/\u0000/evil.example",
  "/\u000b/evil.example",
  "/\u000c/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "/\u200b/evil.example",
  "/\ufeff/evil.example",
  "/\u3000/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/./\\evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/x/..//evil.example",
  " //evil.example",
  "\t//evil.example",
  "https://evil.example",
  "HTTPS://evil.example/x",
  "http://evil.example",
  "https:evil.example",
  "http:/evil.example",
  `//evil.example@${ownHost}`,
  "//user:pass@evil.example",
  `https://${ownHost}@evil.example`,
  `//${ownHost}@evil.example/`,
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.example",
  "%2F%2Fevil.example",
  "/%5C%5Cevil.example",
  "/\u0009/evil.example?next=/",
  "/ /evil.example",
  "//evil.example/%2e%2e",
];

/** Paths of the site that must keep working as return paths, parsed as the site would. */
const ownPaths: [given: string, kept: string][] = [
  ["/portal", "/portal"],
  [
    "/admin/cadastros?q=Ana%20Silva&status=pending",
    "/admin/cadastros?q=Ana%20Silva&status=pending",
  ],
  ["/portal?tab=2#links", "/portal?tab=2#links"],
  ["/blog/security-and-anonymity", "/blog/security-and-anonymity"],
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["/x/../admin", "/admin"],
];

/** Where a browser goes with this Location: it must be this site, and the text must be clean. */
function expectStaysHere(location: string | null, payload: string) {
  expect(location, JSON.stringify(payload)).toBeTruthy();
  expect(new URL(location!, TEST_ORIGIN).origin, JSON.stringify(payload)).toBe(TEST_ORIGIN);
  expect(location, JSON.stringify(payload)).not.toMatch(/[\s\\\p{Cc}\p{Cf}]/u);
  expect(location!.startsWith("//"), JSON.stringify(payload)).toBe(false);
}

describe("safeReturnPath", () => {
  it(`refuses each of ${hostileReturnPaths.length} payloads, or keeps only a path of this site`, () => {
    expect(hostileReturnPaths.length).toBeGreaterThanOrEqual(40);
    for (const payload of hostileReturnPaths) {
      const kept = safeReturnPath(payload);
      if (kept !== null) expectStaysHere(kept, payload);
    }
    // The one the review reproduced, and its kin, are refused outright.
    for (const payload of ["/\t/evil.example/x", "/\\evil.example", "//evil.example", "/.//x"]) {
      expect(safeReturnPath(payload), JSON.stringify(payload)).toBeNull();
    }
  });

  it("keeps the site's own paths, query and fragment", () => {
    for (const [given, kept] of ownPaths) expect(safeReturnPath(given)).toBe(kept);
  });
});

describe.each(routeTestTargets)("return paths through the routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  let ipCount = 0;
  // IPv4 from the documentation ranges: one address per request, so no limit is reached.
  const newIp = () => {
    ipCount += 1;
    return `198.${18 + Math.floor(ipCount / 65536)}.${Math.floor(ipCount / 256) % 256}.${ipCount % 256}`;
  };

  const request = browserRequests(TEST_ORIGIN, { ip: newIp });
  const withRedirect = (path: string, payload: string) =>
    `${path}?redirect=${encodeURIComponent(payload)}`;

  let modelCookie = "";
  let accountCount = 0;
  /** A fresh verified account (the per-account sign-in limit allows a few tries each). */
  async function freshAccount() {
    const address = email(`m${++accountCount}`);
    const { cookie } = await signedInAccount({
      email: address,
      name: "Bia Lima",
      role: "model",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip: newIp(),
    });
    return { address, cookie };
  }

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    modelCookie = (await freshAccount()).cookie;
  }, paced(60_000));

  afterAll(closeAppDatabase);

  it("/login, signed in already: sent home or to a path of this site", async () => {
    for (const payload of hostileReturnPaths) {
      const answer = await callRoute(
        login.loader,
        request(withRedirect("/login", payload), { cookie: modelCookie }),
      );
      expect(answer.status).toBe(302);
      expectStaysHere(answer.location, payload);
    }
  });

  it(
    "the sign-in form: after a correct password",
    async () => {
      let current = await freshAccount();
      for (const [index, payload] of hostileReturnPaths.entries()) {
        if (index % 5 === 4) current = await freshAccount();
        const answer = await callRoute(
          login.action,
          request("/login", {
            form: { email: current.address, password: PASSWORD, redirect: payload },
          }),
        );
        expect(answer.status, JSON.stringify(payload)).toBe(302);
        expectStaysHere(answer.location, payload);
      }
    },
    paced(120_000),
  );

  it("/auth/continue, where the verification link and Google end", async () => {
    for (const payload of hostileReturnPaths) {
      const answer = await callRoute(
        continueRoute.loader,
        request(withRedirect("/auth/continue", payload), { cookie: modelCookie }),
      );
      expect(answer.status).toBe(302);
      expectStaysHere(answer.location, payload);
    }
  });

  it(
    "/login/two-factor: the page's hidden field and the code's answer",
    async () => {
      const auth = await getAuth();
      const { address, cookie } = await freshAccount();
      const secret = await enableAuthenticator({ cookie, password: PASSWORD, origin: TEST_ORIGIN });

      for (const payload of hostileReturnPaths) {
        // A correct password: Better Auth's challenge cookie, as the sign-in form gets it.
        const challenge = await auth.api.signInEmail({
          body: { email: address, password: PASSWORD },
          headers: { origin: TEST_ORIGIN, "x-client-ip": newIp() },
          asResponse: true,
        });
        const jar = new CookieJar().take(challenge.headers);
        expect(jar.has("mare.two_factor")).toBe(true);

        const page = await callRoute(
          twoFactor.loader,
          request(withRedirect("/login/two-factor", payload), { cookie: jar.header }),
        );
        const shown = (page.data as { returnPath: string | null }).returnPath;
        if (shown !== null) expectStaysHere(shown, payload);

        // A code works once (auth/two-factor-codes.server.ts): each try here as if it came a
        // time step later, with a code not used yet.
        await (await getDatabase()).delete(rateLimits).where(like(rateLimits.key, "totp-used:%"));
        const answer = await codeStep(request, jar, { code: totp(secret), redirect: payload });
        expect(answer.status, JSON.stringify(payload)).toBe(302);
        expectStaysHere(answer.location, payload);
      }
    },
    paced(120_000),
  );

  describe("the Google round trip", () => {
    const localGoogle = useLocalGoogle();

    it(
      "the page's return path in the OAuth state, then /auth/continue",
      async () => {
        localGoogle.signInAs({ sub: `g-${marker}`, email: email("google"), name: "Ana Google" });
        for (const payload of hostileReturnPaths) {
          const start = await callRoute(
            google.action,
            request("/auth/google", { form: { role: "model", redirect: payload } }),
          );
          expect(start.status).toBe(302);
          const { answer: back, jar } = await followGoogleSignIn(start, (path, cookie) =>
            request(path, { cookie }),
          );
          expect(back.status).toBe(302);
          expectStaysHere(back.location, payload);
          const landing = new URL(back.location!, TEST_ORIGIN);
          const end = await callRoute(
            continueRoute.loader,
            request(`${landing.pathname}${landing.search}`, { cookie: jar.header }),
          );
          expect(end.status).toBe(302);
          expectStaysHere(end.location, payload);
        }
      },
      paced(120_000),
    );
  });
});
