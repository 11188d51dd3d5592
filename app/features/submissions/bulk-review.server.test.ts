import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import {
  accessLog,
  outbox,
  rateLimits,
  submissions,
  submissionStatusHistory,
} from "#app/db/schema.server.ts";
import { decideMany } from "./bulk-review.server.ts";
import { changeStatus } from "./review.server.ts";
import { revealDocument } from "./reveal.server.ts";
import { protectDocument } from "./submissions.server.ts";
import { paced } from "#app/test/pace.ts";

describe.each(databaseTargets)("bulk decisions and document reveals on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `bulk-${randomUUID().slice(0, 8)}`;
  const approver = { id: `approver-${marker}`, role: "approver" as const };

  async function application(name: string, document?: string) {
    const email = `${name}.${marker}@example.com`;
    return insertApplicationRow(database.db, {
      language: "it",
      fullName: `${name} Lima`,
      email,
      ...(document ? protectDocument(document) : {}),
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.db.delete(accessLog).where(like(accessLog.actorId, `%-${marker}`));
    await database.db.delete(rateLimits).where(like(rateLimits.key, `%-${marker}`));
    await database.close();
  });

  it("decides every pending one with the note, and skips one decided meanwhile", async () => {
    const ids = [await application("ana"), await application("bia"), await application("carla")];
    // Another reviewer rejects Bia first.
    await changeStatus(database.db, {
      submissionId: ids[1]!,
      from: "Pendente",
      to: "Reprovado",
      actor: { id: `other-${marker}`, role: "admin" },
    });
    const result = await decideMany(database.db, {
      ids,
      to: "Aprovado",
      note: "Welcome aboard",
      actor: approver,
      ip: "203.0.113.9",
    });
    expect(result).toMatchObject({ outcome: "decided", changed: 2, skipped: 1 });
    const rows = await database.db
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, ids));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [ids[0]!]: "Aprovado",
      [ids[1]!]: "Reprovado",
      [ids[2]!]: "Aprovado",
    });
    const history = await database.db
      .select({ note: submissionStatusHistory.note })
      .from(submissionStatusHistory)
      .where(
        and(
          inArray(submissionStatusHistory.submissionId, ids),
          eq(submissionStatusHistory.changedBy, approver.id),
        ),
      );
    expect(history).toEqual([{ note: "Welcome aboard" }, { note: "Welcome aboard" }]);
    const mails = await database.db
      .select({ kind: outbox.kind, to: outbox.recipient })
      .from(outbox)
      .where(like(outbox.recipient, `%.${marker}@%`));
    expect(
      mails
        .filter((m) => m.kind === "approved")
        .map((m) => m.to)
        .sort(),
    ).toEqual([`ana.${marker}@example.com`, `carla.${marker}@example.com`]);
  });

  it("lets a model's or affiliate's role decide nothing", async () => {
    const id = await application("dani");
    const result = await decideMany(database.db, {
      ids: [id],
      to: "Reprovado",
      actor: { id: `model-${marker}`, role: "model" },
    });
    expect(result).toMatchObject({ outcome: "decided", changed: 0, skipped: 1 });
  });

  it("reveals the full document only through a recorded access", async () => {
    const id = await application("eva", "AB1234567");
    const [stored] = await database.db
      .select({ encrypted: submissions.documentEncrypted, last: submissions.documentLastDigits })
      .from(submissions)
      .where(eq(submissions.id, id));
    expect(stored!.encrypted).not.toContain("1234567");
    expect(stored!.last).toBe("4567");
    expect(await revealDocument(database.db, id, { id: approver.id, ip: "198.51.100.4" })).toEqual({
      outcome: "revealed",
      document: "AB1234567",
    });
    const log = await database.db
      .select({ action: accessLog.action, ip: accessLog.ip })
      .from(accessLog)
      .where(and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.actorId, approver.id)));
    expect(log).toEqual([{ action: "submission.reveal-document", ip: "198.51.100.4" }]);
    expect(await revealDocument(database.db, await application("fer"), approver)).toEqual({
      outcome: "missing",
    });
  });
});
