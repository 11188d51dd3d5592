import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { closeDatabase, getDatabase } from "~/db/db.server";
import { user } from "~/db/schema.server";
import * as analytics from "./analytics";

/**
 * /admin/analytics through its loader, with real sessions of each role, on PGlite and (when
 * TEST_DATABASE_URL is set) on PostgreSQL: approvers and admins read it; models, affiliates and
 * visitors never reach its data; a bad range is answered 400 with the default range instead.
 */

// getEnv() and getAuth() keep the first environment and database they see; each target opens
// the application's database afresh, so both are read again (as in the auth tests).
vi.mock(import("~/utils/env.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    getEnv: (source = process.env) =>
      actual.getEnv(source === process.env ? { ...process.env } : source),
  };
});
vi.mock(import("~/auth/auth.server"), async (importOriginal) => {
  const actual = await importOriginal();
  const { getDatabase } = await import("~/db/db.server");
  const { getEnv } = await import("~/utils/env.server");
  let built:
    { db: unknown; env: string; auth: ReturnType<typeof actual.createAuthFor> } | undefined;
  return {
    ...actual,
    getAuth: async () => {
      const db = await getDatabase();
      const env = JSON.stringify(getEnv());
      if (built?.db !== db || built.env !== env) {
        built = { db, env, auth: actual.createAuthFor(db) };
      }
      return built.auth;
    },
  };
});

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const targets: [string, string | undefined][] = [["PGlite", undefined]];
if (postgresUrl) targets.push(["PostgreSQL", postgresUrl]);

const ORIGIN = "http://127.0.0.1:3997";
const PASSWORD = "maré-talent-analytics-2026!";

type Role = "model" | "affiliate" | "approver" | "admin";

/** What the loader answered: a thrown redirect, or data(…) with its status. */
async function load(request: Request) {
  try {
    const value = (await analytics.loader({
      request,
      params: {},
      context: {},
    } as unknown as Parameters<typeof analytics.loader>[0])) as unknown as {
      data: Awaited<ReturnType<typeof analytics.loader>> extends { data: infer D } ? D : never;
      init: ResponseInit | null;
    };
    return { status: value.init?.status ?? 200, location: null, data: value.data };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, location: error.headers.get("location"), data: undefined };
  }
}

describe.each(targets)("/admin/analytics on %s", (_name, databaseUrl) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Partial<Record<Role, string>> = {};
  const ids: string[] = [];

  const request = (query = "", who?: Role) =>
    new Request(`${ORIGIN}/admin/analytics${query}`, {
      headers: {
        "accept-language": "en",
        "x-client-ip": "198.51.100.90",
        ...(who ? { cookie: cookies[who]! } : {}),
      },
    });

  /** A signed-in account of a role, made through Better Auth and given the role. */
  async function account(role: Role) {
    const auth = await getAuth();
    const address = `${role}.${marker}@example.com`;
    await auth.api.signUpEmail({
      body: { name: `${role} ${marker}`, email: address, password: PASSWORD },
      headers: { origin: ORIGIN, "x-client-ip": `198.51.100.${ids.length + 10}` },
    });
    const [row] = await (
      await getDatabase()
    )
      .update(user)
      .set({ emailVerified: true, role })
      .where(eq(user.email, address))
      .returning({ id: user.id });
    ids.push(row!.id);
    const answer = await auth.api.signInEmail({
      body: { email: address, password: PASSWORD },
      headers: { origin: ORIGIN, "x-client-ip": `198.51.100.${ids.length + 30}` },
      asResponse: true,
    });
    expect(answer.status).toBe(200);
    cookies[role] = answer.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  }

  beforeAll(async () => {
    await closeDatabase();
    vi.stubEnv("DATABASE_URL", databaseUrl ?? "");
    vi.stubEnv("DATA_DIR", "memory://");
    vi.stubEnv("PUBLIC_ORIGIN", "");
    vi.stubEnv("ADMIN_EMAIL", "");
    vi.stubEnv("GOOGLE_CLIENT_ID", "");
    vi.stubEnv("GOOGLE_CLIENT_SECRET", "");
    await getDatabase();
    for (const role of ["model", "affiliate", "approver", "admin"] as const) await account(role);
  }, 60_000);

  afterAll(async () => {
    if (ids.length) await (await getDatabase()).delete(user).where(inArray(user.id, ids));
    await closeDatabase();
    vi.unstubAllEnvs();
  });

  it("sends a visitor to sign in, with the way back", async () => {
    const answer = await load(request());
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login\?redirect=%2Fadmin%2Fanalytics/);
  });

  it.each(["model", "affiliate"] as const)("refuses a signed-in %s", async (role) => {
    const answer = await load(request("", role));
    expect(answer).toMatchObject({ status: 302, location: "/permission-denied" });
  });

  it.each(["approver", "admin"] as const)("shows the last 30 days to an %s", async (role) => {
    const answer = await load(request("", role));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      errors: {},
      range: { group: "day" },
      presets: [{ days: 7 }, { days: 30 }, { days: 90 }],
    });
    expect(answer.data!.overTime).toHaveLength(30);
    expect(answer.data!.funnel).toMatchObject({
      pageViews: expect.any(Number),
      started: expect.any(Number),
      submitted: expect.any(Number),
      approved: expect.any(Number),
    });
  });

  it("groups by month when asked, with names of the buckets in her language", async () => {
    const answer = await load(request("?from=2026-01-01&to=2026-03-31&group=month", "admin"));
    expect(answer.status).toBe(200);
    expect(answer.data!.overTime.map((row) => row.label)).toEqual([
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
    ]);
  });

  it("answers a bad range with 400, the errors per field and the default range", async () => {
    const answer = await load(request("?from=2020-01-01&to=2026-01-01&group=day", "approver"));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { from: "admin.analytics.errors.tooLong" },
      form: { from: "2020-01-01", to: "2026-01-01" },
    });
    expect(answer.data!.overTime).toHaveLength(30);
    const nonsense = await load(request("?from=soon&group=year", "approver"));
    expect(nonsense.status).toBe(400);
    expect(nonsense.data!.errors).toEqual({
      from: "admin.analytics.errors.date",
      group: "admin.analytics.errors.group",
    });
  });
});
