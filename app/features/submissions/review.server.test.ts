import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { accessLog, outbox, submissions, submissionStatusHistory } from "#app/db/schema.server.ts";
import { changeStatus, mayChange } from "./review.server.ts";
import { paced } from "#app/test/pace.ts";

describe("who may change a status", () => {
  it("lets approvers and admins decide, and only admins reopen", () => {
    expect(mayChange("approver", "Pendente", "Aprovado")).toBe(true);
    expect(mayChange("approver", "Pendente", "Reprovado")).toBe(true);
    expect(mayChange("approver", "Aprovado", "Pendente")).toBe(false);
    expect(mayChange("admin", "Reprovado", "Pendente")).toBe(true);
    expect(mayChange("admin", "Aprovado", "Reprovado")).toBe(false);
    expect(mayChange("model", "Pendente", "Aprovado")).toBe(false);
    expect(mayChange("affiliate", "Pendente", "Reprovado")).toBe(false);
    expect(mayChange("admin", "Pendente", "Pendente")).toBe(false);
  });
});

describe.each(databaseTargets)("review decisions on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `review-${randomUUID().slice(0, 8)}`;
  const reviewer = { id: `reviewer-${marker}`, role: "approver" as const };
  const admin = { id: `admin-${marker}`, role: "admin" as const };

  async function application(name: string, language = "es") {
    const email = `${name}.${marker}@example.com`;
    const id = await insertApplicationRow(database.db, {
      language,
      fullName: `${name} Souza`,
      email,
    });
    return { id, email };
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.db.delete(accessLog).where(like(accessLog.actorId, `%-${marker}`));
    await database.close();
  });

  it("approves with a note: status, history, access log and her mail in her language", async () => {
    const { id, email } = await application("ana");
    const result = await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      note: "  Perfil muito profissional.  ",
      actor: reviewer,
      ip: "203.0.113.5",
    });
    expect(result).toMatchObject({ outcome: "changed" });
    const [row] = await database.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.status).toBe("Aprovado");
    const history = await database.db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, id));
    expect(history).toMatchObject([
      {
        fromStatus: "Pendente",
        toStatus: "Aprovado",
        changedBy: reviewer.id,
        note: "Perfil muito profissional.",
      },
    ]);
    const log = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.subject, `submission:${id}`));
    expect(log).toMatchObject([
      {
        actorId: reviewer.id,
        action: "submission.status",
        ip: "203.0.113.5",
        details: { from: "Pendente", to: "Aprovado", note: "Perfil muito profissional." },
      },
    ]);
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, "approved")));
    expect(mail).toMatchObject({ language: "es", subject: "Novedades sobre tu mensaje" });
    expect(mail!.text).toContain("Perfil muito profissional.");
  });

  it("gives the second of two reviewers acting at once an 'already changed' answer", async () => {
    const { id, email } = await application("bia");
    const decide = (to: "Aprovado" | "Reprovado", actor: typeof reviewer | typeof admin) =>
      changeStatus(database.db, { submissionId: id, from: "Pendente", to, actor });
    const results = await Promise.all([decide("Aprovado", reviewer), decide("Reprovado", admin)]);
    const outcomes = results.map((r) => r.outcome).sort();
    expect(outcomes).toEqual(["changed", "conflict"]);
    const [row] = await database.db.select().from(submissions).where(eq(submissions.id, id));
    const conflict = results.find((r) => r.outcome === "conflict");
    expect(conflict).toEqual({ outcome: "conflict", current: row!.status });
    // One decision, one history row, one mail: nothing of the loser was kept.
    const history = await database.db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, id));
    expect(history).toHaveLength(1);
    expect(await database.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(
      1,
    );
  });

  it("lets only an admin reopen, without a mail", async () => {
    const { id, email } = await application("cris", "de");
    await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Reprovado",
      actor: reviewer,
    });
    // Her mail went out (a reopen while it still waits withdraws it: undo.server.test.ts).
    await database.db.update(outbox).set({ status: "sent" }).where(eq(outbox.recipient, email));
    expect(
      await changeStatus(database.db, {
        submissionId: id,
        from: "Reprovado",
        to: "Pendente",
        actor: reviewer,
      }),
    ).toEqual({ outcome: "forbidden" });
    expect(
      await changeStatus(database.db, {
        submissionId: id,
        from: "Reprovado",
        to: "Pendente",
        actor: admin,
      }),
    ).toMatchObject({ outcome: "changed" });
    const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((m) => m.kind)).toEqual(["rejected"]);
    expect(mails[0]!.subject).toBe("Neuigkeiten zu deiner Nachricht");
  });

  it("answers not-found for an application that does not exist", async () => {
    expect(
      await changeStatus(database.db, {
        submissionId: 2 ** 52,
        from: "Pendente",
        to: "Aprovado",
        actor: admin,
      }),
    ).toEqual({ outcome: "not-found" });
  });
});
