import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  affiliateEntries,
  affiliatePayoutBatches,
  affiliatePayouts,
  referralMilestoneEvents,
  submissionNotes,
  submissions,
  submissionStatusHistory,
} from "#app/db/schema.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertAffiliate, insertApplication, insertApplicationRow } from "#app/test/factories.ts";
import { outcomeOf } from "#app/test/routes.ts";
import * as mergeRoute from "#app/routes/admin/submission-merge.tsx";
import { bigint, getTableConfig, integer, pgTable, text } from "drizzle-orm/pg-core";
import { mergeApplications, submissionChildTables, withDuplicates } from "./duplicates.server.ts";
import { addNote, listNotes } from "./notes.server.ts";
import { changeStatus } from "./review.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Duplicates and their merge (issue 28): flagged by address, merged by an admin only (the attack:
 * an approver posting the merge form is refused 403 and nothing moves), every child row moved to
 * the one kept, its blanks filled from the other and nothing of its own overwritten, the other
 * gone, the access log and the kept one's history saying so.
 */
const PASSWORD = "duplicadas-e-mescla-2026!";

describe.each(databaseTargets)("duplicates and merge on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const post = (id: number, fields: [string, string][], who: string, origin = TEST_ORIGIN) =>
    outcomeOf(() =>
      mergeRoute.action({
        request: new Request(`${TEST_ORIGIN}/admin/cadastros/${id}/merge`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { origin, ...(cookies[who] ? { cookie: cookies[who] } : {}) },
        }),
        params: { id: String(id) },
        context: {},
      } as never),
    );

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    let n = 0;
    for (const [who, role] of [
      ["irene", "approver"],
      ["ada", "admin"],
    ] as const) {
      const made = await signedInAccount({
        email: `${who}.${marker}@example.com`,
        name: `${who} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
        ip: `2001:db8:${marker.slice(0, 4)}:${++n}::1`,
      });
      cookies[who] = made.cookie;
      ids[who] = made.id;
    }
  }, paced(60_000));

  afterAll(closeAppDatabase);

  /** Two applications of one address, each with a note and its history. */
  async function pair() {
    const db = await getDatabase();
    const email = `bia.${randomBytes(3).toString("hex")}@example.com`;
    const older = await insertApplication(db, {
      fullName: "Beatriz Nunes",
      email,
      instagram: "@bia.old",
      city: "Florianópolis",
    });
    const newer = await insertApplication(db, {
      fullName: "Beatriz Nunes Lima",
      email: email.toUpperCase(),
      phone: "+5548999990000",
      instagram: "@bia.new",

      message: "Segunda tentativa",
    });
    await addNote(db, { submissionId: older, author: { id: ids.irene! }, body: "nota da antiga" });
    await addNote(db, { submissionId: newer, author: { id: ids.irene! }, body: "nota da nova" });
    await changeStatus(db, {
      submissionId: newer,
      from: "Pendente",
      to: "Reprovado",
      note: null,
      reasonId: null,
      actor: { id: ids.ada!, role: "admin" },
      ip: null,
    });
    return { older, newer, email };
  }

  const exists = async (id: number) =>
    (await (await getDatabase()).select().from(submissions).where(eq(submissions.id, id)))
      .length === 1;

  it("flags the applications that share an address, not the others", async () => {
    const db = await getDatabase();
    const { older, newer } = await pair();
    const alone = await insertApplicationRow(db, { fullName: "Só Uma" });
    const flagged = await withDuplicates(db, [older, newer, alone]);
    expect([...flagged].sort()).toEqual([older, newer].sort());
  });

  it("refuses an approver's merge with 403 and moves nothing", async () => {
    const db = await getDatabase();
    const { older, newer } = await pair();
    const notesBefore = await db
      .select()
      .from(submissionNotes)
      .where(eq(submissionNotes.submissionId, newer));
    const answer = await post(
      older,
      [
        ["other", String(newer)],
        ["keep", "this"],
        ["confirm", "yes"],
      ],
      "irene",
    );
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ error: "admin.duplicates.errors.forbidden" });
    expect(await exists(newer)).toBe(true);
    expect(
      await db.select().from(submissionNotes).where(eq(submissionNotes.submissionId, newer)),
    ).toEqual(notesBefore);
    expect(
      await db
        .select()
        .from(accessLog)
        .where(
          and(
            eq(accessLog.action, "submission.merge"),
            eq(accessLog.subject, `submission:${older}`),
          ),
        ),
    ).toEqual([]);
  });

  it("refuses another site, an unticked box and applications of different addresses", async () => {
    const db = await getDatabase();
    const { older, newer } = await pair();
    const fields: [string, string][] = [
      ["other", String(newer)],
      ["keep", "this"],
      ["confirm", "yes"],
    ];
    expect((await post(older, fields, "ada", "https://evil.example")).status).toBe(403);
    const unticked = await post(older, fields.slice(0, 2), "ada");
    expect(unticked.status).toBe(400);
    expect(unticked.data).toEqual({ error: "admin.duplicates.errors.unconfirmed" });
    const stranger = await insertApplicationRow(db, { fullName: "Outra" });
    const unrelated = await post(
      older,
      [
        ["other", String(stranger)],
        ["keep", "this"],
        ["confirm", "yes"],
      ],
      "ada",
    );
    expect(unrelated.status).toBe(409);
    expect(await exists(newer)).toBe(true);
    expect(await exists(stranger)).toBe(true);
  });

  it("moves everything to the one kept, fills only its blanks and removes the other", async () => {
    const db = await getDatabase();
    const { older, newer } = await pair();
    const answer = await post(
      newer,
      [
        ["other", String(older)],
        ["keep", "other"],
        ["confirm", "yes"],
      ],
      "ada",
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/cadastros/${older}?duplicates=merged`);
    expect(await exists(newer)).toBe(false);

    const [kept] = await db.select().from(submissions).where(eq(submissions.id, older));
    // Its own values stay; its blanks come from the other.
    expect(kept).toMatchObject({
      fullName: "Beatriz Nunes",
      instagram: "@bia.old",
      city: "Florianópolis",
      phone: "+5548999990000",
      message: "Segunda tentativa",
    });
    expect((await listNotes(db, older)).map((n) => n.body).sort()).toEqual([
      "nota da antiga",
      "nota da nova",
    ]);
    const history = await db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, older));
    expect(history.map((h) => h.toStatus).sort()).toEqual(["Pendente", "Pendente", "Reprovado"]);
    const [logged] = await db
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.action, "submission.merge"), eq(accessLog.subject, `submission:${older}`)),
      );
    expect(logged).toMatchObject({ actorId: ids.ada });
    expect(logged!.details).toMatchObject({ merged: newer, filled: ["phone", "message"] });
    // Its status counts follow: the rejected one is gone.
    const [counted] = await db
      .execute(sql`select count from submission_status_counts where status = 'Reprovado'`)
      .then((r) => (r as unknown as { rows: { count: string }[] }).rows);
    const [real] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(eq(submissions.status, "Reprovado"));
    expect(Number(counted!.count)).toBe(real!.n);

    // Merging it again finds nothing to merge.
    expect(
      await mergeApplications(db, { keep: older, merge: newer, actor: { id: ids.ada! } }),
    ).toEqual({ outcome: "missing" });
  });

  it("refuses to merge an erased application", async () => {
    const db = await getDatabase();
    const { older, newer } = await pair();
    await db.update(submissions).set({ erasedAt: new Date() }).where(eq(submissions.id, newer));
    expect(
      await mergeApplications(db, { keep: older, merge: newer, actor: { id: ids.ada! } }),
    ).toEqual({ outcome: "erased" });
    expect(await exists(newer)).toBe(true);
  });

  it("lists every table that references an application", async () => {
    const db = await getDatabase();
    const result = await db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'submissions'::regclass
      order by 1, 2`);
    const references = (result as unknown as { rows: { table: string; column: string }[] }).rows
      .map((row) => `${row.table.replaceAll('"', "")}.${row.column}`)
      .sort();
    const listed = submissionChildTables
      .map((child) => `${getTableConfig(child.table).name}.${child.submissionId.name}`)
      .sort();
    // A table missing here would lose its rows to the merge's delete (or block it).
    expect(listed).toEqual(references);
  });

  it("keeps the kept one's row where a child table allows one per application", async () => {
    const db = await getDatabase();
    // A table as a reviewer's rating would be: one row per application and reviewer.
    const ratings = pgTable("merge_test_ratings", {
      submissionId: bigint("submission_id", { mode: "number" }).notNull(),
      who: text("who").notNull(),
      stars: integer("stars").notNull(),
    });
    await db.execute(sql`create table merge_test_ratings (
      submission_id bigint not null references submissions(id) on delete cascade,
      who text not null, stars integer not null, unique (submission_id, who))`);
    submissionChildTables.push({
      table: ratings,
      submissionId: ratings.submissionId,
      unique: [ratings.who],
    });
    try {
      const { older, newer } = await pair();
      await db.insert(ratings).values([
        { submissionId: older, who: "irene", stars: 4 },
        { submissionId: newer, who: "irene", stars: 1 },
        { submissionId: newer, who: "ada", stars: 5 },
      ]);
      const merged = await mergeApplications(db, {
        keep: older,
        merge: newer,
        actor: { id: ids.ada! },
      });
      expect(merged).toMatchObject({ outcome: "merged", moved: { merge_test_ratings: 1 } });
      const rows = await db
        .select({ who: ratings.who, stars: ratings.stars })
        .from(ratings)
        .where(eq(ratings.submissionId, older));
      expect(rows.sort((a, b) => a.who.localeCompare(b.who))).toEqual([
        { who: "ada", stars: 5 },
        { who: "irene", stars: 4 },
      ]);
    } finally {
      submissionChildTables.pop();
      await db.execute(sql`drop table merge_test_ratings`);
    }
  });

  describe("her affiliate paid for one step on both records (issue 31)", () => {
    /** Both records approved through one affiliate, each with its entry for `approved`. */
    async function paidTwice(paid: { older?: boolean; newer?: boolean }) {
      const db = await getDatabase();
      const { older, newer } = await pair();
      const affiliate = await insertAffiliate(db);
      const entry = async (submissionId: number, inPayout: boolean) => {
        let payoutId: number | null = null;
        if (inPayout) {
          const [batch] = await db
            .insert(affiliatePayoutBatches)
            .values({ state: "paid", paidAt: new Date(), reference: "BANCO-1" })
            .returning({ id: affiliatePayoutBatches.id });
          const [payout] = await db
            .insert(affiliatePayouts)
            .values({
              batchId: batch!.id,
              affiliateId: affiliate.id,
              amountCents: 15_000,
              method: "pix",
              detailsEncrypted: "-",
              hint: "•••",
            })
            .returning({ id: affiliatePayouts.id });
          payoutId = payout!.id;
        }
        await db
          .insert(referralMilestoneEvents)
          .values({ submissionId, milestone: "approved", affiliateId: affiliate.id });
        const [row] = await db
          .insert(affiliateEntries)
          .values({
            affiliateId: affiliate.id,
            origin: "milestone",
            submissionId,
            milestone: "approved",
            amountCents: 15_000,
            occurredOn: "2026-11-01",
            payableAt: new Date("2026-12-01T00:00:00Z"),
            payoutId,
          })
          .returning({ id: affiliateEntries.id });
        return row!.id;
      };
      return {
        older,
        newer,
        olderEntry: await entry(older, paid.older ?? false),
        newerEntry: await entry(newer, paid.newer ?? false),
      };
    }
    const entryOf = async (id: number) =>
      (
        await (
          await getDatabase()
        )
          .select({
            submissionId: affiliateEntries.submissionId,
            voidReason: affiliateEntries.voidReason,
          })
          .from(affiliateEntries)
          .where(eq(affiliateEntries.id, id))
      )[0];

    it("keeps one entry: the kept record's, the other voided with why", async () => {
      const { older, newer, olderEntry, newerEntry } = await paidTwice({});
      const merged = await mergeApplications(await getDatabase(), {
        keep: older,
        merge: newer,
        actor: { id: ids.ada! },
      });
      expect(merged).toMatchObject({ outcome: "merged" });
      expect(await entryOf(olderEntry)).toEqual({ submissionId: older, voidReason: null });
      expect(await entryOf(newerEntry)).toEqual({
        submissionId: older,
        voidReason: "merged-duplicate",
      });
    });

    it("keeps the one a payout took, whichever record it was on", async () => {
      const { older, newer, olderEntry, newerEntry } = await paidTwice({ newer: true });
      const merged = await mergeApplications(await getDatabase(), {
        keep: older,
        merge: newer,
        actor: { id: ids.ada! },
      });
      expect(merged).toMatchObject({ outcome: "merged" });
      expect(await entryOf(newerEntry)).toEqual({ submissionId: older, voidReason: null });
      expect(await entryOf(olderEntry)).toEqual({
        submissionId: older,
        voidReason: "merged-duplicate",
      });
    });

    it("refuses with 409 when both were paid out, and changes nothing", async () => {
      const { older, newer, olderEntry, newerEntry } = await paidTwice({
        older: true,
        newer: true,
      });
      const outcome = await post(
        newer,
        [
          ["other", String(older)],
          ["keep", "other"],
          ["confirm", "yes"],
        ],
        "ada",
      );
      expect(outcome.status).toBe(409);
      expect(JSON.stringify(outcome.data)).toContain("admin.duplicates.errors.paidTwice");
      expect(await exists(newer)).toBe(true);
      expect(await entryOf(olderEntry)).toEqual({ submissionId: older, voidReason: null });
      expect(await entryOf(newerEntry)).toEqual({ submissionId: newer, voidReason: null });
    });
  });
});
