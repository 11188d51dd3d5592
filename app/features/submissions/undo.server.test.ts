import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  outbox,
  rejectionReasons,
  submissions,
  submissionStatusHistory as history,
} from "#app/db/schema.server.ts";
import { rejectionsByReason } from "#app/features/analytics/rejection-reasons.server.ts";
import { applicationsOf } from "#app/features/model-dashboard/dashboard.server.ts";
import { detailsSummary } from "#app/features/reports/access-details.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { addRejectionReason } from "#app/mail/rejection-reasons.server.ts";
import { deliverDueMail, type MailTransport } from "#app/mail/sender.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { toAgencyDateTime } from "#app/utils/agency-time.ts";
import { decideMany } from "./bulk-review.server.ts";
import { applicationDetail } from "./detail.server.ts";
import { exportSubmissions } from "./export.server.ts";
import { defaultSort, readReviewFilter, reviewFilterParams } from "./review-filter.ts";
import { listSubmissions } from "./review-list.server.ts";
import { changeStatus, decisionMailOut } from "./review.server.ts";
import { undoableDecision, undoDecision, undoDecisions, undoSeconds } from "./undo.server.ts";
import { paced } from "#app/test/pace.ts";

/** A transport that keeps what it is given: what the sender would have put on the wire. */
function recordingTransport() {
  const sent: string[] = [];
  const transport: MailTransport = {
    send: async (mail) => {
      sent.push(mail.to);
    },
  };
  return { sent, transport };
}

describe.each(databaseTargets)("deciding safely on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `undo-${randomUUID().slice(0, 8)}`;
  const approver = { id: `approver-${marker}`, role: "approver" as const };
  const other = { id: `other-${marker}`, role: "approver" as const };
  const admin = { id: `admin-${marker}`, role: "admin" as const };
  let reasonId: number;

  async function application(name: string, language = "pt") {
    const email = `${name}.${marker}@example.com`;
    const id = await insertApplicationRow(database.db, {
      language,
      fullName: `${name} Lima`,
      email,
    });
    return { id, email };
  }

  const db = () => database.db;
  const statusOf = async (id: number) =>
    (
      await db().select({ s: submissions.status }).from(submissions).where(eq(submissions.id, id))
    )[0]!.s;
  const mailsTo = (email: string) => db().select().from(outbox).where(eq(outbox.recipient, email));
  /** Her mail's hold over now, as if the minute had passed (the rows, not a sleep). */
  const dueNow = (email: string) =>
    db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.recipient, email));
  const decide = async (id: number, to: "Aprovado" | "Reprovado", actor = approver) => {
    const result = await changeStatus(db(), {
      submissionId: id,
      from: "Pendente",
      to,
      actor,
      ...(to === "Reprovado" ? { reasonId } : {}),
    });
    if (result.outcome !== "changed") throw new Error(result.outcome);
    return result.decisionId;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    reasonId = await addRejectionReason(database.db, `Perfil incompatível ${marker}`, {
      id: admin.id,
    });
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.db.delete(accessLog).where(like(accessLog.actorId, `%-${marker}`));
    await database.db.delete(rejectionReasons).where(eq(rejectionReasons.id, reasonId));
    await database.close();
  });

  it("holds a decision's mail for the undo window", async () => {
    const { id, email } = await application("hold");
    await decide(id, "Aprovado");
    const [mail] = await mailsTo(email);
    const [{ held }] = (await db()
      .select({ held: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())` })
      .from(outbox)
      .where(eq(outbox.id, mail!.id))) as [{ held: number }];
    expect(undoSeconds()).toBe(60);
    expect(Number(held)).toBeGreaterThan(55);
    expect(Number(held)).toBeLessThanOrEqual(60);
    // The sender passes it by until then.
    const { sent, transport } = recordingTransport();
    await deliverDueMail(db(), transport);
    expect(sent).not.toContain(email);
  });

  it("undoes within the minute: pending again, her mail gone, never delivered, logged", async () => {
    const { id, email } = await application("ana");
    const decisionId = await decide(id, "Aprovado");
    expect(await undoableDecision(db(), id, approver.id)).toMatchObject({
      id: decisionId,
      status: "Aprovado",
    });
    // Another reviewer is offered nothing to undo.
    expect(await undoableDecision(db(), id, other.id)).toBeNull();

    expect(await undoDecision(db(), decisionId, { id: approver.id, ip: "203.0.113.7" })).toEqual({
      outcome: "undone",
      submissionId: id,
      status: "Aprovado",
    });
    expect(await statusOf(id)).toBe("Pendente");
    expect(await mailsTo(email)).toEqual([]);
    // The sender, run past the minute, has nothing for her.
    const { sent, transport } = recordingTransport();
    await deliverDueMail(db(), transport);
    expect(sent).not.toContain(email);

    const [row] = await db().select().from(history).where(eq(history.id, decisionId));
    expect(row).toMatchObject({ undoneBy: approver.id });
    expect(row!.undoneAt).toBeInstanceOf(Date);
    const log = await db()
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.action, "submission.undo")),
      );
    expect(log).toMatchObject([
      { actorId: approver.id, ip: "203.0.113.7", details: { from: "Aprovado", to: "Pendente" } },
    ]);
    // Undone once: a second undo finds nothing left to take back.
    expect(await undoDecision(db(), decisionId, approver)).toEqual({ outcome: "expired" });
    expect(await undoableDecision(db(), id, approver.id)).toBeNull();
  });

  it("refuses an undo after the minute: status and mail untouched", async () => {
    const { id, email } = await application("bia");
    const decisionId = await decide(id, "Reprovado");
    await db()
      .update(history)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(history.id, decisionId));
    expect(await undoableDecision(db(), id, approver.id)).toBeNull();
    expect(await undoDecision(db(), decisionId, approver)).toEqual({ outcome: "expired" });
    expect(await statusOf(id)).toBe("Reprovado");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("refuses someone else's decision: only its decider undoes it", async () => {
    const { id, email } = await application("cris");
    const decisionId = await decide(id, "Aprovado");
    for (const actor of [other, admin]) {
      expect(await undoDecision(db(), decisionId, actor)).toEqual({ outcome: "forbidden" });
    }
    expect(await statusOf(id)).toBe("Aprovado");
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await undoDecision(db(), 2 ** 52, approver)).toEqual({ outcome: "not-found" });
  });

  it("refuses an undo once the sender has claimed her mail, and the mail still goes", async () => {
    const { id, email } = await application("dani");
    const decisionId = await decide(id, "Aprovado");
    await dueNow(email);
    // The sender takes the mail and is still talking to the SMTP server when the undo comes.
    let release!: () => void;
    const sent: string[] = [];
    const slow: MailTransport = {
      send: (mail) =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push(mail.to);
            resolve();
          };
        }),
    };
    const delivering = deliverDueMail(db(), slow, { limit: 50 });
    await expect.poll(() => typeof release, { timeout: 10_000 }).toBe("function");
    expect(await undoDecision(db(), decisionId, approver)).toEqual({ outcome: "sent" });
    expect(await statusOf(id)).toBe("Aprovado");
    const [row] = await db().select().from(history).where(eq(history.id, decisionId));
    expect(row!.undoneAt).toBeNull();
    release();
    await delivering;
    expect(sent).toEqual([email]);
    // What she was told stands, and a reopen would ask about a correction.
    expect(await decisionMailOut(db(), id)).toBe(true);
  });

  it("lets exactly one of an undo and a sender racing for the same mail win", async () => {
    const { id, email } = await application("eva");
    const decisionId = await decide(id, "Reprovado");
    await dueNow(email);
    const { sent, transport } = recordingTransport();
    const [undo] = await Promise.all([
      undoDecision(db(), decisionId, approver),
      deliverDueMail(db(), transport, { limit: 50 }),
    ]);
    const delivered = sent.includes(email);
    if (undo.outcome === "undone") {
      expect(delivered).toBe(false);
      expect(await statusOf(id)).toBe("Pendente");
    } else {
      expect(undo).toEqual({ outcome: "sent" });
      expect(delivered).toBe(true);
      expect(await statusOf(id)).toBe("Reprovado");
    }
  });

  it("reopens with a correction mail in her language once her decision went out", async () => {
    const { id, email } = await application("fer", "de");
    await decide(id, "Aprovado");
    expect(await decisionMailOut(db(), id)).toBe(false);
    await db().update(outbox).set({ status: "sent" }).where(eq(outbox.recipient, email));
    expect(await decisionMailOut(db(), id)).toBe(true);
    expect(
      await changeStatus(db(), {
        submissionId: id,
        from: "Aprovado",
        to: "Pendente",
        correction: true,
        actor: admin,
      }),
    ).toMatchObject({ outcome: "changed" });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["approved", "correction"]);
    const correction = mails[1]!;
    const t = getFixedT("de");
    expect(correction).toMatchObject({ language: "de", subject: t("mail.correction.subject") });
    expect(correction.text).toContain("Hallo fer,");
    expect(correction.text).toContain(t("mail.correction.body"));
    // Not held: there is no undo of a reopen.
    const { sent, transport } = recordingTransport();
    await deliverDueMail(db(), transport, { limit: 50 });
    expect(sent).toContain(email);
    const [log] = await db()
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.actorId, admin.id)));
    expect(log!.details).toMatchObject({ from: "Aprovado", to: "Pendente", correction: true });
    expect(await decisionMailOut(db(), id)).toBe(false);
  });

  it("reopens without a correction when she is not to be told, or was never told", async () => {
    const told = await application("gabi");
    await decide(told.id, "Reprovado");
    await db().update(outbox).set({ status: "sent" }).where(eq(outbox.recipient, told.email));
    await changeStatus(db(), {
      submissionId: told.id,
      from: "Reprovado",
      to: "Pendente",
      correction: false,
      actor: admin,
    });
    expect((await mailsTo(told.email)).map((m) => m.kind)).toEqual(["rejected"]);

    // Reopened while her mail still waits: it is withdrawn, and nothing needs correcting.
    const waiting = await application("helo");
    await decide(waiting.id, "Aprovado");
    await changeStatus(db(), {
      submissionId: waiting.id,
      from: "Aprovado",
      to: "Pendente",
      correction: true,
      actor: admin,
    });
    expect(await mailsTo(waiting.email)).toEqual([]);
  });

  it("requires a reason to reject in bulk, and undoes the batch at once", async () => {
    const apps = [await application("ines"), await application("joana"), await application("kika")];
    const ids = apps.map((a) => a.id);
    expect(await decideMany(db(), { ids, to: "Reprovado", actor: approver })).toEqual({
      outcome: "reason-required",
    });
    expect(
      await decideMany(db(), { ids, to: "Reprovado", reasonId: 2 ** 52, actor: approver }),
    ).toEqual({ outcome: "unknown-reason" });
    const untouched = await db()
      .select({ status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, ids));
    expect(untouched.every((row) => row.status === "Pendente")).toBe(true);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(
          inArray(
            outbox.recipient,
            apps.map((a) => a.email),
          ),
        ),
    ).toEqual([]);

    const result = await decideMany(db(), {
      ids,
      to: "Reprovado",
      reasonId,
      note: "Vagas preenchidas.",
      actor: approver,
    });
    expect(result).toMatchObject({ outcome: "decided", changed: 3, skipped: 0 });
    const decisions = result.outcome === "decided" ? result.decisions : [];
    const rows = await db().select().from(history).where(inArray(history.id, decisions));
    expect(rows.map((r) => r.reasonId)).toEqual([reasonId, reasonId, reasonId]);

    // Another reviewer cannot take the batch back; its decider can.
    expect(await undoDecisions(db(), decisions, other)).toEqual({
      undone: 0,
      refused: 0,
      forbidden: 3,
    });
    expect(await undoDecisions(db(), decisions, approver)).toEqual({
      undone: 3,
      refused: 0,
      forbidden: 0,
    });
    const after = await db()
      .select({ status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, ids));
    expect(after.every((row) => row.status === "Pendente")).toBe(true);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(
          inArray(
            outbox.recipient,
            apps.map((a) => a.email),
          ),
        ),
    ).toEqual([]);
  });

  it("names the reason by its label: history, access log, CSV and analytics", async () => {
    const label = `Perfil incompatível ${marker}`;
    const { id } = await application("lara");
    await decide(id, "Reprovado");
    const detail = await applicationDetail(db(), id);
    expect(detail!.history[0]).toMatchObject({ toStatus: "Reprovado", reason: label });

    const [log] = await db()
      .select({ action: accessLog.action, details: accessLog.details })
      .from(accessLog)
      .where(
        and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.action, "submission.status")),
      );
    expect(log!.details).toMatchObject({ reason: label });
    expect(JSON.stringify(log!.details)).not.toContain("reasonId");
    const t = getFixedT("en");
    const summary = detailsSummary(
      "submission.status",
      log!.details as Record<string, unknown>,
      t as never,
      "en",
    );
    expect(summary).toContain(t("admin.reasons.logged", { reason: label }));
    expect(summary).not.toContain("reasonId");

    const stream = await exportSubmissions(
      db(),
      { status: "Reprovado", search: `lara.${marker}`, sort: "newest" },
      { id: admin.id },
    );
    const lines = (await new Response(stream).text()).trimEnd().split("\r\n");
    const header = lines[0]!.replace(/^\uFEFF/, "").split(";");
    const column = header.indexOf('"rejection_reason"');
    expect(column).toBeGreaterThan(0);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(";")[column]).toBe(`"${label}"`);

    const today = toAgencyDateTime(new Date()).slice(0, 10);
    const counts = await rejectionsByReason(db(), { from: today, to: today });
    expect(counts.find((row) => row.label === label)?.count).toBeGreaterThanOrEqual(1);
  });

  it("counts an undone rejection nowhere, and hides it from her history", async () => {
    const label = `Perfil incompatível ${marker}`;
    const today = toAgencyDateTime(new Date()).slice(0, 10);
    const before = (await rejectionsByReason(db(), { from: today, to: today })).find(
      (row) => row.label === label,
    )?.count;
    const { id, email } = await application("mia");
    // Her application's first step, as the form writes it.
    await db().insert(history).values({ submissionId: id, fromStatus: null, toStatus: "Pendente" });
    const decisionId = await decide(id, "Reprovado");
    expect(
      (await applicationsOf(db(), { email, emailVerified: true }))[0]!.history.map((e) => e.to),
    ).toEqual(["Pendente", "Reprovado"]);
    expect(await undoDecision(db(), decisionId, approver)).toMatchObject({ outcome: "undone" });
    const afterCount = (await rejectionsByReason(db(), { from: today, to: today })).find(
      (row) => row.label === label,
    )?.count;
    expect(afterCount).toBe(before);

    const [mine] = await applicationsOf(db(), { email, emailVerified: true });
    expect(mine!.history.map((entry) => entry.to)).toEqual(["Pendente"]);
    // The staff still see it, marked.
    const detail = await applicationDetail(db(), id);
    expect(detail!.history.find((entry) => entry.undoneAt)).toMatchObject({
      toStatus: "Reprovado",
    });
  });

  it("opens the pending list oldest first unless she picks another order", async () => {
    expect(defaultSort("Pendente")).toBe("oldest");
    expect(defaultSort(undefined)).toBe("newest");
    expect(defaultSort("Aprovado")).toBe("newest");
    const pending = readReviewFilter(new URLSearchParams(), "Pendente");
    expect(pending.sort).toBe("oldest");
    expect(reviewFilterParams(pending, "Pendente")).toEqual({});
    const newest = readReviewFilter(new URLSearchParams("sort=newest"), "Pendente");
    expect(newest.sort).toBe("newest");
    expect(reviewFilterParams(newest, "Pendente")).toEqual({ sort: "newest" });
    expect(readReviewFilter(new URLSearchParams(), undefined).sort).toBe("newest");

    const first = await application(`queue${marker}a`);
    const second = await application(`queue${marker}b`);
    await db()
      .update(submissions)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(submissions.id, first.id));
    const page = await listSubmissions(db(), {
      ...readReviewFilter(new URLSearchParams({ q: `queue${marker}` }), "Pendente"),
      status: "Pendente",
      limit: 50,
    });
    const order = page.rows.map((row) => row.id).filter((x) => [first.id, second.id].includes(x));
    expect(order).toEqual([first.id, second.id]);
  });
});
