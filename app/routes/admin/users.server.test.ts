import { randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, outbox, session, user, type Role } from "#app/db/schema.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { mayAct, mayOpen, type ScreenName } from "#app/auth/permissions.ts";
import * as accessReport from "./access-report.tsx";
import * as adminIndex from "./index.ts";
import * as adminLayout from "./layout.tsx";
import * as affiliates from "./affiliates.tsx";
import * as analytics from "./analytics.tsx";
import * as authReport from "./auth-report.tsx";
import * as blog from "./blog.tsx";
import * as content from "./content.tsx";
import * as dashboard from "./dashboard.tsx";
import * as emailLayout from "./email/layout.tsx";
import * as emailReasons from "./email/reasons.tsx";
import * as emailSmtp from "./email/smtp.tsx";
import * as images from "./images.ts";
import * as privacy from "./privacy.tsx";
import * as submissions from "./submissions.tsx";
import * as techReport from "./tech-report.tsx";
import * as users from "./users.tsx";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The Users screen and the auth report through their loaders and actions, as the browser posts
 * to them: who may, what is refused and with which status, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL. The rules themselves are tested in app/features/users/users.server.test.ts.
 */

type Handler = (args: never) => unknown;
const PASSWORD = "uma-senha-de-teste-longa";

describe.each(routeTestTargets)("admin users routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  const cookies = new Map<string, string>();

  function request(
    path: string,
    who?: string,
    form?: Record<string, string>,
    origin = TEST_ORIGIN,
  ) {
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin,
        "x-client-ip": "198.51.100.20",
        ...(who ? { cookie: cookies.get(who)! } : {}),
      },
    });
  }
  const load = (path: string, who?: string) => callRoute(users.loader, request(path, who));
  const post = (who: string, form: Record<string, string>, origin?: string) =>
    callRoute(users.action, request("/admin/users", who, form, origin));

  /** A verified account of a role, signed in: its session cookie is kept under its name. */
  async function account(name: string, role: Role) {
    const { id, cookie } = await signedInAccount({
      email: email(name),
      name: `${name} Teste`,
      role,
      password: PASSWORD,
      origin: TEST_ORIGIN,
    });
    cookies.set(name, cookie);
    return id;
  }

  let adminId: string;
  let approverId: string;
  let modelId: string;
  let writerId: string;

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    adminId = await account("admin", "admin");
    approverId = await account("approver", "approver");
    modelId = await account("model", "model");
    writerId = await account("writer", "model");
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    const ids = (
      await db
        .select({ id: user.id })
        .from(user)
        .where(like(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (ids.length) {
      await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
      await db.delete(user).where(inArray(user.id, ids));
    }
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await closeAppDatabase();
  });

  it("an approver, a model and a visitor are refused, both screens and every action", async () => {
    expect(await load("/admin/users", "approver")).toMatchObject({
      status: 302,
      location: "/permission-denied",
    });
    expect(await load("/admin/users", "model")).toMatchObject({
      status: 302,
      location: "/permission-denied",
    });
    expect((await load("/admin/users")).location).toBe("/login?redirect=%2Fadmin%2Fusers");
    const report = await callRoute(authReport.loader, request("/admin/auth-report", "approver"));
    expect(report).toMatchObject({ status: 302, location: "/permission-denied" });
    const forms: Record<string, string>[] = [
      { intent: "role", userId: modelId, role: "admin" },
      { intent: "disable", userId: modelId },
      { intent: "reset", userId: modelId },
    ];
    for (const form of forms) {
      expect(await post("approver", form)).toMatchObject({
        status: 302,
        location: "/permission-denied",
      });
    }
    const db = await getDatabase();
    const [row] = await db.select().from(user).where(eq(user.id, modelId));
    expect(row).toMatchObject({ role: "model", disabled: false });
    expect(await db.select().from(accessLog).where(eq(accessLog.actorId, approverId))).toEqual([]);
  });

  it("an admin sees the list, searched and filtered by role, and the auth report", async () => {
    const all = await load(`/admin/users?q=${encodeURIComponent(`approver.${marker}`)}`, "admin");
    expect(all.status).toBe(200);
    expect((all.data as { rows: { id: string; role: string }[] }).rows).toMatchObject([
      { id: approverId, role: "approver" },
    ]);
    const none = await load(`/admin/users?q=approver.${marker}&role=model&page=abc`, "admin");
    expect((none.data as { rows: unknown[]; page: number }).rows).toEqual([]);
    expect((none.data as { page: number }).page).toBe(1);
    const report = await callRoute(authReport.loader, request("/admin/auth-report", "admin"));
    expect(report.status).toBe(200);
    const data = report.data as {
      report: { days: unknown[]; methods: { method: string; signIns: number }[] };
    };
    expect(data.report.days).toHaveLength(30);
    expect(data.report.methods.find((m) => m.method === "password")?.signIns).toBeGreaterThan(0);
  });

  it("refuses a bad form (400), another site's post (403) and demoting herself (403)", async () => {
    expect(await post("admin", { intent: "role", userId: modelId, role: "owner" })).toMatchObject({
      status: 400,
      data: { ok: false, error: "admin.users.errors.invalid" },
    });
    expect(
      await post("admin", { intent: "disable", userId: modelId }, "https://evil.example"),
    ).toMatchObject({ status: 403 });
    expect(await post("admin", { intent: "role", userId: adminId, role: "model" })).toMatchObject({
      status: 403,
      data: { ok: false, error: "admin.users.errors.self" },
    });
    expect(await post("admin", { intent: "disable", userId: adminId })).toMatchObject({
      status: 403,
    });
    expect(
      await post("admin", { intent: "role", userId: "no-such-user", role: "model" }),
    ).toMatchObject({ status: 404 });
  });

  it("changes a role, disables (her session ends at once), enables and mails a reset link", async () => {
    expect(
      await post("admin", { intent: "role", userId: modelId, role: "approver" }),
    ).toMatchObject({ status: 200, data: { ok: true, message: "admin.users.done.role" } });
    // Still signed in (an approver now, so this admin-only screen sends her away).
    expect((await load("/admin/users", "model")).location).toBe("/permission-denied");

    expect(await post("admin", { intent: "disable", userId: modelId })).toMatchObject({
      data: { ok: true, message: "admin.users.done.disable" },
    });
    const db = await getDatabase();
    expect(await db.select().from(session).where(eq(session.userId, modelId))).toEqual([]);
    expect((await load("/admin/users", "model")).location).toBe("/login?redirect=%2Fadmin%2Fusers");
    expect(await post("admin", { intent: "enable", userId: modelId })).toMatchObject({
      data: { ok: true, message: "admin.users.done.enable" },
    });

    expect(await post("admin", { intent: "reset", userId: modelId })).toMatchObject({
      data: { ok: true, message: "admin.users.done.reset" },
    });
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email("model")), eq(outbox.kind, "reset")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/password-reset#access_token=/);

    const log = await db
      .select({ action: accessLog.action, ip: accessLog.ip })
      .from(accessLog)
      .where(eq(accessLog.subject, `user:${modelId}`))
      .orderBy(accessLog.id);
    expect(log).toEqual([
      { action: "user.role", ip: "198.51.100.20" },
      { action: "user.disable", ip: "198.51.100.20" },
      { action: "user.enable", ip: "198.51.100.20" },
      { action: "user.reset-link", ip: "198.51.100.20" },
    ]);
  });

  // The back office's screens an editor must open, and some she must not, as the loaders and
  // actions guard them (app/auth/permissions.ts decides which).
  const screens: [ScreenName, string, { loader?: Handler; action?: Handler }][] = [
    ["admin", "/admin", adminLayout],
    ["adminBlog", "/admin/blog", blog],
    ["adminContent", "/admin/content", content],
    ["adminImages", "/admin/images", images],
    ["adminDashboard", "/admin/dashboard", dashboard],
    ["adminReview", "/admin/cadastros", submissions],
    ["adminAffiliates", "/admin/afiliados", affiliates],
    ["adminAnalytics", "/admin/analytics", analytics],
    ["adminUsers", "/admin/users", users],
    ["adminEmail", "/admin/email", emailLayout],
    ["adminEmail", "/admin/email/smtp", emailSmtp],
    ["adminEmail", "/admin/email/reasons", emailReasons],
    ["adminPrivacy", "/admin/privacy", privacy],
    ["adminAccessReport", "/admin/access-report", accessReport],
    ["adminTechReport", "/admin/tech-report", techReport],
  ];

  /** The screens whose loader (or, with a form, action) lets her past its guard. */
  async function opened(who: string, method: "GET" | "POST" = "GET") {
    const past: string[] = [];
    for (const [, path, route] of screens) {
      const handler = method === "GET" ? route.loader : route.action;
      if (!handler) continue;
      // An empty form: past the guard it is refused as invalid, which changes nothing.
      const outcome = await callRoute(
        handler,
        request(path, who, method === "POST" ? {} : undefined),
      );
      await outcome.response?.body?.cancel();
      if (outcome.location !== "/permission-denied" && !outcome.location?.startsWith("/login")) {
        past.push(path);
      }
    }
    return past;
  }

  it("an admin makes a model an editor: she opens the content screens at once, and no other", async () => {
    const contentScreens = ["/admin", "/admin/blog", "/admin/content", "/admin/images"];
    expect(await opened("writer")).toEqual([]);
    expect(await post("admin", { intent: "role", userId: writerId, role: "editor" })).toMatchObject(
      { status: 200, data: { ok: true, message: "admin.users.done.role" } },
    );
    const db = await getDatabase();
    const [row] = await db.select().from(user).where(eq(user.id, writerId));
    expect(row!.role).toBe("editor");
    const [logged] = await db
      .select({ action: accessLog.action, actorId: accessLog.actorId, details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.subject, `user:${writerId}`));
    expect(logged).toEqual({
      action: "user.role",
      actorId: adminId,
      details: { from: "model", to: "editor" },
    });

    // The same session, now an editor's: exactly the screens the permission map gives her.
    const expected = (check: (screen: ScreenName) => boolean, has: "loader" | "action") =>
      screens.filter(([screen, , route]) => route[has] && check(screen)).map(([, path]) => path);
    expect(expected((screen) => mayOpen("editor", screen), "loader")).toEqual(contentScreens);
    expect(await opened("writer")).toEqual(contentScreens);
    expect(await opened("writer", "POST")).toEqual(
      expected((screen) => mayAct("editor", screen), "action"),
    );
    expect(await opened("writer", "POST")).toEqual([
      "/admin/blog",
      "/admin/content",
      "/admin/images",
    ]);
    // Her first screen in the back office is the articles'.
    expect(await callRoute(adminIndex.loader, request("/admin", "writer"))).toMatchObject({
      status: 302,
      location: "/admin/blog",
    });
    const list = await callRoute(
      content.loader,
      request("/admin/content?kind=faq&language=pt", "writer"),
    );
    expect(list.status).toBe(200);

    // Made a model again, she loses them as soon.
    expect(await post("admin", { intent: "role", userId: writerId, role: "model" })).toMatchObject({
      status: 200,
    });
    expect(await opened("writer")).toEqual([]);
  });

  it("an approver cannot make anyone an editor (or anything else)", async () => {
    for (const [userId, role] of [
      [modelId, "editor"],
      [approverId, "editor"],
      [modelId, "admin"],
    ] as const) {
      expect(await post("approver", { intent: "role", userId, role })).toMatchObject({
        status: 302,
        location: "/permission-denied",
      });
    }
    const db = await getDatabase();
    const rows = await db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(inArray(user.id, [modelId, approverId]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.role]))).toEqual({
      [modelId]: expect.not.stringMatching(/^(editor|admin)$/),
      [approverId]: "approver",
    });
    expect(await db.select().from(accessLog).where(eq(accessLog.actorId, approverId))).toEqual([]);
  });
});
