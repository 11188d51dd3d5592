import { randomBytes } from "node:crypto";
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mayAct, mayOpen, screenAt } from "#app/auth/permissions.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { roles, type Role } from "#app/db/roles.ts";
import { accessLog, rateLimits, user } from "#app/db/schema.server.ts";
import routeConfig from "#app/routes.ts";
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
 * Every loader and action of a signed-in screen, called in-process (without the admin layout's
 * middleware, which over HTTP would hide a screen that forgot its own guard) by a visitor and a
 * signed-in user of each role: the roles that app/auth/permissions.ts names get past the guard,
 * a visitor is sent to log in and back, any other role to /permission-denied. The map itself is
 * checked against product.md in app/auth/permissions.test.ts; over HTTP, with the middleware and
 * `.data` requests, in tests/e2e/access.spec.ts.
 */

const PASSWORD = "guardas-das-telas-2026!";

/** Loaders that guard nothing on purpose: everyone gets the same answer, which shows nothing. */
const unguardedLoaders: Record<string, string> = {
  "/account/privacy": "a GET only sends everyone to her dashboard, whose own guard decides",
};

type Who = "visitor" | Role;
type Handler = (args: never) => unknown;
type RouteModule = { loader?: Handler; action?: Handler };
interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Each route module of the table with the URL pattern it answers (a layout: its own). */
function routesOf(entries: RouteEntry[], parent = ""): { file: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index
      ? parent || "/"
      : entry.path !== undefined
        ? `${parent}/${entry.path}`.replace(/\/+/g, "/")
        : undefined;
    return [
      ...(own ? [{ file: entry.file, pattern: own }] : []),
      ...routesOf(entry.children ?? [], own ?? parent),
    ];
  });
}

const routeModules = import.meta.glob<RouteModule>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}"]);
const moduleOf = (file: string) => routeModules[`./${file.replace(/^routes\//, "")}`]!();
const guardedRoutes = await Promise.all(
  routesOf(routeConfig as RouteEntry[]).flatMap(({ file, pattern }) => {
    const screen = screenAt(pattern);
    return screen ? [moduleOf(file).then((module) => ({ file, pattern, screen, module }))] : [];
  }),
);

describe.each(routeTestTargets)("every signed-in screen's guard on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies = new Map<Who, string>();
  const ids: string[] = [];

  function request(who: Who, url: string, method: "GET" | "POST") {
    return new Request(`${TEST_ORIGIN}${url}`, {
      method,
      body: method === "POST" ? new URLSearchParams() : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": "198.51.100.96",
        ...(cookies.has(who) ? { cookie: cookies.get(who)! } : {}),
      },
    });
  }

  /** One call as one line, "who → status location", to compare with what the map expects. */
  async function answer(handler: Handler, who: Who, url: string, method: "GET" | "POST") {
    const outcome = await callRoute(handler, request(who, url, method), { id: "999999" });
    await outcome.response?.body?.cancel();
    if (outcome.location?.startsWith("/login?")) return `${who} → 302 ${outcome.location}`;
    // A role refused: sent to /permission-denied, or answered 403 where the screen tells her why
    // on the spot (the merge of duplicates, which an approver may see but not send).
    const refused = outcome.location === "/permission-denied" || outcome.status === 403;
    return `${who} → ${refused ? "refused" : "past the guard"}`;
  }

  const expected = (who: Who, url: string, allowed: boolean) =>
    `${who} → ${
      who === "visitor"
        ? `302 /login?redirect=${encodeURIComponent(url)}`
        : allowed
          ? "past the guard"
          : "refused"
    }`;

  beforeAll(async () => {
    await openAppDatabase(kind, {
      ...TEST_SERVER_SETTINGS,
      SMTP_URL: "",
      // Fixed, so that the sessions outlive the change to an https origin below.
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    });
    for (const [index, role] of roles.entries()) {
      const made = await signedInAccount({
        email: `${role}.${marker}@example.com`,
        name: `${role} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
        ip: `198.51.100.${index + 90}`,
      });
      ids.push(made.id);
      cookies.set(role, made.cookie);
    }
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    if (ids.length) {
      await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
      await db.delete(user).where(inArray(user.id, ids));
    }
    await db.delete(rateLimits).where(like(rateLimits.key, `%.${marker}@%`));
    await closeAppDatabase();
  });

  const everyone: Who[] = ["visitor", ...roles];

  for (const { file, pattern, screen, module } of guardedRoutes) {
    const url = pattern.replace(/:id\b/g, "999999");
    const { loader, action } = module;

    if (loader && !unguardedLoaders[pattern]) {
      it(`${file} (${pattern}): its loader opens ${screen} to the roles the map names`, async () => {
        const seen: string[] = [];
        for (const who of everyone) seen.push(await answer(loader, who, url, "GET"));
        expect(seen).toEqual(
          everyone.map((who) => expected(who, url, who !== "visitor" && mayOpen(who, screen))),
        );
      });
    }

    if (action) {
      it(`${file} (${pattern}): its action lets in the roles that may act on ${screen}`, async () => {
        const seen: string[] = [];
        for (const who of everyone) seen.push(await answer(action, who, url, "POST"));
        expect(seen).toEqual(
          everyone.map((who) => expected(who, url, who !== "visitor" && mayAct(who, screen))),
        );
      });
    }
  }

  it("names every unguarded loader's route as a screen", () => {
    const patterns = guardedRoutes.map((route) => route.pattern);
    expect(Object.keys(unguardedLoaders).filter((pattern) => !patterns.includes(pattern))).toEqual(
      [],
    );
  });

  it("in production, staff without two-step sign-in set it up before any back-office screen", async () => {
    // An https origin: Better Auth's cookies take the __Secure- prefix.
    vi.stubEnv("PUBLIC_ORIGIN", "https://maretalent.example");
    try {
      const secure = (who: Who) => cookies.get(who)!.replace(/(^|; )/g, "$1__Secure-");
      const call = async (file: string, who: Who, url: string) => {
        const { loader } = await moduleOf(file);
        const outcome = await callRoute(
          loader!,
          new Request(`${TEST_ORIGIN}${url}`, { headers: { cookie: secure(who) } }),
        );
        await outcome.response?.body?.cancel();
        return `${outcome.status} ${outcome.location}`;
      };
      // The second step is asked for before the screen's own roles are looked at.
      expect(await call("routes/admin/users.tsx", "approver", "/admin/users")).toBe(
        "302 /account/security?required",
      );
      expect(await call("routes/admin/dashboard.tsx", "admin", "/admin/dashboard")).toBe(
        "302 /account/security?required",
      );
      expect(await call("routes/admin/dashboard.tsx", "model", "/admin/dashboard")).toBe(
        "302 /permission-denied",
      );
      // Where she turns it on, and her own areas, ask nothing of the kind.
      expect(await call("routes/account/security.tsx", "approver", "/account/security")).toBe(
        "200 null",
      );
      expect(await call("routes/areas/portal.tsx", "affiliate", "/portal")).toBe("200 null");
    } finally {
      vi.stubEnv("PUBLIC_ORIGIN", "");
    }
  });
});
