import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { outbox, submissionNotes, user } from "#app/db/schema.server.ts";
import { applicationsOf } from "#app/features/model-dashboard/dashboard.server.ts";
import { collectPersonalData } from "#app/features/privacy/data-export.server.ts";
import { erasePerson } from "#app/features/privacy/erasure.server.ts";
import { sendDueDigests } from "#app/features/staff-alerts/alerts.server.ts";
import { saveStaffAlerts } from "#app/features/staff-alerts/preferences.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertAccount, insertApplication } from "#app/test/factories.ts";
import { outcomeOf } from "#app/test/routes.ts";
import * as notesRoute from "#app/routes/admin/submission-notes.tsx";
import * as detailRoute from "#app/routes/admin/submission.tsx";
import { addNote, editNote, listNotes } from "./notes.server.ts";
import { mentionTargets } from "./notes.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The team's private notes over HTTP and underneath (issue 28): only reviewers write them; they
 * reach no mail, no export and no dashboard of hers; their author may change them for ten
 * minutes (the clock faked through created_at) and nobody else ever; an @mention alerts a
 * reviewer once, as she chose to hear, and never anyone who may not open applications.
 */
const PASSWORD = "notas-privadas-da-equipe-2026!";
const SECRET = "Prefere trabalhar só à noite; checar referência com a Bia";

describe.each(databaseTargets)("private notes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};

  const post = (id: number, fields: [string, string][], who: string, origin = TEST_ORIGIN) =>
    outcomeOf(() =>
      notesRoute.action({
        request: new Request(`${TEST_ORIGIN}/admin/cadastros/${id}/notes`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { origin, ...(cookies[who] ? { cookie: cookies[who] } : {}) },
        }),
        params: { id: String(id) },
        context: {},
      } as never),
    );

  const mailsTo = async (who: string) =>
    (await getDatabase())
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `${who}.${marker}@example.com`));

  const ageNote = async (noteId: number, minutes: number) =>
    (await getDatabase())
      .update(submissionNotes)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(submissionNotes.id, noteId));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    const accounts = [
      ["ines", "approver", "Inês Prado"],
      ["ada", "admin", "Ada Lins"],
      ["dora", "admin", "Dora Digest"],
      ["olga", "approver", "Olga Off"],
      ["eva", "editor", "Eva Editora"],
      ["mara", "model", "Mara Modelo"],
      ["alice", "affiliate", "Alice Afiliada"],
    ] as const;
    let n = 0;
    for (const [who, role, name] of accounts) {
      const made = await signedInAccount({
        email: `${who}.${marker}@example.com`,
        name: `${name} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
        ip: `2001:db8:${marker.slice(0, 4)}:${++n}::1`,
      });
      cookies[who] = made.cookie;
      ids[who] = made.id;
      names[who] = `${name} ${marker}`;
    }
    const db = await getDatabase();
    await saveStaffAlerts(db, ids.ada!, { mode: "instant", digestHour: 8 });
    await saveStaffAlerts(db, ids.ines!, { mode: "instant", digestHour: 8 });
    await saveStaffAlerts(db, ids.dora!, { mode: "digest", digestHour: 0 });
    await saveStaffAlerts(db, ids.olga!, { mode: "off", digestHour: 8 });
  }, paced(60_000));

  afterAll(closeAppDatabase);

  it("refuses everyone but the reviewers, and another site", async () => {
    const id = await insertApplication(await getDatabase(), { fullName: "Lia Teixeira" });
    for (const who of ["eva", "mara", "alice"]) {
      const answer = await post(
        id,
        [
          ["intent", "add"],
          ["body", "hi"],
        ],
        who,
      );
      expect(answer.location, who).toBe("/permission-denied");
    }
    const visitor = await post(
      id,
      [
        ["intent", "add"],
        ["body", "hi"],
      ],
      "nobody",
    );
    expect(visitor.location).toMatch(/^\/login/);
    const crossSite = await post(
      id,
      [
        ["intent", "add"],
        ["body", "hi"],
      ],
      "ines",
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    expect(await listNotes(await getDatabase(), id)).toEqual([]);
  });

  it("keeps a note apart from her: in no mail, not in her export, not on her dashboard", async () => {
    const db = await getDatabase();
    const email = `mara.${marker}@example.com`;
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, ids.mara!));
    const id = await insertApplication(db, { fullName: "Mara Modelo Santos", email });
    const added = await post(
      id,
      [
        ["intent", "add"],
        ["body", SECRET],
      ],
      "ines",
    );
    expect(added.status).toBe(302);
    expect(added.location).toBe(`/admin/cadastros/${id}?notes=added#notes`);
    // A decision with its own note, which is hers.
    const decided = await changeStatus(db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      note: "Bem-vinda!",
      reasonId: null,
      actor: { id: ids.ada!, role: "admin" },
      ip: null,
    });
    expect(decided.outcome).toBe("changed");

    const mails = await db.select().from(outbox);
    for (const mail of mails) {
      expect(`${mail.subject}${mail.html}${mail.text}`).not.toContain("trabalhar só à noite");
    }
    const exported = JSON.stringify(
      await collectPersonalData(db, email, { includeDocument: false }),
    );
    expect(exported).toContain("Bem-vinda!");
    expect(exported).not.toContain("trabalhar só à noite");
    const dashboard = JSON.stringify(await applicationsOf(db, { email, emailVerified: true }));
    expect(dashboard).toContain("Bem-vinda!");
    expect(dashboard).not.toContain("trabalhar só à noite");

    // The reviewer's page shows it, with who and when.
    const page = await outcomeOf(() =>
      detailRoute.loader({
        request: new Request(`${TEST_ORIGIN}/admin/cadastros/${id}`, {
          headers: { cookie: cookies.ada! },
        }),
        params: { id: String(id) },
        context: {},
      } as never),
    );
    const notes = (page.data as { team: { notes: { body: string; author: string }[] } }).team.notes;
    expect(notes).toEqual([expect.objectContaining({ body: SECRET, author: names.ines })]);
  });

  it("stores markup as the characters typed", async () => {
    const id = await insertApplication(await getDatabase(), { fullName: "Rita Script" });
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"`;
    const added = await post(
      id,
      [
        ["intent", "add"],
        ["body", hostile],
        ["js", "1"],
      ],
      "ines",
    );
    expect(added.status).toBe(200);
    expect(added.data).toEqual({ ok: true, intent: "add" });
    const [note] = await listNotes(await getDatabase(), id);
    expect(note!.body).toBe(hostile);
  });

  it("refuses an empty or overlong note with its reason, and keeps what was typed", async () => {
    const id = await insertApplication(await getDatabase(), { fullName: "Bea Vazia" });
    const empty = await post(
      id,
      [
        ["intent", "add"],
        ["body", "   "],
      ],
      "ines",
    );
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ error: "admin.notes.errors.empty" });
    const long = "a".repeat(4001);
    const tooLong = await post(
      id,
      [
        ["intent", "add"],
        ["body", long],
      ],
      "ines",
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ error: "admin.notes.errors.long", body: long });
    expect(await listNotes(await getDatabase(), id)).toEqual([]);
  });

  it("lets only its author change or delete a note, and only for ten minutes", async () => {
    const db = await getDatabase();
    const id = await insertApplication(db, { fullName: "Carla Janela" });
    await post(
      id,
      [
        ["intent", "add"],
        ["body", "primeira versão"],
      ],
      "ines",
    );
    const [note] = await listNotes(db, id);
    const noteId = String(note!.id);

    // Someone else: 403, for editing and deleting alike.
    const edit = (who: string, body: string) =>
      post(
        id,
        [
          ["intent", "edit"],
          ["note", noteId],
          ["body", body],
          ["js", "1"],
        ],
        who,
      );
    const remove = (who: string) =>
      post(
        id,
        [
          ["intent", "delete"],
          ["note", noteId],
          ["js", "1"],
        ],
        who,
      );
    expect((await edit("ada", "reescrita pela admin")).status).toBe(403);
    expect((await remove("ada")).status).toBe(403);

    // Her own, nine minutes on: changed, marked as edited.
    await ageNote(note!.id, 9);
    expect((await edit("ines", "segunda versão")).data).toEqual({ ok: true, intent: "edit" });
    const [edited] = await listNotes(db, id);
    expect(edited).toMatchObject({ body: "segunda versão", editable: true });
    expect(edited!.editedAt).not.toBeNull();

    // Eleven minutes on: 409 with the reason, and the note stands as it was.
    await ageNote(note!.id, 11);
    const late = await edit("ines", "terceira versão");
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({
      error: "admin.notes.errors.expired",
      body: "terceira versão",
    });
    expect((await remove("ines")).status).toBe(409);
    const [kept] = await listNotes(db, id);
    expect(kept).toMatchObject({ body: "segunda versão", editable: false });

    // Within the window, her own delete goes through; another application's id finds nothing.
    await post(
      id,
      [
        ["intent", "add"],
        ["body", "rascunho"],
      ],
      "ines",
    );
    const draft = (await listNotes(db, id)).find((n) => n.body === "rascunho")!;
    const other = await insertApplication(db, { fullName: "Outra Pessoa" });
    const elsewhere = await post(
      other,
      [
        ["intent", "delete"],
        ["note", String(draft.id)],
        ["js", "1"],
      ],
      "ines",
    );
    expect(elsewhere.status).toBe(404);
    const deleted = await post(
      id,
      [
        ["intent", "delete"],
        ["note", String(draft.id)],
      ],
      "ines",
    );
    expect(deleted.location).toBe(`/admin/cadastros/${id}?notes=deleted#notes`);
    expect((await listNotes(db, id)).map((n) => n.body)).toEqual(["segunda versão"]);
  });

  it("alerts each mentioned reviewer once, by her choice, and nobody else", async () => {
    const db = await getDatabase();
    const id = await insertApplication(db, { fullName: "Joana Mendes Farias" });
    const before = {
      ada: (await mailsTo("ada")).length,
      dora: (await mailsTo("dora")).length,
      olga: (await mailsTo("olga")).length,
      eva: (await mailsTo("eva")).length,
      mara: (await mailsTo("mara")).length,
    };
    const body =
      `@${names.ada} e @${names.ada} de novo, @${names.dora}, @${names.olga}, ` +
      `@${names.eva} (editora), @${names.mara} (modelo), @Ninguém ${marker}: ${SECRET}`;
    const added = await addNote(db, {
      submissionId: id,
      author: { id: ids.ines! },
      body,
    });
    expect(added).toMatchObject({ outcome: "added", alerted: 1 });
    const [note] = await listNotes(db, id);
    // Stored by account, and only reviewers.
    expect(note!.mentions.map((m) => m.id).sort()).toEqual([ids.ada!, ids.dora!, ids.olga!].sort());

    const adaMails = await mailsTo("ada");
    expect(adaMails.length).toBe(before.ada + 1);
    const mail = adaMails.at(-1)!;
    expect(mail.kind).toBe("staff-mention");
    const all = `${mail.subject}${mail.html}${mail.text}`;
    expect(all).toContain("Joana F.");
    expect(all).toContain(`/admin/cadastros/${id}#notes`);
    for (const secret of ["Mendes", "Farias", "trabalhar só à noite", "Bia"]) {
      expect(all, secret).not.toContain(secret);
    }
    // Digest and off: nothing now; editor and model: nothing ever.
    expect((await mailsTo("dora")).length).toBe(before.dora);
    expect((await mailsTo("olga")).length).toBe(before.olga);
    expect((await mailsTo("eva")).length).toBe(before.eva);
    expect((await mailsTo("mara")).length).toBe(before.mara);

    // Editing the note, dropping Ada and mentioning her again: no second mail.
    await editNote(db, {
      noteId: note!.id,
      submissionId: id,
      author: { id: ids.ines! },
      body: "sem menções",
    });
    expect((await listNotes(db, id))[0]!.mentions).toEqual([]);
    const again = await editNote(db, {
      noteId: note!.id,
      submissionId: id,
      author: { id: ids.ines! },
      body: `@${names.ada} volta`,
    });
    expect(again).toMatchObject({ outcome: "edited", alerted: 0 });
    expect((await mailsTo("ada")).length).toBe(before.ada + 1);
    expect((await listNotes(db, id))[0]!.mentions.map((m) => m.id)).toEqual([ids.ada]);

    // Her digest (hour 0: due whenever the test runs) names the mention, not the note.
    await editNote(db, {
      noteId: note!.id,
      submissionId: id,
      author: { id: ids.ines! },
      body: `@${names.dora} e @${names.ada}`,
    });
    await sendDueDigests(db, new Date(Date.now() + 1000));
    const digest = (await mailsTo("dora")).at(-1);
    expect(digest?.kind).toBe("staff-digest");
    expect(digest!.text).toContain("Joana F.");
    expect(digest!.text).toContain(`/admin/cadastros/${id}#notes`);
    expect(digest!.text).not.toContain("Farias");
    expect((await mailsTo("olga")).length).toBe(before.olga);
  });

  it("mentions by the text, with the chosen id deciding between namesakes", () => {
    const people = [
      { id: "a1", name: "Ana" },
      { id: "a2", name: "Ana Souza" },
      { id: "a3", name: "Ana Souza" },
    ];
    expect(mentionTargets("oi @ana, tudo bem?", people)).toEqual(["a1"]);
    expect(mentionTargets("oi @Ana Souza!", people, ["a3"])).toEqual(["a3"]);
    expect(mentionTargets("oi @Ana Souza!", people)).toEqual(["a2", "a3"]);
    expect(mentionTargets("mail ana@Ana Souza", people)).toEqual([]);
    expect(mentionTargets("@Anastasia", people)).toEqual([]);
    // An id posted without its name in the text mentions no one.
    expect(mentionTargets("nada aqui", people, ["a1"])).toEqual([]);
  });

  it("reads no note of another application through the list", async () => {
    const db = await getDatabase();
    const [first, second] = [
      await insertApplication(db, { fullName: "Primeira" }),
      await insertApplication(db, { fullName: "Segunda" }),
    ];
    await addNote(db, { submissionId: first, author: { id: ids.ines! }, body: "só da primeira" });
    expect(await listNotes(db, second)).toEqual([]);
    const rows = await db
      .select()
      .from(submissionNotes)
      .where(and(inArray(submissionNotes.submissionId, [first, second])));
    expect(rows).toHaveLength(1);
  });

  it("stores a removed reviewer's note without her name", async () => {
    const db = await getDatabase();
    const gone = await insertAccount(db, { role: "approver", name: "Gone Staff" });
    const id = await insertApplication(db, { fullName: "Nina Orfã" });
    await addNote(db, { submissionId: id, author: { id: gone }, body: "antiga" });
    await db.delete(user).where(eq(user.id, gone));
    expect(await listNotes(db, id)).toEqual([
      expect.objectContaining({ body: "antiga", author: null, authorId: null }),
    ]);
  });

  it("goes with her data when it is erased", async () => {
    const db = await getDatabase();
    const email = `erased.${marker}@example.com`;
    const id = await insertApplication(db, { fullName: "Érica Apagada", email });
    await addNote(db, { submissionId: id, author: { id: ids.ines! }, body: SECRET });
    await erasePerson(db, {
      email,
      by: { kind: "admin", id: ids.ada!, ip: null },
      subject: `submission:${id}`,
    });
    expect(await listNotes(db, id)).toEqual([]);
  });
});
