import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "#app/db/embedded.server.ts";
import { expect, test } from "@playwright/test";
import { decrypt, parseKey } from "#app/utils/encryption.server.ts";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { chatbotApplication, formApplication, send } from "./applications.ts";
import { accountsDataDir } from "../e2e/accounts.ts";
import { scratchDatabase } from "../e2e/scratch-database.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The server killed with SIGKILL (no chance to clean up: a crash, the OOM killer, a pulled
 * plug of the container) in the middle of a load of applications, from the form and from the
 * chatbot. Restarted on the same data, every application that was answered "sent" is there with
 * all its fields, its first history entry and its confirmation mail; none is half-stored.
 */
const basePort = Number(process.env.E2E_PORT ?? 3210);
const ENCRYPTION_KEY = randomBytes(32).toString("base64");
/** Requests under way at once, as many visitors sending together. */
const CONCURRENCY = 8;
/** The kill comes once this many applications were answered, with more on their way. */
const KILL_AFTER = 40;
/** A bound on the load, should the kill never come. */
const MAX_REQUESTS = 400;

test.describe.configure({ mode: "serial", timeout: paced(120_000) });

interface Sent {
  kind: "form" | "chatbot";
  fields: Record<string, string> & { email: string };
  outcome: "sent" | "refused" | "no answer";
}

/**
 * Visitors sending applications until the server dies under them: the kill comes once KILL_AFTER
 * were answered, while CONCURRENCY more are under way. Every request and its outcome is kept.
 */
async function loadAndKill(server: OwnServer, domain: string) {
  const sent: Sent[] = [];
  let answered = 0;
  let killed: Promise<void> | undefined;
  let n = 0;
  const visitor = async () => {
    while (sent.length < MAX_REQUESTS) {
      const index = ++n;
      const kind = index % 2 === 0 ? "form" : "chatbot";
      const record: Sent = {
        kind,
        fields:
          kind === "form" ? formApplication(index, domain) : chatbotApplication(index, domain),
        outcome: "no answer",
      };
      sent.push(record);
      try {
        record.outcome = await send(server.origin, kind, record.fields);
      } catch {
        // The connection broke: the server is gone. She was told nothing.
        return;
      }
      if (record.outcome === "sent" && ++answered === KILL_AFTER) {
        killed = server.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, visitor));
  await killed;
  return sent;
}

interface StoredRow {
  id: number;
  source: string;
  status: string;
  full_name: string;
  email: string;
  age: number | null;
  whatsapp: string | null;
  instagram: string | null;
  experience: string | null;
  message: string | null;
  date_of_birth: string | null;
  country: string | null;
  city: string | null;
  phone: string | null;
  document_encrypted: string | null;
  history: number;
  mails: number;
}

const storedQuery = (domain: string) => `
  select s.id, s.source, s.status, s.full_name, s.email, s.age, s.whatsapp, s.instagram,
    s.experience, s.message, s.date_of_birth::text as date_of_birth, s.country, s.city, s.phone,
    s.document_encrypted,
    (select count(*)::int from submission_status_history h where h.submission_id = s.id) as history,
    (select count(*)::int from outbox o where o.recipient = s.email and o.kind = 'confirmation')
      as mails
  from submissions s where s.email like '%@${domain}'`;

/** Every answered application is stored, whole; nothing stored is half an application. */
function expectEverySentStored(sent: Sent[], rows: StoredRow[]) {
  const answered = sent.filter((request) => request.outcome === "sent");
  const unanswered = sent.filter((request) => request.outcome === "no answer");
  test.info().annotations.push({
    type: "load",
    description: `${sent.length} sent, ${answered.length} answered, ${unanswered.length} cut off, ${rows.length} stored`,
  });
  // The kill came in the middle of the load, not after it.
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(unanswered.length).toBeGreaterThan(0);

  const byEmail = new Map(rows.map((row) => [row.email, row]));
  for (const { kind, fields } of answered) {
    const row = byEmail.get(fields.email);
    expect(row, `the answered application ${fields.email}`).toBeDefined();
    const common = {
      source: kind,
      status: "Pendente",
      full_name: fields.fullName,
      instagram: fields.instagram,
      experience: fields.experience,
      message: fields.message,
      history: 1,
      mails: 1,
    };
    if (kind === "form") {
      expect(row).toMatchObject({
        ...common,
        age: Number(fields.age),
        whatsapp: fields.whatsapp,
      });
    } else {
      expect(row).toMatchObject({
        ...common,
        date_of_birth: fields.dateOfBirth,
        country: fields.country,
        city: fields.city,
        phone: fields.phone,
      });
      expect(decrypt(row!.document_encrypted!, parseKey(ENCRYPTION_KEY))).toBe(fields.document);
    }
  }
  // Whatever else was stored (sent just before the kill, never answered) is whole too.
  for (const row of rows) expect(row, row.email).toMatchObject({ history: 1, mails: 1 });
  // Nothing was stored that no one sent.
  const emails = new Set(sent.map((request) => request.fields.email));
  for (const row of rows) expect(emails.has(row.email)).toBe(true);
}

test("PGlite on disk: SIGKILL under load loses no answered application", async () => {
  // Migrated already (global-setup.ts).
  const dataDir = accountsDataDir("mare-sigkill-");
  const domain = `${randomBytes(4).toString("hex")}.sigkill.example.com`;
  let server: OwnServer | undefined;
  try {
    server = await ownServer(basePort + 71, {
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
    });
    const sent = await loadAndKill(server, domain);
    expect(server.exit?.signal).toBe("SIGKILL");

    // Restarted on the same folder: it recovers and takes applications again.
    await server.start();
    const after = formApplication(0, domain);
    expect(await send(server.origin, "form", after)).toBe("sent");
    sent.push({ kind: "form", fields: after, outcome: "sent" });
    await server.stop();
    expect(server.exit?.code).toBe(0);

    const database = new PGlite(path.join(dataDir, "pglite"), { extensions: pgliteExtensions });
    try {
      const { rows } = await database.query<StoredRow>(storedQuery(domain));
      expectEverySentStored(sent, rows);
    } finally {
      await database.close();
    }
  } finally {
    await server?.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("PostgreSQL: SIGKILL under load loses no answered application", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL: set TEST_DATABASE_URL (CI does)");
  const database = await scratchDatabase("mare_sigkill");
  const domain = `${randomBytes(4).toString("hex")}.sigkill.example.com`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-sigkill-"));
  let server: OwnServer | undefined;
  try {
    server = await ownServer(basePort + 72, {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
    });
    const sent = await loadAndKill(server, domain);
    expect(server.exit?.signal).toBe("SIGKILL");

    await server.start();
    const after = formApplication(0, domain);
    expect(await send(server.origin, "form", after)).toBe("sent");
    sent.push({ kind: "form", fields: after, outcome: "sent" });
    await server.stop();

    expectEverySentStored(sent, await database.query<StoredRow>(storedQuery(domain)));
  } finally {
    await server?.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
});
