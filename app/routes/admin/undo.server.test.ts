import { randomBytes } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import type { Role } from "#app/db/roles.ts";
import {
  accessLog,
  outbox,
  rejectionReasons,
  submissions,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { addRejectionReason } from "#app/mail/rejection-reasons.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { outcomeOf } from "#app/test/routes.ts";
import * as listRoute from "./submissions.tsx";
import * as undoRoute from "./undo.ts";
import { paced } from "#app/test/pace.ts";

/**
 * POST /admin/undo and the list's bulk decision as their users and attackers send them: a
 * decider takes back her own decision; another reviewer, another role or another site cannot;
 * a bulk rejection without its reason changes nothing.
 */
const PASSWORD = "desfazer-a-decisao-2026!";
const accounts = ["approver", "colleague", "admin", "editor"] as const;
const roleOf = { approver: "approver", colleague: "approver", admin: "admin", editor: "editor" };

describe.each(databaseTargets)("undoing a decision over HTTP on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies = {} as Record<(typeof accounts)[number], string>;
  const ids = {} as Record<(typeof accounts)[number], string>;
  let reasonId: number;

  const request = (
    path: string,
    fields: [string, string][],
    { who, origin = TEST_ORIGIN }: { who?: (typeof accounts)[number]; origin?: string } = {},
  ) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin, ...(who ? { cookie: cookies[who] } : {}), "x-client-ip": "198.51.100.8" },
    });
  const undo = (fields: [string, string][], options?: Parameters<typeof request>[2]) =>
    outcomeOf(() =>
      undoRoute.action({
        request: request("/admin/undo", fields, options),
        params: {},
        context: {},
      } as never),
    );

  async function decided(to: "Aprovado" | "Reprovado" = "Aprovado") {
    const db = await getDatabase();
    const email = `ana.${marker}.${randomBytes(3).toString("hex")}@example.com`;
    const id = await insertApplicationRow(db, { language: "pt", fullName: "Ana Souza", email });
    const result = await changeStatus(db, {
      submissionId: id,
      from: "Pendente",
      to,
      ...(to === "Reprovado" ? { reasonId } : {}),
      actor: { id: ids.approver, role: "approver" },
    });
    if (result.outcome !== "changed") throw new Error(result.outcome);
    return { id, email, decisionId: result.decisionId };
  }
  const statusOf = async (id: number) =>
    (
      await (
        await getDatabase()
      )
        .select({ status: submissions.status })
        .from(submissions)
        .where(eq(submissions.id, id))
    )[0]!.status;

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const who of accounts) {
      const account = await signedInAccount({
        email: `${who}.${marker}@example.com`,
        name: `${who} ${marker}`,
        role: roleOf[who] as Role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      cookies[who] = account.cookie;
      ids[who] = account.id;
    }
    reasonId = await addRejectionReason(await getDatabase(), `Fotos ${marker}`, { id: ids.admin });
  }, paced(90_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.email, `%.${marker}.%`));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}.%`));
    await db.delete(accessLog).where(inArray(accessLog.actorId, Object.values(ids)));
    await db.delete(rejectionReasons).where(eq(rejectionReasons.id, reasonId));
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  it("takes back her own decision and goes back to the page she came from", async () => {
    const { id, email, decisionId } = await decided();
    const answer = await undo(
      [
        ["decision", String(decisionId)],
        ["back", `/admin/cadastros/${id}?list=pendentes&notice=Aprovado`],
      ],
      { who: "approver" },
    );
    expect(answer).toMatchObject({
      status: 302,
      location: `/admin/cadastros/${id}?list=pendentes&undo=done&undone=1`,
    });
    expect(await statusOf(id)).toBe("Pendente");
    expect(
      await (await getDatabase()).select().from(outbox).where(eq(outbox.recipient, email)),
    ).toEqual([]);
  });

  it("refuses another approver's or an admin's undo of her decision: 403, nothing changed", async () => {
    const { id, email, decisionId } = await decided();
    for (const who of ["colleague", "admin"] as const) {
      const answer = await undo([["decision", String(decisionId)]], { who });
      expect(answer.status).toBe(403);
    }
    // An editor may not even send the form; a visitor is sent to sign in.
    expect(await undo([["decision", String(decisionId)]], { who: "editor" })).toMatchObject({
      status: 302,
      location: "/permission-denied",
    });
    expect((await undo([["decision", String(decisionId)]])).status).toBe(302);
    // From another site, even with her own session.
    expect(
      (
        await undo([["decision", String(decisionId)]], {
          who: "approver",
          origin: "https://evil.example",
        })
      ).status,
    ).toBe(403);
    expect(await statusOf(id)).toBe("Aprovado");
    expect(
      await (await getDatabase()).select().from(outbox).where(eq(outbox.recipient, email)),
    ).toHaveLength(1);
  });

  it("says it is too late once the minute has passed, and never leaves the site", async () => {
    const { id, decisionId } = await decided("Reprovado");
    const db = await getDatabase();
    await db
      .update(submissionStatusHistory)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(submissionStatusHistory.id, decisionId));
    const answer = await undo(
      [
        ["decision", String(decisionId)],
        ["back", "https://evil.example/phish"],
      ],
      { who: "approver" },
    );
    expect(answer).toMatchObject({
      status: 302,
      location: "/admin/pendentes?undo=expired&undone=0",
    });
    expect(await statusOf(id)).toBe("Reprovado");
  });

  it("refuses a bulk rejection without its reason: translated 400, nothing decided", async () => {
    const db = await getDatabase();
    const emails = [1, 2, 3].map((n) => `bulk${n}.${marker}.x@example.com`);
    const rows = [];
    for (const email of emails) {
      rows.push(await insertApplicationRow(db, { language: "es", fullName: "Bia Lima", email }));
    }
    const post = (fields: [string, string][]) =>
      outcomeOf(() =>
        listRoute.action({
          request: request("/admin/pendentes", fields, { who: "approver" }),
          params: {},
          context: {},
        } as never),
      );
    const ticked = rows.map((id): [string, string] => ["id", String(id)]);
    const refused = await post([["to", "Reprovado"], ["note", "Obrigada"], ...ticked]);
    expect(refused).toMatchObject({ status: 400, data: { error: "admin.bulk.reasonRequired" } });
    const pending = await db
      .select({ status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, rows));
    expect(pending.map((row) => row.status)).toEqual(["Pendente", "Pendente", "Pendente"]);
    expect(await db.select().from(outbox).where(inArray(outbox.recipient, emails))).toEqual([]);

    const done = await post([["to", "Reprovado"], ["reason", String(reasonId)], ...ticked]);
    expect(done).toMatchObject({ status: 200, data: { changed: 3, skipped: 0, to: "Reprovado" } });
    const decisions = (done.data as { decisions: number[] }).decisions;
    expect(decisions).toHaveLength(3);

    // One Undo for the batch.
    const undone = await undo(
      [
        ...decisions.map((d): [string, string] => ["decision", String(d)]),
        ["back", "/admin/pendentes"],
      ],
      { who: "approver" },
    );
    expect(undone).toMatchObject({ status: 302, location: "/admin/pendentes?undo=done&undone=3" });
    expect(await db.select().from(outbox).where(inArray(outbox.recipient, emails))).toEqual([]);
  });
});
