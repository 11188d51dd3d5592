import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAccount } from "../e2e/accounts.ts";
import { logsDir, ownServer, type OwnServer } from "../e2e/own-server.ts";
import { scratchDatabase, type ScratchDatabase } from "../e2e/scratch-database.ts";
import { startSmtp } from "../e2e/smtp.ts";
import { postForm, sessionCookie } from "./forms.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Two app instances on one PostgreSQL, as behind a load balancer, behave as one: limits count
 * together, a session made on one works on the other and ends on both, every mail goes out
 * once, the daily retention job runs once, a referral approved on both at once pays and tells
 * her affiliate once, and starting together on an empty database both come up (the migrations
 * are applied once).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const offset = Number(process.env.E2E_PORT ?? 3210);
const PASSWORD = "duas-instancias-um-banco-2026";
const MODEL = "nina.instancias@example.com";
const ADMIN = "rita.instancias@example.com";
const AFFILIATE = "lia.instancias@example.com";

test.skip(!baseUrl, "needs PostgreSQL: set TEST_DATABASE_URL (CI does)");
test.describe.configure({ mode: "serial", timeout: paced(120_000) });

let database: ScratchDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: OwnServer;
let b: OwnServer;
const dataDirs: string[] = [];

test.beforeAll(async () => {
  database = await scratchDatabase("mare_instances");
  smtp = await startSmtp();
  const shared = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    // What instances must share besides the database (README, "Scaling out").
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    PUBLIC_ORIGIN: `http://127.0.0.1:${offset + 76}`,
    // The tests say which visitor a request comes from, as the proxy in front would.
    TRUST_PROXY: "loopback",
    SUBMISSION_RATE_LIMIT: "4",
    RETENTION_FIRST_CHECK_SECONDS: "1",
    // Each sender's passes ("mail.pass"), every second, are logged at debug level: the mail
    // test waits on them.
    LOG_LEVEL: "debug",
    MAIL_POLL_SECONDS: "1",
    // The affiliate's mail at an approval waits the undo window: two seconds here.
    DECISION_UNDO_SECONDS: "2",
  };
  for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), "mare-inst-")));
  // Started together on the empty database: both migrate, one after the other.
  [a, b] = await Promise.all([
    ownServer(offset + 76, { ...shared, DATA_DIR: dataDirs[0]! }),
    ownServer(offset + 77, { ...shared, DATA_DIR: dataDirs[1]! }),
  ]);
  for (const [email, role] of [
    [MODEL, "model"],
    [ADMIN, "admin"],
    [AFFILIATE, "affiliate"],
  ] as const) {
    await createAccount({ email, role, password: PASSWORD, database: { url: database.url } });
  }
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await database?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

function apply(server: OwnServer, ip: string, email: string) {
  return fetch(`${server.origin}/_.data?index`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      origin: server.origin,
      "sec-fetch-site": "same-origin",
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams({
      fullName: "Nina Teixeira",
      age: "25",
      email,
      whatsapp: "+55 (48) 99876-5432",
      instagram: "@nina.t",
      experience: "beginner",
      message: "Quero conhecer a agência.",
      consent: "on",
      website: "",
    }),
  });
}

const signIn = (server: OwnServer, password: string, ip = "203.0.113.50", email = MODEL) =>
  postForm(server.origin, "/login", { email, password }, { ip });

async function signedInAs(server: OwnServer, cookie: string) {
  const response = await fetch(`${server.origin}/dashboard/model`, {
    redirect: "manual",
    headers: { cookie },
  });
  return response.status === 200 ? "signed in" : `refused (${response.status})`;
}

test("both instances came up and share one migrated database", async () => {
  for (const server of [a, b]) {
    const ready = await fetch(`${server.origin}/readyz`);
    expect(await ready.json()).toMatchObject({ ready: true, migrations: "current" });
  }
});

test("the application limit counts across instances", async () => {
  const ip = "203.0.113.10";
  const answers = [];
  for (const [i, server] of [a, b, a, b, a, b].entries()) {
    answers.push((await apply(server, ip, `limite.${i}@example.com`)).status);
  }
  // SUBMISSION_RATE_LIMIT=4 per address: the fifth is refused whichever instance gets it.
  expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
});

test("the sign-in limit per account counts across instances", async () => {
  const answers = [];
  for (let i = 0; i < 12; i++) {
    answers.push((await signIn(i % 2 ? b : a, "not-her-password", "198.51.100.7")).status);
  }
  // Ten wrong passwords for one account from one address in fifteen minutes, on any instance
  // (app/auth/limits.server.ts; from her own address she can still sign in).
  expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(answers.slice(10)).toEqual([429, 429]);
  await database.query("delete from rate_limits where key like 'signIn:%'");
});

test("a session made on one instance works on the other, and signing out ends it on both", async () => {
  const signedIn = await signIn(a, PASSWORD);
  expect(signedIn.status).toBe(302);
  const cookie = sessionCookie(signedIn);
  expect(await signedInAs(b, cookie)).toBe("signed in");
  expect(await signedInAs(a, cookie)).toBe("signed in");

  const out = await fetch(`${b.origin}/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: b.origin, "sec-fetch-site": "same-origin" },
  });
  expect(out.status).toBe(302);
  // The copy of the cookie no longer opens anything, on either instance.
  expect(await signedInAs(a, cookie)).toBe("refused (302)");
  expect(await signedInAs(b, cookie)).toBe("refused (302)");
});

test("every mail queued on either instance is sent exactly once", async () => {
  const recipients = Array.from({ length: 24 }, (_, i) => `correio.${i}@example.com`);
  const answers = await Promise.all(
    recipients.map((email, i) => apply(i % 2 ? b : a, `192.0.2.${i + 1}`, email)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(recipients.map(() => 200));

  const delivered = () =>
    recipients.map(
      (to) =>
        smtp.received.filter((mail) =>
          mail.to && "value" in mail.to ? mail.to.value.some((x) => x.address === to) : false,
        ).length,
    );
  await expect
    .poll(() => delivered().every((count) => count >= 1), { timeout: paced(30_000) })
    .toBe(true);
  // A second copy would come from a later pass of either sender: each makes two more first.
  const passes = await Promise.all([a, b].map((server) => server.countEvents("mail.pass")));
  for (const [i, server] of [a, b].entries()) {
    await expect
      .poll(() => server.countEvents("mail.pass"), { timeout: paced(10_000) })
      .toBeGreaterThanOrEqual(passes[i]! + 2);
  }
  expect(delivered()).toEqual(recipients.map(() => 1));
  const unsent = await database.query<{ count: string }>(
    "select count(*) from outbox where recipient like 'correio.%' and status <> 'sent'",
  );
  expect(unsent[0]!.count).toBe("0");
});

test("a referral approved on both instances at once pays her affiliate once and tells her once", async () => {
  const [affiliate] = await database.query<{ id: string }>(
    `select a.id from affiliates a join "user" u on u.id = a.user_id where u.email = $1`,
    [AFFILIATE],
  );
  // The program: R$ 150,00 when a referred woman is approved.
  await database.query(
    "insert into commission_rules (affiliate_id, milestone, fixed_cents) values (null, 'approved', 15000)",
  );
  const bruna = "bruna.instancias@example.com";
  expect((await apply(a, "198.51.100.99", bruna)).status).toBe(200);
  const [application] = await database.query<{ id: string }>(
    "update submissions set affiliate_id = $1 where email_normalized = $2 returning id",
    [affiliate!.id, bruna],
  );
  const id = application!.id;
  // Two admins' sessions, one on each instance, press Approve at the same moment.
  const cookies = await Promise.all(
    [a, b].map(async (server, i) =>
      sessionCookie(await signIn(server, PASSWORD, `203.0.113.${60 + i}`, ADMIN)),
    ),
  );
  const answers = await Promise.all(
    [a, b].map((server, i) =>
      postForm(
        server.origin,
        `/admin/cadastros/${id}`,
        { from: "Pendente", to: "Aprovado", note: "" },
        { cookie: cookies[i]! },
      ),
    ),
  );
  // One approval; the other is told it was decided meanwhile (or finds it already approved).
  expect(answers.filter((answer) => answer.status === 302)).not.toHaveLength(0);
  const count = async (query: string) =>
    Number((await database.query<{ count: string }>(query, [id]))[0]!.count);
  expect(
    await count(
      "select count(*) from affiliate_entries where submission_id = $1 and voided_at is null",
    ),
  ).toBe(1);
  expect(
    await count("select count(*) from referral_milestone_events where submission_id = $1"),
  ).toBe(1);
  // Her mail goes out once the undo window has passed, from one sender of the two.
  const toHer = () =>
    smtp.received.filter((mail) =>
      mail.to && "value" in mail.to ? mail.to.value.some((x) => x.address === AFFILIATE) : false,
    );
  await expect.poll(() => toHer().length, { timeout: paced(30_000) }).toBeGreaterThanOrEqual(1);
  const passes = await Promise.all([a, b].map((server) => server.countEvents("mail.pass")));
  for (const [i, server] of [a, b].entries()) {
    await expect
      .poll(() => server.countEvents("mail.pass"), { timeout: paced(10_000) })
      .toBeGreaterThanOrEqual(passes[i]! + 2);
  }
  expect(toHer()).toHaveLength(1);
  expect(toHer()[0]!.subject).toContain("Nina T.");
});

test("the daily retention job ran once, on one of the two", async () => {
  const runs = async () => {
    let count = 0;
    for (const server of [a, b]) {
      const log = await readFile(path.join(logsDir, `own-${server.port}.log`), "utf8");
      count += log
        .split("\n")
        .filter((line) => line.includes('"event":"privacy.retention"')).length;
    }
    return count;
  };
  // Each instance checks a second after it started, then hourly.
  await expect.poll(runs, { timeout: paced(15_000) }).toBe(1);
  const claimed = await database.query(
    "select value from settings where key = 'privacy.retention.run'",
  );
  expect(claimed).toHaveLength(1);
});
