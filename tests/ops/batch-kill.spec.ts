import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { pgliteExtensions } from "#app/db/embedded.server.ts";
import { paced } from "#app/test/pace.ts";
import { encrypt, parseKey } from "#app/utils/encryption.server.ts";
import { accountsDataDir, createAccount, roleAccounts } from "../e2e/accounts.ts";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { scratchDatabase } from "../e2e/scratch-database.ts";
import { postForm, signedInCookie } from "./forms.ts";

/**
 * The server killed with SIGKILL while an admin makes a payout batch, and again while she marks
 * it paid: both are one transaction each, so after the restart there is either the whole batch
 * (every payable entry in exactly one of its payouts, its total, its line in the access log) or
 * none of it; either a paid batch with one mail per affiliate, or an open one with none. Then
 * the same admin presses again and it is done once.
 */
const basePort = Number(process.env.E2E_PORT ?? 3210);
const ENCRYPTION_KEY = randomBytes(32).toString("base64");
/** Affiliates with something payable: enough that the batch takes a while to write. */
const AFFILIATES = 1500;

test.describe.configure({ mode: "serial", timeout: paced(240_000) });

/** What the two databases have in common here: a query with parameters, rows back. */
interface Sql {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function openPglite(dataDir: string): Promise<Sql> {
  const database = new PGlite(path.join(dataDir, "pglite"), { extensions: pgliteExtensions });
  return {
    query: async <Row>(text: string, params?: unknown[]) =>
      (await database.query<Row>(text, params)).rows,
    close: () => database.close(),
  };
}

async function openPostgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <Row>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as Row[],
    close: () => client.end(),
  };
}

/** AFFILIATES affiliates with PIX details, each owed R$ 150,00 that is payable now. */
async function seedPayable(sql: Sql) {
  const details = encrypt(
    JSON.stringify({ method: "pix", keyType: "email", key: "lia@example.com" }),
    parseKey(ENCRYPTION_KEY),
  );
  await sql.query(
    `insert into "user" (id, name, email, email_verified, role)
     select 'kill-aff-' || i, 'Afiliada ' || i, 'kill.aff' || i || '@example.com', true, 'affiliate'
     from generate_series(1, ${AFFILIATES}) as i`,
  );
  await sql.query(
    `insert into affiliates (user_id, referral_code, promotion)
     select 'kill-aff-' || i, 'KILL' || i, 'Instagram' from generate_series(1, ${AFFILIATES}) as i`,
  );
  await sql.query(
    `insert into affiliate_payout_details (affiliate_id, method, details_encrypted, hint)
     select a.id, 'pix', $1, '…com' from affiliates a where a.referral_code like 'KILL%'`,
    [details],
  );
  await sql.query(
    `insert into affiliate_entries (affiliate_id, origin, reason, amount_cents, occurred_on, payable_at)
     select a.id, 'manual', 'correção', 15000, current_date - 40, now() - interval '1 day'
     from affiliates a where a.referral_code like 'KILL%'`,
  );
}

interface BatchState {
  batches: { id: number; state: string }[];
  payouts: number;
  payoutCents: number;
  takenEntries: number;
  takenCents: number;
  /** Entries in a payout of no batch, or in two: never. */
  strayEntries: number;
  logged: { change: string }[];
  mails: number;
}

async function batchState(sql: Sql): Promise<BatchState> {
  const number = async (text: string) => Number((await sql.query<{ n: unknown }>(text))[0]?.n ?? 0);
  return {
    batches: (
      await sql.query<{ id: unknown; state: string }>(
        "select id, state from affiliate_payout_batches order by id",
      )
    ).map((row) => ({ id: Number(row.id), state: row.state })),
    payouts: await number("select count(*) as n from affiliate_payouts"),
    payoutCents: await number("select coalesce(sum(amount_cents), 0) as n from affiliate_payouts"),
    takenEntries: await number(
      "select count(*) as n from affiliate_entries where payout_id is not null",
    ),
    takenCents: await number(
      "select coalesce(sum(amount_cents), 0) as n from affiliate_entries where payout_id is not null",
    ),
    strayEntries: await number(
      `select count(*) as n from affiliate_entries e
       left join affiliate_payouts p on p.id = e.payout_id
       where e.payout_id is not null and p.id is null`,
    ),
    logged: await sql.query<{ change: string }>(
      `select details->>'change' as change from access_log
       where action = 'affiliate.payout-batch' order by id`,
    ),
    mails: await number(
      "select count(*) as n from outbox where kind = 'payout-sent' and recipient like 'kill.aff%'",
    ),
  };
}

/** All of the batch, or none of it. */
function expectWholeOrNothing(state: BatchState, paidToo: "open" | "paid" | "either") {
  if (state.batches.length === 0) {
    expect(state).toMatchObject({ payouts: 0, takenEntries: 0, logged: [], mails: 0 });
    return;
  }
  expect(state.batches).toHaveLength(1);
  expect(state).toMatchObject({
    payouts: AFFILIATES,
    payoutCents: AFFILIATES * 15000,
    takenEntries: AFFILIATES,
    takenCents: AFFILIATES * 15000,
    strayEntries: 0,
  });
  const [batch] = state.batches;
  if (paidToo !== "either") expect(batch!.state).toBe(paidToo);
  if (batch!.state === "paid") {
    expect(state.mails).toBe(AFFILIATES);
    expect(state.logged.map((row) => row.change)).toEqual(["created", "paid"]);
  } else {
    expect(batch!.state).toBe("open");
    expect(state.mails).toBe(0);
    expect(state.logged.map((row) => row.change)).toEqual(["created"]);
  }
}

const signInAdmin = (server: OwnServer) => signedInCookie(server.origin, roleAccounts.admin);

const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

/** Takes a batch back, so that a round makes it again from the same entries. */
async function unmake(sql: Sql) {
  await sql.query("update affiliate_entries set payout_id = null");
  await sql.query("delete from affiliate_payouts");
  await sql.query("delete from affiliate_payout_batches");
  await sql.query("delete from access_log where action = 'affiliate.payout-batch'");
}

/** Takes a payment back: the batch open again, no mail, no line. */
async function unpay(sql: Sql) {
  await sql.query(
    "update affiliate_payout_batches set state = 'open', paid_at = null, paid_by = null, reference = null",
  );
  await sql.query("delete from outbox where kind = 'payout-sent'");
  await sql.query(
    "delete from access_log where action = 'affiliate.payout-batch' and details->>'change' = 'paid'",
  );
}

/**
 * One action, first done whole and timed, then killed at a quarter, half and three quarters of
 * that time, each round checked after the kill and taken back; then done once more, whole.
 * Returns the last answer.
 */
async function killAtFractions(
  server: OwnServer,
  open: () => Promise<Sql>,
  action: {
    name: string;
    path: () => string;
    fields: Record<string, string>;
    expected: "open" | "paid";
    undo: (sql: Sql) => Promise<void>;
  },
  outcomes: string[],
) {
  const once = async () => {
    await server.start();
    const cookie = await signInAdmin(server);
    const started = performance.now();
    const answer = await postForm(server.origin, action.path(), action.fields, { cookie });
    const took = performance.now() - started;
    expect(answer.status, `${action.name}, done whole`).toBe(303);
    await server.stop();
    const sql = await open();
    expectWholeOrNothing(await batchState(sql), action.expected);
    return { answer, took, sql };
  };
  const timed = await once();
  await action.undo(timed.sql);
  await timed.sql.close();
  outcomes.push(`${action.name} takes ${Math.round(timed.took)} ms`);

  const cutOff: string[] = [];
  for (const fraction of [0.25, 0.5, 0.75]) {
    const afterMs = Math.round(timed.took * fraction);
    await server.start();
    const cookie = await signInAdmin(server);
    const answer = postForm(server.origin, action.path(), action.fields, { cookie }).then(
      (response) => `answered ${response.status}`,
      () => "cut off",
    );
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await server.kill("SIGKILL");
    expect(server.exit?.signal).toBe("SIGKILL");
    const sql = await open();
    const state = await batchState(sql);
    expectWholeOrNothing(state, "either");
    const done =
      action.expected === "paid" ? state.batches[0]?.state === "paid" : state.batches.length > 0;
    const outcome = `${await answer}, ${done ? "all of it" : "none of it"}`;
    outcomes.push(`${action.name} killed at +${afterMs} ms: ${outcome}`);
    if (!done) cutOff.push(outcome);
    if (done) await action.undo(sql);
    await sql.close();
  }
  // The kill came before the end at least once: what it tests did happen.
  expect(cutOff, `${action.name}: a kill before the commit`).not.toHaveLength(0);

  const last = await once();
  await last.sql.close();
  return last.answer;
}

async function killDuringBatches(server: OwnServer, open: () => Promise<Sql>) {
  const outcomes: string[] = [];
  const created = await killAtFractions(
    server,
    open,
    {
      name: "making the batch",
      path: () => "/admin/afiliados/pagamentos",
      fields: { intent: "create" },
      expected: "open",
      undo: unmake,
    },
    outcomes,
  );
  const batchPath = new URL(created.headers.get("location")!, server.origin).pathname;
  await killAtFractions(
    server,
    open,
    {
      name: "marking it paid",
      path: () => batchPath,
      fields: { intent: "paid", reference: "TED 2026-11-29", paidOn: today() },
      expected: "paid",
      undo: unpay,
    },
    outcomes,
  );
  console.log(`batch kills: ${outcomes.join("; ")}`);
  test.info().annotations.push({ type: "kills", description: outcomes.join("; ") });
}

test("PGlite on disk: a kill while a batch is made or paid leaves all of it or none", async () => {
  // Migrated already, with the admin (global-setup.ts).
  const dataDir = accountsDataDir("mare-batch-kill-");
  let server: OwnServer | undefined;
  try {
    const seed = await openPglite(dataDir);
    await seedPayable(seed);
    await seed.close();
    server = await ownServer(basePort + 73, {
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
    });
    await server.stop();
    await killDuringBatches(server, () => openPglite(dataDir));
  } finally {
    await server?.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("PostgreSQL: a kill while a batch is made or paid leaves all of it or none", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL: set TEST_DATABASE_URL (CI does)");
  const database = await scratchDatabase("mare_batch_kill");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-batch-kill-"));
  let server: OwnServer | undefined;
  try {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
    };
    // Its first start migrates the empty database; then the admin and the affiliates.
    server = await ownServer(basePort + 74, env);
    await server.stop();
    await createAccount({ ...roleAccounts.admin, database: { url: database.url } });
    const seed = await openPostgres(database.url);
    await seedPayable(seed);
    await seed.close();
    await killDuringBatches(server, () => openPostgres(database.url));
  } finally {
    await server?.kill("SIGKILL");
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
