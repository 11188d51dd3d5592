import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  savedViews,
  submissionRatings,
  submissions,
  submissionTags,
  tags,
} from "#app/db/schema.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import * as bulkTagRoute from "./bulk-tag.ts";
import * as savedViewsRoute from "./saved-views.ts";
import * as teamRoute from "./submission-team.ts";
import * as listRoute from "./submissions.tsx";
import * as tagsRoute from "./tags.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The team's endpoints over HTTP, as their users and their attackers send them: the tags'
 * settings are the admin's (an approver's post is refused and creates nothing), an application's
 * owner, tags and rating are any reviewer's, and a saved view is its owner's alone (another
 * reviewer posting its id finds nothing to rename or delete, and never reads it).
 */
describe.each(databaseTargets)("the team's endpoints on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids, cookies, account } = namedAccounts(marker, (who) => `${who} ${marker}`);
  let applications: number[];

  const post = (
    path: string,
    fields: [string, string][],
    {
      who,
      origin = TEST_ORIGIN,
      navigate = false,
    }: { who?: string; origin?: string; navigate?: boolean } = {},
  ) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        origin,
        ...(who ? { cookie: cookies[who]! } : {}),
        // A browser without JavaScript posts the form itself: a navigation.
        "sec-fetch-mode": navigate ? "navigate" : "cors",
      },
    });
  const get = (path: string, who: string) =>
    new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: cookies[who]! } });

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    await account("lia", "approver");
    await account("bea", "approver");
    await account("ana", "admin");
    await account("edu", "editor");
    await account("mel", "model");
    const rows = await insertApplicationRows(await getDatabase(), [
      { fullName: `Carla ${marker}` },
      { fullName: `Duda ${marker}` },
      { fullName: `Eva ${marker}` },
    ]);
    applications = rows.map((row) => row.id);
  }, paced(120_000));

  afterAll(async () => {
    await closeAppDatabase();
  });

  const tagNamed = async (name: string) =>
    (await getDatabase()).select().from(tags).where(eq(tags.name, name));

  describe("/admin/tags", () => {
    it("lets the admin create a tag", async () => {
      const answer = await callRoute(
        tagsRoute.action,
        post(
          "/admin/tags",
          [
            ["intent", "create"],
            ["name", `VIP ${marker}`],
            ["colour", "coral"],
          ],
          { who: "ana" },
        ),
      );
      expect(answer).toMatchObject({ status: 200, data: { done: "created" } });
      expect(await tagNamed(`VIP ${marker}`)).toMatchObject([{ colour: "coral" }]);
    });

    it("refuses an approver's post (the attack): to /permission-denied, nothing created", async () => {
      for (const intent of ["create", "update", "delete"]) {
        const [vip] = await tagNamed(`VIP ${marker}`);
        const answer = await callRoute(
          tagsRoute.action,
          post(
            "/admin/tags",
            [
              ["intent", intent],
              ["id", String(vip!.id)],
              ["name", `Approver's ${marker}`],
              ["colour", "ink"],
            ],
            { who: "lia" },
          ),
        );
        expect(answer).toMatchObject({ status: 302, location: "/permission-denied" });
      }
      expect(await tagNamed(`Approver's ${marker}`)).toEqual([]);
      expect(
        await (
          await getDatabase()
        )
          .select()
          .from(accessLog)
          .where(and(eq(accessLog.action, "settings.tags"), eq(accessLog.actorId, ids.lia!))),
      ).toEqual([]);
      expect(await tagNamed(`VIP ${marker}`)).toHaveLength(1);
      const page = await callRoute(tagsRoute.loader, get("/admin/tags", "lia"));
      expect(page).toMatchObject({ status: 302, location: "/permission-denied" });
    });

    it("refuses another site's post with the admin's session: 403", async () => {
      const answer = await callRoute(
        tagsRoute.action,
        post(
          "/admin/tags",
          [
            ["intent", "create"],
            ["name", `Evil ${marker}`],
            ["colour", "ink"],
          ],
          { who: "ana", origin: "https://evil.example" },
        ),
      );
      expect(answer.status).toBe(403);
      expect(await tagNamed(`Evil ${marker}`)).toEqual([]);
    });

    it("answers bad input with its field's error and keeps what she typed", async () => {
      const empty = await callRoute(
        tagsRoute.action,
        post(
          "/admin/tags",
          [
            ["intent", "create"],
            ["name", "  "],
            ["colour", "hotpink"],
          ],
          { who: "ana" },
        ),
      );
      expect(empty).toMatchObject({
        status: 400,
        data: { errors: { name: "admin.tags.nameRequired", colour: "admin.tags.colourRequired" } },
      });
      const taken = await callRoute(
        tagsRoute.action,
        post(
          "/admin/tags",
          [
            ["intent", "create"],
            ["name", `vip ${marker}`],
            ["colour", "teal"],
          ],
          { who: "ana" },
        ),
      );
      expect(taken).toMatchObject({
        status: 409,
        data: { errors: { name: "admin.tags.taken" }, values: { name: `vip ${marker}` } },
      });
    });
  });

  describe("/admin/cadastros/:id/team", () => {
    const team = (id: number, fields: [string, string][], who?: string, navigate = false) =>
      callRoute(teamRoute.action, post(`/admin/cadastros/${id}/team`, fields, { who, navigate }), {
        id: String(id),
      });

    it("assigns her to herself, logged; back to her page when the browser posted it", async () => {
      const [carla] = applications;
      const back = `/admin/cadastros/${carla}?list=pendentes&q=ana`;
      const answer = await team(
        carla!,
        [
          ["intent", "assign"],
          ["owner", "me"],
          ["return", back],
        ],
        "lia",
        true,
      );
      expect(answer).toMatchObject({ status: 303, location: back });
      const [row] = await (
        await getDatabase()
      )
        .select({ ownerId: submissions.ownerId })
        .from(submissions)
        .where(eq(submissions.id, carla!));
      expect(row!.ownerId).toBe(ids.lia);
      const log = await (
        await getDatabase()
      )
        .select()
        .from(accessLog)
        .where(
          and(
            eq(accessLog.action, "submission.owner"),
            eq(accessLog.subject, `submission:${carla}`),
          ),
        );
      expect(log).toMatchObject([{ actorId: ids.lia, details: { to: `lia ${marker}` } }]);
    });

    it("never sends the browser back anywhere but her page", async () => {
      const [carla] = applications;
      for (const back of ["https://evil.example/", "//evil.example", "/admin/users", "/\\evil"]) {
        const answer = await team(
          carla!,
          [
            ["intent", "assign"],
            ["owner", "me"],
            ["return", back],
          ],
          "lia",
          true,
        );
        expect(answer.location).toBeNull();
        expect(answer).toMatchObject({ status: 200, data: { ok: true } });
      }
    });

    it("refuses an owner who is not active staff, with its reason", async () => {
      const [, duda] = applications;
      const answer = await team(
        duda!,
        [
          ["intent", "assign"],
          ["owner", ids.edu!],
        ],
        "bea",
      );
      expect(answer).toMatchObject({ status: 400, data: { error: "admin.owner.notStaff" } });
    });

    it("tags, untags and rates for the sender, and refuses a rating that is no rating", async () => {
      const [, duda] = applications;
      const [vip] = await tagNamed(`VIP ${marker}`);
      expect(
        await team(
          duda!,
          [
            ["intent", "tag"],
            ["tag", String(vip!.id)],
          ],
          "bea",
        ),
      ).toMatchObject({
        status: 200,
        data: { ok: true },
      });
      expect(
        await team(
          duda!,
          [
            ["intent", "tag"],
            ["tag", "999999"],
          ],
          "bea",
        ),
      ).toMatchObject({
        status: 400,
        data: { error: "admin.tags.unknown" },
      });
      expect(
        await team(
          duda!,
          [
            ["intent", "rate"],
            ["stars", "4"],
          ],
          "bea",
        ),
      ).toMatchObject({
        status: 200,
      });
      for (const stars of ["6", "0", "4.5", "five"]) {
        expect(
          (
            await team(
              duda!,
              [
                ["intent", "rate"],
                ["stars", stars],
              ],
              "bea",
            )
          ).status,
        ).toBe(400);
      }
      const ratings = await (
        await getDatabase()
      )
        .select()
        .from(submissionRatings)
        .where(eq(submissionRatings.submissionId, duda!));
      expect(ratings).toMatchObject([{ userId: ids.bea, stars: 4 }]);
      await team(
        duda!,
        [
          ["intent", "untag"],
          ["tag", String(vip!.id)],
        ],
        "bea",
      );
      expect(
        await (
          await getDatabase()
        )
          .select()
          .from(submissionTags)
          .where(eq(submissionTags.submissionId, duda!)),
      ).toEqual([]);
    });

    it("refuses an editor, a model and a visitor before reading the form", async () => {
      const [, , eva] = applications;
      for (const who of ["edu", "mel"]) {
        expect(
          await team(
            eva!,
            [
              ["intent", "assign"],
              ["owner", "me"],
            ],
            who,
          ),
        ).toMatchObject({
          status: 302,
          location: "/permission-denied",
        });
      }
      const visitor = await team(eva!, [
        ["intent", "assign"],
        ["owner", "me"],
      ]);
      expect(visitor.location).toMatch(/^\/login\?redirect=/);
      const [row] = await (
        await getDatabase()
      )
        .select({ ownerId: submissions.ownerId })
        .from(submissions)
        .where(eq(submissions.id, eva!));
      expect(row!.ownerId).toBeNull();
    });
  });

  describe("/admin/bulk-tag", () => {
    it("tags the ticked rows at once, and says how many", async () => {
      const [vip] = await tagNamed(`VIP ${marker}`);
      const fields: [string, string][] = [
        ["tag", String(vip!.id)],
        ["id", String(applications[1])],
        ["id", String(applications[2])],
        // The bulk decision's own fields come along and are not read.
        ["note", "never read"],
      ];
      const answer = await callRoute(
        bulkTagRoute.action,
        post("/admin/bulk-tag", fields, { who: "lia" }),
      );
      expect(answer).toMatchObject({ status: 200, data: { ok: true, count: 2 } });
      const plain = await callRoute(
        bulkTagRoute.action,
        post("/admin/bulk-tag", [...fields, ["return", "/admin/pendentes?tag=1"]], {
          who: "lia",
          navigate: true,
        }),
      );
      expect(plain).toMatchObject({ status: 303, location: "/admin/pendentes?tag=1" });
    });

    it("asks for a tag and for rows, in her language's words", async () => {
      const [vip] = await tagNamed(`VIP ${marker}`);
      const noTag = await callRoute(
        bulkTagRoute.action,
        post("/admin/bulk-tag", [["id", String(applications[0])]], { who: "lia" }),
      );
      expect(noTag).toMatchObject({ status: 400, data: { error: "admin.tags.choose" } });
      const noRows = await callRoute(
        bulkTagRoute.action,
        post("/admin/bulk-tag", [["tag", String(vip!.id)]], { who: "lia" }),
      );
      expect(noRows).toMatchObject({ status: 400, data: { error: "admin.bulk.chooseRows" } });
      const model = await callRoute(
        bulkTagRoute.action,
        post(
          "/admin/bulk-tag",
          [
            ["tag", String(vip!.id)],
            ["id", "1"],
          ],
          { who: "mel" },
        ),
      );
      expect(model).toMatchObject({ status: 302, location: "/permission-denied" });
    });
  });

  describe("/admin/views", () => {
    const views = (fields: [string, string][], who: string) =>
      callRoute(savedViewsRoute.action, post("/admin/views", fields, { who }));

    it("keeps a view for her alone: Bea, with Lia's view's id, can neither read, rename nor delete it", async () => {
      expect(
        await views(
          [
            ["intent", "save"],
            ["name", "Mine"],
            ["href", "/admin/cadastros?owner=me"],
          ],
          "lia",
        ),
      ).toMatchObject({ status: 200, data: { ok: true } });
      const db = await getDatabase();
      const [hers] = await db.select().from(savedViews).where(eq(savedViews.userId, ids.lia!));

      // The attack: Bea posts Lia's view's id.
      expect(
        await views(
          [
            ["intent", "rename"],
            ["id", String(hers!.id)],
            ["name", "Bea's now"],
          ],
          "bea",
        ),
      ).toMatchObject({ status: 404, data: { error: "admin.views.missing" } });
      expect(
        await views(
          [
            ["intent", "delete"],
            ["id", String(hers!.id)],
          ],
          "bea",
        ),
      ).toMatchObject({
        status: 404,
      });
      expect(await db.select().from(savedViews).where(eq(savedViews.id, hers!.id))).toMatchObject([
        { name: "Mine", userId: ids.lia },
      ]);

      // Neither does her list show it to Bea; Lia's does.
      const list = async (who: string) =>
        (await callRoute(listRoute.loader, get("/admin/cadastros", who))).data as {
          views: { id: number }[];
        };
      expect((await list("bea")).views.map((view) => view.id)).not.toContain(hers!.id);
      expect((await list("lia")).views.map((view) => view.id)).toContain(hers!.id);
    });

    it("refuses what is not a list, an empty name and a name she already uses", async () => {
      expect(
        await views(
          [
            ["intent", "save"],
            ["name", "Users"],
            ["href", "/admin/users"],
          ],
          "lia",
        ),
      ).toMatchObject({ status: 400, data: { error: "admin.views.notAList" } });
      expect(
        await views(
          [
            ["intent", "save"],
            ["name", " "],
            ["href", "/admin/cadastros"],
          ],
          "lia",
        ),
      ).toMatchObject({ status: 400, data: { error: "admin.views.nameRequired" } });
      expect(
        await views(
          [
            ["intent", "save"],
            ["name", "MINE"],
            ["href", "/admin/cadastros"],
          ],
          "lia",
        ),
      ).toMatchObject({ status: 409, data: { error: "admin.views.taken" } });
    });
  });
});
