import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAccount } from "../e2e/accounts.ts";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { scratchDatabase, type ScratchDatabase } from "../e2e/scratch-database.ts";
import { startSmtp } from "../e2e/smtp.ts";
import { postForm, signedInCookie } from "./forms.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Two app instances on one PostgreSQL, and two models posting the same welcome-call time at the
 * same moment, one to each: exactly one call is booked (the database's exclusion constraint
 * decides), the other model hears "that time was just taken" (409) and has nothing stored.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const offset = Number(process.env.E2E_PORT ?? 3210);
const PASSWORD = "uma-hora-duas-modelos-2026";
const MODELS = ["lia.duas@example.com", "mel.duas@example.com"] as const;
const MANAGER = "rita.duas@example.com";

test.skip(!baseUrl, "needs PostgreSQL: set TEST_DATABASE_URL (CI does)");
test.describe.configure({ mode: "serial", timeout: paced(120_000) });

let database: ScratchDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: OwnServer;
let b: OwnServer;
const dataDirs: string[] = [];

test.beforeAll(async () => {
  // Two servers (or one) started on a busy machine: more than a test's usual half minute.
  test.setTimeout(paced(120_000));
  database = await scratchDatabase("mare_calls");
  smtp = await startSmtp();
  const shared = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    PUBLIC_ORIGIN: `http://127.0.0.1:${offset + 87}`,
    TRUST_PROXY: "loopback",
    // Both senders look at the outbox every second: the reminders' test races them.
    MAIL_POLL_SECONDS: "1",
  };
  for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), "mare-call-")));
  a = await ownServer(offset + 87, { ...shared, DATA_DIR: dataDirs[0]! });
  b = await ownServer(offset + 88, { ...shared, DATA_DIR: dataDirs[1]! });
  for (const email of [...MODELS, MANAGER]) {
    await createAccount({
      email,
      role: email === MANAGER ? "approver" : "model",
      password: PASSWORD,
      database: { url: database.url },
    });
  }
  // Her manager takes calls all day, every day, half an hour each, bookable at once.
  const [manager] = await database.query<{ id: string }>(`select id from "user" where email = $1`, [
    MANAGER,
  ]);
  await database.query(
    `insert into staff_profiles (user_id, display_name, call_minutes, buffer_minutes, horizon_days, notice_hours)
     values ($1, 'Rita', 30, 0, 30, 0)`,
    [manager!.id],
  );
  await database.query(
    `insert into staff_availability (user_id, weekday, start_minute, end_minute)
     select $1, d, 0, 1440 from generate_series(0, 6) d`,
    [manager!.id],
  );
  for (const email of MODELS) {
    await database.query(
      `insert into submissions (source, language, full_name, email, email_normalized, consent_version,
         consented_at, status, manager_id)
       values ('form', 'pt', 'Modelo Duas', $1, $1, 'test', now(), 'Aprovado', $2)`,
      [email, manager!.id],
    );
  }
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await database?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const signIn = (server: OwnServer, email: string, ip: string) =>
  signedInCookie(server.origin, { email, password: PASSWORD }, ip);

function book(server: OwnServer, cookie: string, start: string) {
  return postForm(
    server.origin,
    "/dashboard/model/welcome-call",
    { intent: "book", start, tz: "Europe/Lisbon" },
    { cookie },
  );
}

test("one time posted to both instances at once is booked once", async () => {
  const [lia, mel] = [
    await signIn(a, MODELS[0], "203.0.113.61"),
    await signIn(b, MODELS[1], "203.0.113.62"),
  ];
  // Three days ahead at 12:00 UTC: 09:00 in Brasília, on the half-hour grid from midnight.
  const day = new Date(Date.now() + 3 * 86_400_000);
  day.setUTCHours(12, 0, 0, 0);
  const start = day.toISOString();
  const answers = await Promise.all([book(a, lia, start), book(b, mel, start)]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
  const lost = answers.find((answer) => answer.status === 409)!;
  expect(await lost.text()).toMatch(/Esse horário acabou de ser reservado/);
  const calls = await database.query<{ email: string }>(
    `select s.email from welcome_calls c join submissions s on s.id = c.submission_id
     where c.starts_at = $1`,
    [start],
  );
  expect(calls).toHaveLength(1);
  // The winner's two mails (hers and her manager's) and four reminders; nothing for the loser.
  const loser = MODELS.find((email) => email !== calls[0]!.email)!;
  expect(await database.query(`select 1 from outbox where recipient = $1`, [loser])).toHaveLength(
    0,
  );
  expect(
    await database.query(
      `select 1 from outbox where kind like 'welcome-call%' and recipient <> $1`,
      [loser],
    ),
  ).toHaveLength(6);
});

test("each reminder is sent once, though both instances' senders look for it", async () => {
  const [call] = await database.query<{ ids: number[] }>(
    `select reminder_mail_ids as ids from welcome_calls where state = 'booked'`,
  );
  expect(call!.ids).toHaveLength(4);
  // The day and the hour before have come.
  await database.query(`update outbox set next_attempt_at = now() where id = any($1::bigint[])`, [
    call!.ids,
  ]);
  await expect
    .poll(
      async () =>
        (
          await database.query(
            `select 1 from outbox where id = any($1::bigint[]) and status = 'sent'`,
            [call!.ids],
          )
        ).length,
      { timeout: paced(30_000) },
    )
    .toBe(4);
  // A few more passes of both senders: nothing goes twice.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const reminders = smtp.received.filter((mail) =>
    /lembrete|conversa de boas-vindas em breve/i.test(mail.subject ?? ""),
  );
  expect(reminders).toHaveLength(4);
  expect(new Set(reminders.map((mail) => mail.messageId)).size).toBe(4);
});
