import { randomUUID } from "node:crypto";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessActions } from "#app/db/access-actions.ts";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { accessLog, submissions, user } from "#app/db/schema.server.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { languages } from "#app/i18n/languages.ts";
import { stringsFor } from "#app/i18n/resources.server.ts";
import { createTranslate } from "#app/i18n/translation.tsx";
import {
  actionFamilies,
  actionLabelKey,
  parseActionFilter,
  startOfAgencyDay,
  subjectPath,
} from "./access-actions.ts";
import { exportAccessLog, listAccessLog } from "./access-report.server.ts";
import { paced } from "#app/test/pace.ts";

describe("access-log actions and subjects", () => {
  it("names known actions and families, and accepts only those as filters", () => {
    expect(actionLabelKey("user.role")).toBe("admin.accessReport.actions.userRole");
    expect(actionLabelKey("settings.something-new")).toBe("admin.accessReport.families.settings");
    expect(actionLabelKey("mystery")).toBeNull();
    expect(parseActionFilter("affiliate.ledger")).toBe("affiliate.ledger");
    expect(parseActionFilter("user.*")).toBe("user.*");
    expect(parseActionFilter("nope.*")).toBeUndefined();
    expect(parseActionFilter("'; drop table")).toBeUndefined();
  });

  it("names every action the log records, and every family, in all six languages", () => {
    expect(languages).toHaveLength(6);
    for (const { code } of languages) {
      // The strings the report's page is sent, so a label in another namespace would not count.
      const missing: string[] = [];
      const t = createTranslate(code, stringsFor(code, ["admin-access-report"]), (key) =>
        missing.push(key),
      );
      for (const action of accessActions) {
        const key = actionLabelKey(action);
        expect(key, action).toMatch(/^admin\.accessReport\.actions\./);
        expect(t(key!).trim(), `${code}: ${action}`).not.toBe("");
      }
      for (const family of actionFamilies) t(`admin.accessReport.families.${family}`);
      expect(missing, code).toEqual([]);
    }
  });

  it("accepts only the log's actions, each with its details' shape", () => {
    // Never called: the type checker reads these.
    const db = {} as Parameters<typeof recordAccess>[0];
    const actor = { id: "someone" };
    void [
      () =>
        recordAccess(db, "settings.retention", {
          actor,
          subject: "s",
          details: { from: 1, to: 2 },
        }),
      () => recordAccess(db, "submission.reveal-document", { actor, subject: "submission:1" }),
      // @ts-expect-error an action the log does not know
      () => recordAccess(db, "user.delete", { actor, subject: "s", details: {} }),
      // @ts-expect-error details of another action
      () => recordAccess(db, "settings.retention", { actor, subject: "s", details: { kind: "x" } }),
      // @ts-expect-error details are required where the action has them
      () => recordAccess(db, "outbox.retry", { actor, subject: "outbox:1" }),
    ];
  });

  it("links a subject to its page", () => {
    expect(subjectPath("submission:42")).toBe("/admin/cadastros/42");
    expect(subjectPath("affiliate:7")).toBe("/admin/afiliados/7");
    expect(subjectPath("user:abc", "ana@example.com")).toBe("/admin/users?q=ana%40example.com");
    expect(subjectPath("user:abc")).toBeNull();
    expect(subjectPath("submissions")).toBeNull();
  });

  it("takes a day in the agency's time zone", () => {
    expect(startOfAgencyDay("2026-03-01")!.toISOString()).toBe("2026-03-01T03:00:00.000Z");
    expect(startOfAgencyDay("2026-13-01")).toBeNull();
    expect(startOfAgencyDay("yesterday")).toBeNull();
  });
});

describe.each(databaseTargets)("the access report on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `acc-${randomUUID().slice(0, 8)}`;
  const ana = `ana-${marker}`;
  const bia = `bia-${marker}`;
  const subject = (n: number) => `submission:${marker}-${n}`;
  let submissionId = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertAccount(database.db, {
      id: ana,
      name: `Ana ${marker}`,
      email: `ana.${marker}@example.com`,
      role: "admin",
    });
    await insertAccount(database.db, {
      id: bia,
      name: `Bia ${marker}`,
      email: `bia.${marker}@example.com`,
      role: "approver",
    });
    // 25 entries over three days (UTC−3): Ana changes statuses, Bia reveals documents.
    const rows = Array.from({ length: 25 }, (_, i) => ({
      actorId: i % 5 === 0 ? bia : ana,
      action: i % 5 === 0 ? "submission.reveal-document" : "submission.status",
      subject: subject(i),
      details: i % 5 === 0 ? {} : { from: "Pendente", to: "Aprovado", note: `=cmd|${i}` },
      ip: "198.51.100.4",
      // 2026-03-01 12:00 UTC−3 onwards, two hours apart: days 1, 2 and 3.
      createdAt: new Date(Date.UTC(2026, 2, 1, 15 + 2 * i)),
    }));
    await database.db.insert(accessLog).values(rows);
    submissionId = await insertApplicationRow(database.db, {
      fullName: `Carla ${marker}`,
      email: `carla.${marker}@example.com`,
    });
    await database.db.insert(accessLog).values({
      actorId: bia,
      action: "submission.reveal-document",
      subject: `submission:${submissionId}`,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    await database.db.insert(accessLog).values({
      actorId: ana,
      action: "user.role",
      subject: `user:${bia}`,
      details: { from: "model", to: "approver" },
      createdAt: new Date(Date.UTC(2026, 2, 1, 14)),
    });
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(accessLog).where(like(accessLog.actorId, `%-${marker}`));
    await database.db.delete(accessLog).where(like(accessLog.subject, `%:${marker}`));
    await database.db.delete(user).where(like(user.id, `%-${marker}`));
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.close();
  });

  it("shows who, what, the subject and where from, newest first, and pages by keyset", async () => {
    const seen: number[] = [];
    let page = await listAccessLog(database.db, { actor: marker, limit: 10 });
    expect(page.rows[0]).toMatchObject({
      actorName: `Ana ${marker}`,
      actorRole: "admin",
      action: "submission.status",
      subject: subject(24),
      ip: "198.51.100.4",
    });
    for (let pages = 1; ; pages++) {
      seen.push(...page.rows.map((row) => row.id));
      if (!page.next) {
        expect(pages).toBe(3);
        break;
      }
      page = await listAccessLog(database.db, { actor: marker, limit: 10, before: page.next });
    }
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    const last = await listAccessLog(database.db, { actor: marker, action: "user.role" });
    expect(last.rows).toMatchObject([
      {
        subject: `user:${bia}`,
        subjectName: `Bia ${marker}`,
        subjectEmail: `bia.${marker}@example.com`,
      },
    ]);
  });

  it("names the subject: the applicant of a submission", async () => {
    const { rows } = await listAccessLog(database.db, { actor: marker, to: "2025-12-31" });
    expect(rows).toMatchObject([
      { subject: `submission:${submissionId}`, subjectName: `Carla ${marker}` },
    ]);
  });

  it("filters by action, family, actor and days", async () => {
    const count = async (filter: Parameters<typeof listAccessLog>[1]) =>
      (await listAccessLog(database.db, { limit: 200, ...filter })).rows.length;
    expect(await count({ actor: `bia ${marker}`.toUpperCase() })).toBe(6);
    expect(await count({ actor: `ana.${marker}@` })).toBe(21);
    expect(await count({ actor: marker, action: "submission.reveal-document" })).toBe(6);
    expect(await count({ actor: marker, action: "submission.*" })).toBe(26);
    expect(await count({ actor: marker, action: "user.*" })).toBe(1);
    // Day 1 (UTC−3) holds the role change and entries 0–5 (12:00 to 22:00).
    expect(await count({ actor: marker, from: "2026-03-01", to: "2026-03-01" })).toBe(7);
    expect(await count({ actor: marker, from: "2026-03-02", to: "2026-03-02" })).toBe(12);
    expect(await count({ actor: marker, from: "2026-03-03" })).toBe(7);
    expect(await count({ actor: marker, to: "2026-02-28" })).toBe(1);
  });

  it("exports the filter as CSV and records the export", async () => {
    const stream = await exportAccessLog(
      database.db,
      { actor: marker, action: "submission.status" },
      { id: ana, ip: "198.51.100.9" },
      (action) => (action === "submission.status" ? "Status change" : action),
    );
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    // TextDecoder drops the byte-order mark.
    expect(lines[0]).toBe(
      '"id";"created_at (Brasília time)";"actor_id";"actor_name";"actor_role";"action";"action_label";"subject";"ip";"details"',
    );
    expect(lines).toHaveLength(1 + 20);
    expect(lines[1]).toContain(
      `;"${ana}";"Ana ${marker}";"admin";"submission.status";"Status change";`,
    );
    // On the agency's clock: entry 24 was at 2026-03-03 15:00 UTC.
    expect(lines[1]).toMatch(/^"\d+";"2026-03-03 12:00:00";/);
    // The details as JSON, quoted, with its quotes doubled.
    expect(lines[1]).toMatch(/;"\{""[^\r\n]*""note"":""=cmd\|24""[^\r\n]*\}"$/);
    const mine = await listAccessLog(database.db, {
      actor: marker,
      action: "access-report.export",
    });
    expect(mine.rows).toMatchObject([
      {
        actorId: ana,
        ip: "198.51.100.9",
        details: { action: "submission.status", actor: marker, from: null, to: null },
      },
    ]);
  });

  it("reads back what recordAccess wrote, whichever module writes it", async () => {
    const cleo = `cleo-${marker}`;
    await insertAccount(database.db, {
      id: cleo,
      name: `Cleo ${marker}`,
      email: `cleo.${marker}@example.com`,
      role: "admin",
    });
    const ledger = {
      entry: 7,
      kind: "payout",
      amountCents: 12345,
      occurredOn: "2026-03-02",
      note: "pix",
    } as const;
    await database.db.transaction((tx) =>
      recordAccess(tx, "affiliate.ledger", {
        actor: { id: cleo, ip: "203.0.113.7" },
        subject: `affiliate:${marker}`,
        details: ledger,
      }),
    );
    await recordAccess(database.db, "submission.reveal-document", {
      actor: { id: cleo },
      subject: `submission:${marker}`,
    });
    await recordAccess(database.db, "privacy.retention", {
      actor: null,
      subject: `settings:${marker}`,
      details: { months: 24, erased: 3 },
    });
    const { rows } = await listAccessLog(database.db, { actor: `Cleo ${marker}` });
    expect(rows).toMatchObject([
      {
        actorId: cleo,
        action: "submission.reveal-document",
        subject: `submission:${marker}`,
        details: null,
        ip: null,
      },
      {
        actorId: cleo,
        actorName: `Cleo ${marker}`,
        actorRole: "admin",
        action: "affiliate.ledger",
        subject: `affiliate:${marker}`,
        details: ledger,
        ip: "203.0.113.7",
      },
    ]);
    const system = await listAccessLog(database.db, { action: "privacy.*", limit: 200 });
    expect(system.rows.find((row) => row.subject === `settings:${marker}`)).toMatchObject({
      actorId: null,
      action: "privacy.retention",
      details: { months: 24, erased: 3 },
      ip: null,
    });
  });
});
