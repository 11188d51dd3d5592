import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, staffProfiles, submissions } from "#app/db/schema.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import * as bulkRoute from "./bulk-manager.ts";
import * as profileRoute from "./profile.tsx";
import * as managerRoute from "./submission-manager.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Issue 29's endpoints over HTTP, as their users and their attackers send them: a talent manager
 * is assigned by approvers and admins only, and is only ever an approver or an admin; the
 * profile a reviewer saves is her own; another site's post with her session changes nothing.
 */
describe.each(routeTestTargets)("talent managers' endpoints on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids, cookies, account } = namedAccounts(marker, (who) => `${who} ${marker}`);
  let approved: number[];
  let pending: number;

  const request = (
    path: string,
    {
      fields,
      who,
      origin = TEST_ORIGIN,
      navigate = false,
    }: { fields?: [string, string][]; who?: string; origin?: string; navigate?: boolean } = {},
  ) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: fields ? "POST" : "GET",
      body: fields ? new URLSearchParams(fields) : undefined,
      headers: {
        ...(fields ? { origin } : {}),
        ...(who ? { cookie: cookies[who]! } : {}),
        "sec-fetch-mode": navigate ? "navigate" : "cors",
      },
    });

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    await account("lia", "approver");
    await account("ana", "admin");
    await account("edu", "editor");
    await account("mel", "model");
    await account("afi", "affiliate");
    const rows = await insertApplicationRows(await getDatabase(), [
      { fullName: `Carla ${marker}`, status: "Aprovado" },
      { fullName: `Duda ${marker}`, status: "Aprovado" },
      { fullName: `Eva ${marker}`, status: "Pendente" },
    ]);
    approved = [rows[0]!.id, rows[1]!.id];
    pending = rows[2]!.id;
  }, paced(120_000));
  afterAll(async () => {
    await closeAppDatabase();
  });

  const managersOf = async (list: number[]) =>
    (
      await (
        await getDatabase()
      )
        .select({ id: submissions.id, managerId: submissions.managerId })
        .from(submissions)
        .where(inArray(submissions.id, list))
    )
      .sort((a, b) => a.id - b.id)
      .map((row) => row.managerId);
  const assignments = async (id: number) =>
    (await getDatabase())
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.action, "submission.manager"), eq(accessLog.subject, `submission:${id}`)),
      );

  const routes = () => [
    {
      name: "/admin/cadastros/:id/manager",
      module: managerRoute,
      path: `/admin/cadastros/${approved[0]}/manager`,
      params: { id: String(approved[0]) } as Record<string, string>,
      fields: [["manager", ids.lia!]] as [string, string][],
    },
    {
      name: "/admin/bulk-manager",
      module: bulkRoute,
      path: "/admin/bulk-manager",
      params: {} as Record<string, string>,
      fields: [
        ["manager", ids.lia!],
        ["id", String(approved[0])],
      ] as [string, string][],
    },
    {
      name: "/admin/profile",
      module: profileRoute,
      path: "/admin/profile",
      params: {} as Record<string, string>,
      fields: [["displayName", `Intruder ${marker}`]] as [string, string][],
    },
  ];

  it("sends a visitor to sign in and a model, an affiliate or an editor away, changing nothing", async () => {
    for (const route of routes()) {
      for (const who of [undefined, "mel", "afi", "edu"]) {
        for (const fields of [undefined, route.fields]) {
          const handler = fields ? route.module.action : route.module.loader;
          const answer = await callRoute(
            handler as never,
            request(route.path, { fields, who }),
            route.params,
          );
          expect(answer.status, `${route.name} ${who ?? "visitor"}`).toBe(302);
          expect(answer.location).toMatch(who ? /^\/permission-denied$/ : /^\/login\?redirect=/);
        }
      }
    }
    expect(await managersOf(approved)).toEqual([null, null]);
    expect(await assignments(approved[0]!)).toEqual([]);
    const profiles = await (
      await getDatabase()
    )
      .select()
      .from(staffProfiles)
      .where(eq(staffProfiles.displayName, `Intruder ${marker}`));
    expect(profiles).toEqual([]);
  });

  it("refuses another site's post with a reviewer's session: 403, nothing changed", async () => {
    for (const route of routes()) {
      const answer = await callRoute(
        route.module.action as never,
        request(route.path, { fields: route.fields, who: "ana", origin: "https://evil.example" }),
        route.params,
      );
      expect(answer.status, route.name).toBe(403);
    }
    expect(await managersOf(approved)).toEqual([null, null]);
    expect(
      await (
        await getDatabase()
      )
        .select()
        .from(staffProfiles)
        .where(eq(staffProfiles.userId, ids.ana!)),
    ).toEqual([]);
  });

  it("refuses an approver making a model, an affiliate or an editor her manager", async () => {
    for (const who of ["mel", "afi", "edu"]) {
      const one = await callRoute(
        managerRoute.action,
        request(`/admin/cadastros/${approved[0]}/manager`, {
          fields: [["manager", ids[who]!]],
          who: "lia",
        }),
        { id: String(approved[0]) },
      );
      expect(one).toMatchObject({ status: 400, data: { ok: false, outcome: "notStaff" } });
      const many = await callRoute(
        bulkRoute.action,
        request("/admin/bulk-manager", {
          fields: [
            ["manager", ids[who]!],
            ["id", String(approved[0])],
            ["id", String(approved[1])],
          ],
          who: "lia",
        }),
      );
      expect(many).toMatchObject({ status: 400, data: { ok: false, outcome: "notStaff" } });
    }
    expect(await managersOf(approved)).toEqual([null, null]);
    expect(await assignments(approved[0]!)).toEqual([]);
  });

  it("assigns from her page (herself), and without JavaScript goes back to her page saying so", async () => {
    const [carla] = approved;
    const back = `/admin/cadastros/${carla}?list=aprovados`;
    const answer = await callRoute(
      managerRoute.action,
      request(`/admin/cadastros/${carla}/manager`, {
        fields: [
          ["manager", "me"],
          ["return", back],
        ],
        who: "lia",
        navigate: true,
      }),
      { id: String(carla) },
    );
    expect(answer).toMatchObject({
      status: 303,
      location: `/admin/cadastros/${carla}?list=aprovados&manager=assigned`,
    });
    expect(await managersOf([carla!])).toEqual([ids.lia]);
    expect(await assignments(carla!)).toHaveLength(1);
    // Again: the same manager, nothing new.
    const again = await callRoute(
      managerRoute.action,
      request(`/admin/cadastros/${carla}/manager`, { fields: [["manager", "me"]], who: "lia" }),
      { id: String(carla) },
    );
    expect(again).toMatchObject({ status: 200, data: { ok: true, outcome: "same" } });
    expect(await assignments(carla!)).toHaveLength(1);
  });

  it("never sends a browser elsewhere than her page, and refuses a pending application", async () => {
    const answer = await callRoute(
      managerRoute.action,
      request(`/admin/cadastros/${pending}/manager`, {
        fields: [
          ["manager", "me"],
          ["return", "https://evil.example/"],
        ],
        who: "ana",
        navigate: true,
      }),
      { id: String(pending) },
    );
    expect(answer).toMatchObject({ status: 400, data: { outcome: "notApproved" } });
    expect(await managersOf([pending])).toEqual([null]);
  });

  it("assigns the ticked approved rows in bulk, leaving a pending one as it is", async () => {
    const answer = await callRoute(
      bulkRoute.action,
      request("/admin/bulk-manager", {
        fields: [
          ["manager", ids.ana!],
          ...approved.map((id): [string, string] => ["id", String(id)]),
          ["id", String(pending)],
          ["id", "not-a-row"],
          ["return", "/admin/aprovados?q=x"],
        ],
        who: "lia",
        navigate: true,
      }),
    );
    expect(answer).toMatchObject({
      status: 303,
      location: "/admin/aprovados?q=x&manager=bulk&managed=2.0.1",
    });
    expect(await managersOf(approved)).toEqual([ids.ana, ids.ana]);
    expect(await managersOf([pending])).toEqual([null]);
    const none = await callRoute(
      bulkRoute.action,
      request("/admin/bulk-manager", { fields: [["manager", ids.ana!]], who: "lia" }),
    );
    expect(none).toMatchObject({ status: 400, data: { outcome: "chooseRows" } });
  });

  it("saves the reviewer's own profile whatever the form names, and refuses bad input keeping her words", async () => {
    const saved = await callRoute(
      profileRoute.action,
      request("/admin/profile", {
        fields: [
          ["displayName", "Lia Reviewer"],
          ["userId", ids.ana!],
          ["whatsapp", "+55 48 99123-4567"],
          ["meetingUrl", "https://meet.example.com/lia"],
          ["intro-pt", "Oi!"],
        ],
        who: "lia",
      }),
    );
    expect(saved).toMatchObject({ status: 303, location: "/admin/profile?saved=1" });
    const rows = await (
      await getDatabase()
    )
      .select({ userId: staffProfiles.userId, whatsapp: staffProfiles.whatsapp })
      .from(staffProfiles)
      .where(inArray(staffProfiles.userId, [ids.lia!, ids.ana!]));
    expect(rows).toEqual([{ userId: ids.lia, whatsapp: "+5548991234567" }]);

    for (const [field, value, error] of [
      ["meetingUrl", "javascript:alert(1)", "manager.profile.errors.meetingUrl"],
      ["meetingUrl", "http://meet.example.com/lia", "manager.profile.errors.meetingUrl"],
      ["whatsapp", "call me", "manager.profile.errors.whatsapp"],
      ["intro-de", "x".repeat(601), "manager.profile.errors.introTooLong"],
    ] as const) {
      const refused = await callRoute(
        profileRoute.action,
        request("/admin/profile", {
          fields: [
            ["displayName", "Lia Changed"],
            ["intro-pt", "Palavras dela"],
            [field, value],
          ],
          who: "lia",
        }),
      );
      expect(refused, field).toMatchObject({
        status: 400,
        data: { errors: { [field]: error }, values: { "intro-pt": "Palavras dela" } },
      });
    }
    const [kept] = await (
      await getDatabase()
    )
      .select({ name: staffProfiles.displayName, meetingUrl: staffProfiles.meetingUrl })
      .from(staffProfiles)
      .where(eq(staffProfiles.userId, ids.lia!));
    expect(kept).toEqual({ name: "Lia Reviewer", meetingUrl: "https://meet.example.com/lia" });
  });

  it("refuses a photo sent without her consent, storing nothing", async () => {
    const body = new FormData();
    body.set("displayName", "Lia With Photo");
    body.set(
      "photo",
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "me.jpg", { type: "image/jpeg" }),
    );
    const answer = await callRoute(
      profileRoute.action,
      new Request(`${TEST_ORIGIN}/admin/profile`, {
        method: "POST",
        body,
        headers: { origin: TEST_ORIGIN, cookie: cookies.lia! },
      }),
    );
    expect(answer).toMatchObject({
      status: 400,
      data: { errors: { photo: "manager.profile.errors.consent" } },
    });
    const [row] = await (
      await getDatabase()
    )
      .select({ name: staffProfiles.displayName, photo: staffProfiles.photoImageId })
      .from(staffProfiles)
      .where(eq(staffProfiles.userId, ids.lia!));
    expect(row).toEqual({ name: "Lia Reviewer", photo: null });
  });
});
