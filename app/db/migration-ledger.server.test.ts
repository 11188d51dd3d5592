import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryTotals } from "#app/features/affiliates/entries.server.ts";
import { databaseTargets, emptyDatabase, type DatabaseCopy } from "#app/test/databases.ts";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "./db.server.ts";
import { paced } from "#app/test/pace.ts";

/*
 * Migration 0037 on a database that was used: the hand-kept ledger of issue 13 becomes the
 * program's entries, the free commission rates go to the access log, and the time of each
 * application's first decision is read off its history. Migrated to 0036, given rows as the old
 * screens wrote them, then migrated to the end.
 */

const LAST_BEFORE = "0036_affiliate_program";

/** drizzle/ as it was up to and with `tag`: the same SQL files, a journal cut after it. */
function migrationsUpTo(tag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe.each(databaseTargets)(
  "migration 0037 with the old ledger's rows, on %s",
  (_name, kind) => {
    let database: DatabaseHandle;
    let empty: DatabaseCopy;
    let folder: string;
    const rows = async <Row>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

    beforeAll(async () => {
      empty = await emptyDatabase(kind);
      database = openDatabase(empty);
      folder = migrationsUpTo(LAST_BEFORE);
      if (database.kind === "pglite") {
        await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
      } else {
        await migrateNodePostgres(database.db as unknown as NodePgDatabase, {
          migrationsFolder: folder,
        });
      }

      // As the old screens left them: an admin, two affiliates (one with a rate), her ledger.
      await database.db.execute(sql`
      insert into "user" (id, name, email, role) values
        ('admin-1', 'Rita Admin', 'rita@example.com', 'admin'),
        ('aff-lia', 'Lia Souza', 'lia@example.com', 'affiliate'),
        ('aff-mel', 'Mel Costa', 'mel@example.com', 'affiliate')`);
      await database.db.execute(sql`
      insert into affiliates (id, user_id, referral_code, promotion, commission_rate)
      overriding system value values
        (1, 'aff-lia', 'LIA2026', 'Instagram', 12.50),
        (2, 'aff-mel', 'MEL2026', 'TikTok', null)`);
      await database.db.execute(sql`
      insert into affiliate_ledger
        (affiliate_id, kind, amount_cents, occurred_on, note, created_by, created_at, voided_at, voided_by)
      values
        (1, 'earning', 15000, '2026-03-01', 'Março: duas indicações', 'admin-1', '2026-03-02T12:00:00Z', null, null),
        (1, 'payout', 10000, '2026-03-10', 'PIX 10/03', 'admin-1', '2026-03-10T12:00:00Z', null, null),
        (1, 'earning', 5000, '2026-03-11', 'Lançado duas vezes', 'admin-1', '2026-03-11T12:00:00Z', '2026-03-11T12:05:00Z', 'admin-1'),
        (2, 'earning', 2000, '2026-04-01', null, 'admin-1', '2026-04-01T12:00:00Z', null, null)`);
      // Ana: approved, undone, then rejected; Bia: approved; Cris: still pending.
      await database.db.execute(sql`
      insert into submissions
        (id, source, language, full_name, email, email_normalized, age, instagram, experience,
         message, consent_version, consented_at, status)
      overriding system value values
        (1, 'form', 'pt', 'Ana Lima', 'ana@example.com', 'ana@example.com', 24, '@ana', 'beginner', 'Oi', 'v1', now(), 'Reprovado'),
        (2, 'form', 'pt', 'Bia Rocha', 'bia@example.com', 'bia@example.com', 25, '@bia', 'beginner', 'Oi', 'v1', now(), 'Aprovado'),
        (3, 'form', 'pt', 'Cris Melo', 'cris@example.com', 'cris@example.com', 26, '@cris', 'beginner', 'Oi', 'v1', now(), 'Pendente')`);
      await database.db.execute(sql`
      insert into submission_status_history (submission_id, from_status, to_status, created_at, undone_at)
      values
        (1, 'Pendente', 'Aprovado', '2026-05-01T10:00:00Z', '2026-05-01T10:00:08Z'),
        (1, 'Pendente', 'Reprovado', '2026-05-02T09:00:00Z', null),
        (2, 'Pendente', 'Aprovado', '2026-05-03T15:30:00Z', null),
        (2, 'Aprovado', 'Pendente', '2026-05-04T08:00:00Z', null),
        (2, 'Pendente', 'Aprovado', '2026-05-05T08:00:00Z', null)`);

      await database.migrate(); // 0037 onwards, as a deploy would
    }, paced(120_000));

    afterAll(async () => {
      await database?.close();
      await empty?.drop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    it("copies each earning and each payout by hand into a legacy entry, so nothing is paid twice", async () => {
      const entries = await rows<Record<string, unknown>>(sql`
      select affiliate_id, origin, amount_cents, reason, occurred_on::text as occurred_on,
        created_by, payable_at, voided_at, void_reason
      from affiliate_entries order by affiliate_id, created_at`);
      expect(
        entries.map((entry) => ({
          ...entry,
          affiliate_id: Number(entry.affiliate_id),
          amount_cents: Number(entry.amount_cents),
          payable_at: new Date(String(entry.payable_at)).toISOString(),
          voided_at: entry.voided_at ? new Date(String(entry.voided_at)).toISOString() : null,
        })),
      ).toEqual([
        {
          affiliate_id: 1,
          origin: "legacy",
          amount_cents: 15000,
          reason: "Março: duas indicações",
          occurred_on: "2026-03-01",
          created_by: "admin-1",
          payable_at: "2026-03-02T12:00:00.000Z",
          voided_at: null,
          void_reason: null,
        },
        {
          affiliate_id: 1,
          origin: "legacy",
          amount_cents: -10000,
          reason: "PIX 10/03",
          occurred_on: "2026-03-10",
          created_by: "admin-1",
          payable_at: "2026-03-10T12:00:00.000Z",
          voided_at: null,
          void_reason: null,
        },
        {
          affiliate_id: 1,
          origin: "legacy",
          amount_cents: 5000,
          reason: "Lançado duas vezes",
          occurred_on: "2026-03-11",
          created_by: "admin-1",
          payable_at: "2026-03-11T12:00:00.000Z",
          voided_at: "2026-03-11T12:05:00.000Z",
          void_reason: "voided-by-hand",
        },
        {
          affiliate_id: 2,
          origin: "legacy",
          amount_cents: 2000,
          reason: null,
          occurred_on: "2026-04-01",
          created_by: "admin-1",
          payable_at: "2026-04-01T12:00:00.000Z",
          voided_at: null,
          void_reason: null,
        },
      ]);
    });

    it("leaves each affiliate what the old ledger owed her, payable now, and nothing pending", async () => {
      const now = new Date("2026-11-29T12:00:00Z");
      expect(await entryTotals(database.db, 1, now)).toEqual({
        pendingCents: 0,
        payableCents: 5000, // 150,00 earned − 100,00 paid; the voided 50,00 counts for nothing
        inBatchCents: 0,
        paidCents: 0,
        heldCents: 0,
      });
      expect((await entryTotals(database.db, 2, now)).payableCents).toBe(2000);
    });

    it("keeps each retired rate in the access log, and drops the ledger and the rate", async () => {
      const retired = await rows<{ subject: string; details: unknown }>(sql`
      select subject, details from access_log where action = 'affiliate.rate-retired'`);
      expect(
        retired.map((row) => ({
          subject: row.subject,
          details: typeof row.details === "string" ? JSON.parse(row.details) : row.details,
        })),
      ).toEqual([{ subject: "affiliate:1", details: { rate: "12.50" } }]);
      const left = await rows<{ name: string }>(sql`
      select table_name as name from information_schema.tables where table_name = 'affiliate_ledger'
      union all
      select column_name from information_schema.columns
        where table_name = 'affiliates' and column_name = 'commission_rate'`);
      expect(left).toEqual([]);
    });

    it("reads each application's first decision off its history, an undone one not counted", async () => {
      const decided = await rows<{ id: unknown; first_decided_at: unknown }>(sql`
      select id, first_decided_at from submissions order by id`);
      expect(
        decided.map((row) => [
          Number(row.id),
          row.first_decided_at ? new Date(String(row.first_decided_at)).toISOString() : null,
        ]),
      ).toEqual([
        [1, "2026-05-02T09:00:00.000Z"],
        [2, "2026-05-03T15:30:00.000Z"],
        [3, null],
      ]);
    });
  },
);
