import { randomBytes } from "node:crypto";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, outbox, rateLimits, submissions, user } from "#app/db/schema.server.ts";
import { actionLabel } from "#app/features/reports/access-actions.ts";
import { protectDocument } from "#app/features/submissions/submissions.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import * as accessReport from "#app/routes/admin/access-report.tsx";
import * as detail from "#app/routes/admin/submission.tsx";
import { signedInAccount } from "#app/test/accounts.server.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import * as encryption from "#app/utils/encryption.server.ts";
import { paced } from "#app/test/pace.ts";

// Every decryption the reveals make, counted (the real one runs): a refused reveal makes none.
vi.mock("#app/utils/encryption.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof encryption>();
  return { ...actual, decrypt: vi.fn(actual.decrypt) };
});

/**
 * Harvesting document numbers (issue 24): an approver's account (hers, or a thief's with her
 * session) could open every application and press "Show the number" on each, as fast as it
 * liked. Performed as that attack, through the detail screen's action: 30 reveals an hour pass,
 * the 31st and later are refused with nothing decrypted, recorded, and every admin is told once.
 */

const PASSWORD = "a-long-staff-password-1";

describe.each(routeTestTargets)("the hourly reveal limit on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  const accounts: Record<
    "admin1" | "admin2" | "harvester" | "colleague",
    { id: string; cookie: string }
  > = {} as never;
  const applications: { id: number; document: string }[] = [];

  const reveal = (who: keyof typeof accounts, id: number) =>
    callRoute(
      detail.action,
      new Request(`${TEST_ORIGIN}/admin/cadastros/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "reveal" }),
        headers: { origin: TEST_ORIGIN, cookie: accounts[who].cookie, "accept-language": "en" },
      }),
      { id: String(id) },
    );

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    let n = 0;
    for (const [name, role] of [
      ["admin1", "admin"],
      ["admin2", "admin"],
      ["harvester", "approver"],
      ["colleague", "approver"],
    ] as const) {
      accounts[name] = await signedInAccount({
        email: email(name),
        name: `${name} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
        ip: `2001:db8:${marker.slice(0, 4)}:${++n}::1`,
      });
    }
    const documents = Array.from(
      { length: 33 },
      (_, i) => `${marker.slice(0, 4).toUpperCase()}${String(i).padStart(5, "0")}`,
    );
    const rows = await insertApplicationRows(
      await getDatabase(),
      documents.map((document, i) => ({
        source: "chatbot" as const,
        fullName: `Vítima ${i} Souza`,
        email: email(`applicant-${i}`),
        ...protectDocument(document),
      })),
    );
    rows.forEach((row, i) => applications.push({ id: row.id, document: documents[i]! }));
  }, paced(120_000));

  afterAll(async () => {
    const db = await getDatabase();
    const ids = Object.values(accounts).map((a) => a.id);
    await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await db
      .delete(rateLimits)
      .where(
        or(
          ...ids.map((id) => like(rateLimits.key, `%${id}%`)),
          like(rateLimits.key, `%${marker}%`),
        ),
      );
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    await db.delete(user).where(inArray(user.id, ids));
    await closeAppDatabase();
  });

  it("passes 30 reveals, refuses the 31st and later with nothing decrypted, and leaves a colleague alone", async () => {
    const decrypt = vi.mocked(encryption.decrypt);
    for (const { id, document } of applications.slice(0, 30)) {
      const answer = await reveal("harvester", id);
      expect(answer.status, `reveal of ${id}`).toBe(200);
      expect(answer.data).toEqual({ document });
    }
    // The counter is real: it saw the 30 reveals (else the check below could not fail).
    expect(decrypt.mock.calls.length).toBeGreaterThanOrEqual(30);
    decrypt.mockClear();
    for (const { id, document } of applications.slice(30)) {
      const answer = await reveal("harvester", id);
      expect(answer.status).toBe(429);
      expect(answer.data).toMatchObject({ error: "admin.detail.revealLimit" });
      expect(JSON.stringify(answer.data)).not.toContain(document);
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(decrypt).not.toHaveBeenCalled();
    // The message reads well in her language, with the limit and the time she may go on.
    const refused = await reveal("harvester", applications[0]!.id);
    const { error, params } = refused.data as { error: string; params: Record<string, string> };
    const message = getFixedT("en")(error, params);
    expect(message).toContain("30 document numbers");
    expect(message).toMatch(/from \d{2}:\d{2} \(Brasília time\)/);

    // Another approver is not held back by him.
    const own = await reveal("colleague", applications[31]!.id);
    expect(own).toMatchObject({ status: 200, data: { document: applications[31]!.document } });

    const db = await getDatabase();
    const rows = await db
      .select({ action: accessLog.action, subject: accessLog.subject, details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.actorId, accounts.harvester.id));
    expect(rows.filter((r) => r.action === "submission.reveal-document")).toHaveLength(30);
    const refusals = rows.filter((r) => r.action === "submission.reveal-refused");
    expect(refusals.map((r) => r.subject).sort()).toEqual(
      [applications[30]!, applications[31]!, applications[32]!, applications[0]!]
        .map((a) => `submission:${a.id}`)
        .sort(),
    );
    expect(refusals.map((r) => (r.details as { attempt: number }).attempt).sort()).toEqual([
      31, 32, 33, 34,
    ]);
  });

  it("tells each admin once for the hour, not once per refused try, and no one else", async () => {
    const db = await getDatabase();
    const mails = await db
      .select({
        to: outbox.recipient,
        kind: outbox.kind,
        text: outbox.text,
        subject: outbox.subject,
      })
      .from(outbox)
      .where(like(outbox.recipient, `%.${marker}@%`));
    const alerts = mails.filter((m) => m.kind === "staff-security");
    expect(alerts.map((m) => m.to).sort()).toEqual([email("admin1"), email("admin2")]);
    expect(alerts[0]!.text).toContain("/admin/access-report?action=submission.reveal-refused");
    // Discreet: neither the account nor any applicant's number is in a mailbox.
    for (const alert of alerts) {
      expect(alert.text).not.toContain(marker);
      for (const { document } of applications) expect(alert.text).not.toContain(document);
    }
  });

  it("lists the refusals in the access report, labelled", async () => {
    const answer = await callRoute(
      accessReport.loader,
      new Request(`${TEST_ORIGIN}/admin/access-report?action=submission.reveal-refused`, {
        headers: { cookie: accounts.admin1.cookie },
      }),
    );
    expect(answer.status).toBe(200);
    const mine = answer.data!.rows.filter((row) => row.actorId === accounts.harvester.id);
    expect(mine).toHaveLength(4);
    expect(mine.every((row) => row.action === "submission.reveal-refused")).toBe(true);
    for (const language of ["pt", "es", "en", "it", "de", "sv"] as const) {
      const t = getFixedT(language);
      const label = actionLabel("submission.reveal-refused", t);
      expect(label, language).not.toBe("submission.reveal-refused");
      expect(label, language).not.toBe(actionLabel("submission.reveal-document", t));
    }
  });

  it("lets him reveal again once his hour is over, and alerts again only on the next 31st", async () => {
    const db = await getDatabase();
    await db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 minutes'` })
      .where(eq(rateLimits.key, `reveal-document:${accounts.harvester.id}`));
    const again = await reveal("harvester", applications[32]!.id);
    expect(again).toMatchObject({ status: 200, data: { document: applications[32]!.document } });
    const alerts = await db
      .select({ to: outbox.recipient })
      .from(outbox)
      .where(and(like(outbox.recipient, `%.${marker}@%`), eq(outbox.kind, "staff-security")));
    expect(alerts).toHaveLength(2);
  });
});
