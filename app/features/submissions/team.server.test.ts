import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  savedViews,
  submissionRatings,
  submissions,
  submissionTags,
  tags,
  user,
} from "#app/db/schema.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate, insertApplicationRows } from "#app/test/factories.ts";
import { exportSubmissions } from "./export.server.ts";
import { readReviewFilter, reviewFilterParams } from "./review-filter.ts";
import { listSubmissions, reviewListQuery, type ReviewListFilter } from "./review-list.server.ts";
import { deleteView, listViews, renameView, saveView, viewHref } from "./saved-views.server.ts";
import {
  applicationTeam,
  assignOwner,
  createTag,
  deleteTag,
  listStaff,
  listTags,
  rateApplication,
  tagApplications,
  teamOf,
  untagApplication,
  updateTag,
} from "./team.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Working as a team (issue 28) on both databases: an owner per application (logged), tags and
 * their bulk tagging (one statement), one rating per reviewer and the average, saved views that
 * are hers alone, the list's filters and their plans, the export's columns, and nothing left
 * behind when an application is deleted or erased.
 */
describe.each(databaseTargets)("working as a team on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const db = () => database.db;
  let lia: string;
  let bea: string;
  let admin: string;
  let editor: string;
  let disabled: string;
  let ids: number[];
  const day = 24 * 3600 * 1000;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    lia = await insertAccount(db(), { role: "approver", name: "Lia Prado" });
    bea = await insertAccount(db(), { role: "approver", name: "Bea Rocha" });
    admin = await insertAccount(db(), { role: "admin", name: "Ana Admin" });
    editor = await insertAccount(db(), { role: "editor", name: "Edu Editor" });
    disabled = await insertAccount(db(), { role: "approver", name: "Dora Off", disabled: true });
    const { id: affiliateId } = await insertAffiliate(db());
    const now = Date.now();
    const rows = await insertApplicationRows(db(), [
      { fullName: "Carla Dias", createdAt: new Date(now - 10 * day) },
      { fullName: "Duda Lima", createdAt: new Date(now - 8 * day), affiliateId },
      { fullName: "Eva Reis", createdAt: new Date(now - 2 * day) },
      { fullName: "Fê Alves", createdAt: new Date(now - 9 * day), status: "Aprovado" },
      { fullName: "Gabi Luz", createdAt: new Date(now - day) },
    ]);
    ids = rows.map((row) => row.id);
    // Migrating PGlite takes more than vitest's 10 s on a busy machine.
  }, paced(60_000));
  afterAll(() => database.close());

  const names = async (filter: ReviewListFilter) =>
    (await listSubmissions(db(), { ...filter, limit: 50 })).rows.map((row) => row.fullName);

  describe("an owner", () => {
    it("is assigned, changed and taken away, each time in the access log", async () => {
      const [carla] = ids;
      const actor = { id: lia, ip: "198.51.100.7" };
      expect(await assignOwner(db(), { submissionId: carla!, ownerId: lia, actor })).toBe(
        "assigned",
      );
      expect((await applicationTeam(db(), carla!, lia))!.owner).toEqual({
        id: lia,
        name: "Lia Prado",
      });
      await assignOwner(db(), { submissionId: carla!, ownerId: bea, actor });
      await assignOwner(db(), { submissionId: carla!, ownerId: null, actor });
      // Unchanged: nothing to log.
      await assignOwner(db(), { submissionId: carla!, ownerId: null, actor });
      expect((await applicationTeam(db(), carla!, lia))!.owner).toBeNull();
      const log = await db()
        .select({ actorId: accessLog.actorId, details: accessLog.details, ip: accessLog.ip })
        .from(accessLog)
        .where(
          and(
            eq(accessLog.subject, `submission:${carla}`),
            eq(accessLog.action, "submission.owner"),
          ),
        )
        .orderBy(accessLog.id);
      expect(log).toEqual([
        {
          actorId: lia,
          ip: "198.51.100.7",
          details: { from: null, to: "Lia Prado", ownerId: lia },
        },
        {
          actorId: lia,
          ip: "198.51.100.7",
          details: { from: "Lia Prado", to: "Bea Rocha", ownerId: bea },
        },
        {
          actorId: lia,
          ip: "198.51.100.7",
          details: { from: "Bea Rocha", to: null, ownerId: null },
        },
      ]);
    });

    it("is only ever active staff: an editor, a disabled approver or no one at all is refused", async () => {
      const [, duda] = ids;
      const actor = { id: admin };
      for (const ownerId of [editor, disabled, "no-such-user"]) {
        expect(await assignOwner(db(), { submissionId: duda!, ownerId, actor })).toBe("not-staff");
      }
      expect((await applicationTeam(db(), duda!, admin))!.owner).toBeNull();
      expect(await assignOwner(db(), { submissionId: 999_999_999, ownerId: lia, actor })).toBe(
        "missing",
      );
      expect((await listStaff(db())).map((member) => member.name)).toEqual([
        "Ana Admin",
        "Bea Rocha",
        "Lia Prado",
      ]);
    });

    it("makes “Mine” each viewer's own, and “no owner” the rest", async () => {
      const [carla, duda, eva] = ids;
      await assignOwner(db(), { submissionId: carla!, ownerId: lia, actor: { id: lia } });
      await assignOwner(db(), { submissionId: eva!, ownerId: lia, actor: { id: lia } });
      await assignOwner(db(), { submissionId: duda!, ownerId: bea, actor: { id: bea } });
      expect(await names({ owner: "me", viewerId: lia })).toEqual(["Eva Reis", "Carla Dias"]);
      expect(await names({ owner: "me", viewerId: bea })).toEqual(["Duda Lima"]);
      // Without a viewer, "Mine" is nobody's: never everyone's.
      expect(await names({ owner: "me" })).toEqual([]);
      expect(await names({ owner: "none" })).toEqual(["Gabi Luz", "Fê Alves"]);
      // The URL carries "me", never an id: a saved "Mine" is whoever opens it.
      const filter = readReviewFilter(new URLSearchParams(`owner=me&viewerId=${bea}`));
      expect(filter.viewerId).toBeUndefined();
      expect(reviewFilterParams({ ...filter, viewerId: lia })).toEqual({ owner: "me" });
    });
  });

  describe("tags", () => {
    it("are created, renamed, recoloured and deleted, with one name each whatever its case", async () => {
      expect(await createTag(db(), { name: "VIP", colour: "coral", actor: { id: admin } })).toBe(
        "saved",
      );
      expect(await createTag(db(), { name: "vip", colour: "teal", actor: { id: admin } })).toBe(
        "taken",
      );
      expect(
        await createTag(db(), { name: "Fotos boas", colour: "sand", actor: { id: admin } }),
      ).toBe("saved");
      const [fotos, vip] = await listTags(db());
      expect([fotos!.name, vip!.name]).toEqual(["Fotos boas", "VIP"]);
      expect(
        await updateTag(db(), { id: fotos!.id, name: "Vip", colour: "ink", actor: { id: admin } }),
      ).toBe("taken");
      expect(
        await updateTag(db(), {
          id: fotos!.id,
          name: "Book ok",
          colour: "ink",
          actor: { id: admin },
        }),
      ).toBe("saved");
      // Her own name in another case is no clash.
      expect(
        await updateTag(db(), { id: vip!.id, name: "vip", colour: "rust", actor: { id: admin } }),
      ).toBe("saved");
      expect(await listTags(db())).toEqual([
        { id: fotos!.id, name: "Book ok", colour: "ink" },
        { id: vip!.id, name: "vip", colour: "rust" },
      ]);
      expect(
        await updateTag(db(), { id: 999_999, name: "X", colour: "ink", actor: { id: admin } }),
      ).toBe("missing");
      // Each change that happened is a settings edit in the access log; a refused one is not.
      const log = await db()
        .select({ details: accessLog.details, actorId: accessLog.actorId })
        .from(accessLog)
        .where(eq(accessLog.action, "settings.tags"))
        .orderBy(accessLog.id);
      expect(log).toEqual([
        { actorId: admin, details: { change: "create", name: "VIP", colour: "coral" } },
        { actorId: admin, details: { change: "create", name: "Fotos boas", colour: "sand" } },
        { actorId: admin, details: { change: "update", name: "Book ok", colour: "ink" } },
        { actorId: admin, details: { change: "update", name: "vip", colour: "rust" } },
      ]);
      expect(await deleteTag(db(), 999_999, { id: admin })).toBe("missing");
    });

    it("refuses a colour outside the palette in the database itself", async () => {
      await expect(
        db().execute(sql`insert into tags (name, colour) values ('Neon', 'hotpink')`),
      ).rejects.toThrow();
    });

    it("go on and off an application, and a deleted tag leaves every application", async () => {
      const [carla] = ids;
      const [tag] = await db()
        .insert(tags)
        .values({ name: "Temporária", colour: "slate" })
        .returning({ id: tags.id });
      await tagApplications(db(), { ids: [carla!], tagId: tag!.id, actorId: lia });
      expect((await applicationTeam(db(), carla!, lia))!.tags.map((t) => t.name)).toContain(
        "Temporária",
      );
      await untagApplication(db(), { submissionId: carla!, tagId: tag!.id });
      expect((await applicationTeam(db(), carla!, lia))!.tags.map((t) => t.name)).not.toContain(
        "Temporária",
      );
      await tagApplications(db(), { ids: [carla!], tagId: tag!.id, actorId: lia });
      await deleteTag(db(), tag!.id, { id: admin });
      expect(
        await db().select().from(submissionTags).where(eq(submissionTags.tagId, tag!.id)),
      ).toEqual([]);
    });

    it("tags many in one statement: those already tagged and erased ones are left, an unknown tag is refused", async () => {
      const [tag] = await db()
        .insert(tags)
        .values({ name: "Lote", colour: "lagoon" })
        .returning({ id: tags.id });
      const [gone] = await insertApplicationRows(db(), [{ erasedAt: new Date(), fullName: "" }]);
      const first = await tagApplications(db(), {
        ids: [ids[0]!, ids[1]!],
        tagId: tag!.id,
        actorId: lia,
      });
      expect(first).toEqual({ outcome: "tagged", count: 2 });
      const second = await tagApplications(db(), {
        ids: [ids[0]!, ids[1]!, ids[2]!, gone!.id, 999_999_999],
        tagId: tag!.id,
        actorId: bea,
      });
      expect(second).toEqual({ outcome: "tagged", count: 1 });
      const tagged = await db()
        .select({ id: submissionTags.submissionId, by: submissionTags.addedBy })
        .from(submissionTags)
        .where(eq(submissionTags.tagId, tag!.id))
        .orderBy(submissionTags.submissionId);
      expect(tagged).toEqual([
        { id: ids[0], by: lia },
        { id: ids[1], by: lia },
        { id: ids[2], by: bea },
      ]);
      expect(await tagApplications(db(), { ids: [ids[3]!], tagId: 999_999, actorId: lia })).toEqual(
        { outcome: "unknown-tag" },
      );
    });

    it("tags all of them or none: a statement that fails at its last row stores nothing", async () => {
      const [tag] = await db()
        .insert(tags)
        .values({ name: "Tudo ou nada", colour: "teal" })
        .returning({ id: tags.id });
      const [fe, gabi] = [ids[3]!, ids[4]!];
      // A rule that only Gabi's row breaks: Fê's row, written first, must not stay.
      await db().execute(
        sql.raw(
          `alter table submission_tags add constraint test_not_gabi check (submission_id <> ${gabi})`,
        ),
      );
      try {
        await expect(
          tagApplications(db(), { ids: [fe, gabi], tagId: tag!.id, actorId: lia }),
        ).rejects.toThrow();
      } finally {
        await db().execute(sql`alter table submission_tags drop constraint test_not_gabi`);
      }
      expect(
        await db().select().from(submissionTags).where(eq(submissionTags.tagId, tag!.id)),
      ).toEqual([]);
    });
  });

  describe("ratings", () => {
    it("are one per reviewer, changeable and removable, and averaged", async () => {
      const [, duda] = ids;
      await rateApplication(db(), { submissionId: duda!, userId: lia, stars: 2 });
      await rateApplication(db(), { submissionId: duda!, userId: lia, stars: 4 });
      await rateApplication(db(), { submissionId: duda!, userId: bea, stars: 5 });
      await rateApplication(db(), { submissionId: duda!, userId: admin, stars: 3 });
      expect((await applicationTeam(db(), duda!, lia))!.rating).toEqual({
        average: 4,
        count: 3,
        mine: 4,
      });
      await rateApplication(db(), { submissionId: duda!, userId: admin, stars: null });
      expect((await applicationTeam(db(), duda!, admin))!.rating).toEqual({
        average: 4.5,
        count: 2,
        mine: null,
      });
      const rows = await db()
        .select()
        .from(submissionRatings)
        .where(eq(submissionRatings.submissionId, duda!));
      expect(rows).toHaveLength(2);
    });

    it("are 1 to 5, in the database itself, and only of applications that are there", async () => {
      await expect(
        db().insert(submissionRatings).values({ submissionId: ids[4]!, userId: lia, stars: 6 }),
      ).rejects.toThrow();
      await expect(
        db().insert(submissionRatings).values({ submissionId: ids[4]!, userId: lia, stars: 0 }),
      ).rejects.toThrow();
      expect(
        await rateApplication(db(), { submissionId: 999_999_999, userId: lia, stars: 3 }),
      ).toBe("missing");
    });

    it("keep the application's average in its row as they come, change, go and move (a merge)", async () => {
      const average = async (id: number) =>
        (
          await db()
            .select({ average: submissions.ratingAverage })
            .from(submissions)
            .where(eq(submissions.id, id))
        )[0]!.average;
      const [extra, other] = await insertApplicationRows(db(), [{}, {}]);
      expect(await average(extra!.id)).toBeNull();
      await rateApplication(db(), { submissionId: extra!.id, userId: lia, stars: 2 });
      await rateApplication(db(), { submissionId: extra!.id, userId: bea, stars: 5 });
      expect(await average(extra!.id)).toBe(3.5);
      await rateApplication(db(), { submissionId: extra!.id, userId: bea, stars: 3 });
      expect(await average(extra!.id)).toBe(2.5);
      // A merge moves the ratings with one UPDATE: both rows follow.
      await db()
        .update(submissionRatings)
        .set({ submissionId: other!.id })
        .where(eq(submissionRatings.submissionId, extra!.id));
      expect([await average(extra!.id), await average(other!.id)]).toEqual([null, 2.5]);
      await rateApplication(db(), { submissionId: other!.id, userId: lia, stars: null });
      await rateApplication(db(), { submissionId: other!.id, userId: bea, stars: null });
      expect(await average(other!.id)).toBeNull();
      await db()
        .delete(submissions)
        .where(inArray(submissions.id, [extra!.id, other!.id]));
    });

    it("filter the list by the least average", async () => {
      const [carla] = ids;
      await rateApplication(db(), { submissionId: carla!, userId: lia, stars: 3 });
      expect(await names({ minRating: 4 })).toEqual(["Duda Lima"]);
      expect(await names({ minRating: 3 })).toEqual(["Duda Lima", "Carla Dias"]);
      expect(await names({ minRating: 5 })).toEqual([]);
    });
  });

  describe("the team's data of a page", () => {
    it("comes in one query for every row of it", async () => {
      const page = ids.slice(0, 3);
      let queries = 0;
      const counting = new Proxy(db(), {
        get(target, key, receiver) {
          if (key === "select") queries += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const team = await teamOf(counting, page, lia);
      expect(queries).toBe(1);
      expect([...team.keys()].sort()).toEqual([...page].sort());
      expect(team.get(ids[1]!)).toMatchObject({
        owner: { name: "Bea Rocha" },
        rating: { average: 4.5, count: 2, mine: 4 },
      });
      expect(team.get(ids[1]!)!.tags.map((t) => t.name)).toEqual(["Lote"]);
    });
  });

  describe("the list's other filters", () => {
    it("keeps the referred ones, and the pending ones waiting more than five days", async () => {
      expect(await names({ referred: true })).toEqual(["Duda Lima"]);
      // Fê waited too, but she was decided.
      expect(await names({ waiting: true, sort: "oldest" })).toEqual(["Carla Dias", "Duda Lima"]);
      const [tag] = await listTags(db()).then((all) => all.filter((t) => t.name === "Lote"));
      expect(await names({ tagId: tag!.id })).toEqual(["Eva Reis", "Duda Lima", "Carla Dias"]);
      expect(await names({ tagId: tag!.id, owner: "me", viewerId: lia, minRating: 3 })).toEqual([
        "Carla Dias",
      ]);
    });

    it("reads the URL's filters, ignoring what is not one", () => {
      const filter = readReviewFilter(
        new URLSearchParams("owner=her&tag=1e3&rating=9&referred=yes&waiting=1"),
      );
      expect(filter).toMatchObject({ waiting: true });
      expect(filter.owner ?? filter.tagId ?? filter.minRating ?? filter.referred).toBeUndefined();
      expect(
        reviewFilterParams(
          readReviewFilter(new URLSearchParams("owner=none&tag=7&rating=4&referred=1")),
        ),
      ).toEqual({ owner: "none", tag: "7", rating: "4", referred: "1" });
    });

    /** The plan with the table's easy way out priced away, as review-list.server.test.ts does. */
    async function plan(filter: ReviewListFilter, settings: string[]) {
      return db().transaction(async (tx) => {
        for (const setting of settings) await tx.execute(sql.raw(`set local ${setting} = off`));
        const query = reviewListQuery(db(), filter, 50);
        const result = await tx.execute(sql`explain ${query.getSQL()}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((line) => Object.values(line)[0])
          .join("\n");
      });
    }

    it("reads “Mine” from the owner's index, already in order", async () => {
      const text = await plan({ owner: "me", viewerId: lia }, [
        "enable_seqscan",
        "enable_bitmapscan",
        "enable_sort",
      ]);
      expect(text).toContain("submissions_owner_created_idx");
      expect(text).not.toMatch(/Seq Scan|Sort/);
    });

    it("walks only the rated, or the referred, applications for “at least” and “Referred”", async () => {
      const off = ["enable_seqscan", "enable_bitmapscan", "enable_sort"];
      const rated = await plan({ minRating: 3 }, off);
      expect(rated).toContain("submissions_rated_created_idx");
      expect(rated).not.toMatch(/Seq Scan|Sort/);
      const referred = await plan({ referred: true }, off);
      expect(referred).toContain("submissions_referred_created_idx");
      expect(referred).not.toMatch(/Seq Scan|Sort/);
    });

    it("finds a tag's applications through the tag's index", async () => {
      const text = await plan({ tagId: 1 }, ["enable_seqscan"]);
      expect(text).toContain("submission_tags_tag_idx");
      expect(text).not.toContain("Seq Scan");
    });
  });

  describe("saved views", () => {
    it("are hers: another staff member can neither read, rename nor delete them", async () => {
      expect(
        await saveView(db(), { userId: lia, name: "Mine", href: "/admin/cadastros?owner=me" }),
      ).toBe("saved");
      expect(await saveView(db(), { userId: lia, name: "mine", href: "/admin/pendentes" })).toBe(
        "taken",
      );
      // The same name is Bea's to use too.
      expect(await saveView(db(), { userId: bea, name: "Mine", href: "/admin/pendentes" })).toBe(
        "saved",
      );
      const [hers] = await listViews(db(), lia);
      expect(hers).toMatchObject({ name: "Mine", href: "/admin/cadastros?owner=me" });
      expect((await listViews(db(), bea)).map((view) => view.href)).toEqual(["/admin/pendentes"]);

      // Bea, with Lia's view's id.
      expect(await renameView(db(), { userId: bea, id: hers!.id, name: "Stolen" })).toBe("missing");
      expect(await deleteView(db(), { userId: bea, id: hers!.id })).toBe("missing");
      expect(await listViews(db(), lia)).toEqual([hers]);

      expect(await renameView(db(), { userId: lia, id: hers!.id, name: "Minhas" })).toBe("saved");
      expect(await deleteView(db(), { userId: lia, id: hers!.id })).toBe("saved");
      expect(await listViews(db(), lia)).toEqual([]);
    });

    it("keep only a review list and the filters it reads", () => {
      expect(viewHref("/admin/pendentes?owner=me&sort=oldest&evil=1&after=abc")).toBe(
        "/admin/pendentes?sort=oldest&owner=me",
      );
      expect(viewHref("/admin/cadastros")).toBe("/admin/cadastros");
      for (const href of [
        "https://evil.example/admin/cadastros",
        "//evil.example",
        "/admin/users",
      ]) {
        expect(viewHref(href)).toBeNull();
      }
    });

    it("are at most 30 a person", async () => {
      for (let i = 0; i < 30; i += 1) {
        await saveView(db(), { userId: admin, name: `View ${i}`, href: "/admin/cadastros" });
      }
      expect(
        await saveView(db(), { userId: admin, name: "One more", href: "/admin/cadastros" }),
      ).toBe("full");
      await db().delete(savedViews).where(eq(savedViews.userId, admin));
    });
  });

  describe("the export", () => {
    it("has the owner, the tags and the average rating of each row, and logs the team filters", async () => {
      const stream = await exportSubmissions(
        db(),
        { referred: true, viewerId: lia },
        { id: lia, ip: null },
      );
      const lines = (await new Response(stream).text()).trimEnd().split("\r\n");
      expect(lines[0]).toMatch(/;"owner";"tags";"average_rating"$/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/;"Bea Rocha";"Lote";"4,5"$/);
      const [entry] = await db()
        .select({ details: accessLog.details })
        .from(accessLog)
        .where(and(eq(accessLog.actorId, lia), eq(accessLog.action, "submissions.export")));
      expect(entry!.details).toMatchObject({ referred: "1" });
    });
  });

  describe("nothing left behind", () => {
    it("when an application is erased: its tags and ratings go, its row stays", async () => {
      const [, duda] = ids;
      expect(await eraseApplications(db(), [duda!])).toEqual([duda]);
      const left = async (id: number) => [
        ...(await db().select().from(submissionTags).where(eq(submissionTags.submissionId, id))),
        ...(await db()
          .select()
          .from(submissionRatings)
          .where(eq(submissionRatings.submissionId, id))),
      ];
      expect(await left(duda!)).toEqual([]);
    });

    it("when an application is deleted: its tags and ratings go with it", async () => {
      const [carla] = ids;
      expect(
        (await db().select().from(submissionTags).where(eq(submissionTags.submissionId, carla!)))
          .length,
      ).toBeGreaterThan(0);
      await db().delete(submissions).where(eq(submissions.id, carla!));
      const [tagged, rated] = await Promise.all([
        db().select().from(submissionTags).where(eq(submissionTags.submissionId, carla!)),
        db().select().from(submissionRatings).where(eq(submissionRatings.submissionId, carla!)),
      ]);
      expect([tagged, rated]).toEqual([[], []]);
    });

    it("when a staff member's account is deleted: her ratings and views go, what she owned is nobody's", async () => {
      const [, , eva] = ids;
      await rateApplication(db(), { submissionId: eva!, userId: lia, stars: 5 });
      await saveView(db(), { userId: lia, name: "Last", href: "/admin/cadastros" });
      await db().delete(user).where(eq(user.id, lia));
      expect((await applicationTeam(db(), eva!, bea))!).toMatchObject({
        owner: null,
        rating: { count: 0 },
      });
      // The average in her row followed the cascade.
      const [row] = await db()
        .select({ average: submissions.ratingAverage })
        .from(submissions)
        .where(eq(submissions.id, eva!));
      expect(row!.average).toBeNull();
      expect(
        await db()
          .select()
          .from(savedViews)
          .where(inArray(savedViews.userId, [lia])),
      ).toEqual([]);
    });
  });
});
