import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { outbox, submissions } from "#app/db/schema.server.ts";
import { handleChatbotApplication } from "#app/features/chatbot/chatbot.server.ts";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { copyDatabase, hasPostgres, type DatabaseCopy } from "#app/test/databases.ts";
import { startFaultProxy, type FaultProxy } from "#app/test/fault-proxy.ts";
import { testRun } from "#app/test/test-run.ts";
import { failureMessage, failureMessageKey } from "./failure-message.ts";
import type { ApplicationResult } from "./receive.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The database down or slow while she sends her application: she is answered 503 with all she
 * typed, in her language, and nothing of it is stored; once the database is back, sending again
 * stores it once, with its one confirmation mail.
 */

/** Short here, so the slow cases take seconds: the default is ten. */
const TIMEOUT_MS = 3000;

const { marker, nextIp } = testRun();
let person = 0;

/** A different applicant each time, so each case counts only its own rows. */
function applicant() {
  person++;
  return {
    fullName: "Ana Beatriz Souza",
    email: `ana.${person}.${marker}@example.com`,
    instagram: `@ana.${person}`,
    experience: "beginner",
    message: "Quero transformar meu perfil em uma carreira.",
    consent: "on",
  };
}

function formPost() {
  const fields = { ...applicant(), age: "24", whatsapp: "+55 (48) 99999-9999" };
  const request = new Request("http://localhost/?index", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: "http://localhost", "x-client-ip": nextIp() },
  });
  const send = async () => {
    const result = await handlePreselection(request.clone(), "form");
    return { status: result.init?.status ?? 200, body: result.data };
  };
  return { fields, send };
}

function chatbotPost() {
  const fields = {
    ...applicant(),
    dateOfBirth: "1990-05-17",
    country: "br",
    city: "Florianópolis",
    phone: "+55 (48) 99999-9999",
    document: "123.456.789-09",
  };
  const body = JSON.stringify(fields);
  const address = nextIp();
  const send = async () => {
    const response = await handleChatbotApplication(
      new Request("http://localhost/api/chatbot?lang=de", {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          origin: "http://localhost",
          "x-client-ip": address,
        },
      }),
    );
    return { status: response.status, body: (await response.json()) as ApplicationResult };
  };
  return { fields, send };
}

const channels = [
  ["the form", formPost],
  ["the chatbot", chatbotPost],
] as const;

/** The 503 she gets: every answer she gave comes back, and the message is translated. */
function expectRefusedWithHerAnswers(
  answer: { status: number; body: ApplicationResult | undefined },
  fields: Record<string, string>,
) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ status: "error", values: fields });
  const { key } = failureMessageKey(answer.body!);
  expect(key).toBe("preselection.unavailableDescription");
  const texts = languages.map(({ code }) =>
    failureMessage((key, values) => getFixedT(code)(key, values ?? {}), answer.body!),
  );
  expect(texts[0]).toBe(getFixedT("pt")("preselection.unavailableDescription"));
  expect(new Set(texts).size).toBe(languages.length);
  for (const text of texts) expect(text).not.toContain("preselection.");
}

async function storedFor(db: DatabaseHandle["db"], email: string) {
  const applications = await db.select().from(submissions).where(eq(submissions.email, email));
  const mails = await db.select().from(outbox).where(eq(outbox.recipient, email));
  return { applications: applications.length, mails: mails.length };
}

describe.skipIf(!hasPostgres)(
  "PostgreSQL down or slow at submission (through a faulty proxy; needs TEST_DATABASE_URL)",
  () => {
    let proxy: FaultProxy;
    /** The same database, not through the proxy: what is really stored. */
    let direct: DatabaseHandle;
    let copy: DatabaseCopy;

    beforeAll(async () => {
      copy = await copyDatabase("postgres");
      direct = openDatabase(copy);
      proxy = await startFaultProxy(copy.url!);
      await openAppDatabase(proxy, {
        SUBMISSION_TIMEOUT_MS: String(TIMEOUT_MS),
        SUBMISSION_RATE_LIMIT: "1000",
      });
    }, paced(60_000));
    afterAll(async () => {
      proxy?.restore();
      await closeAppDatabase();
      await direct?.close();
      await proxy?.close();
      await copy?.drop();
    });

    it("goes to the database through the proxy", async () => {
      await (await getDatabase()).execute("select 1");
      expect(proxy.accepted).toBeGreaterThan(0);
    });

    for (const [name, post] of channels) {
      it(`down: ${name} answers 503 with her answers, stores nothing, and takes it once it is back`, async () => {
        const { fields, send } = post();
        proxy.cut();
        try {
          expectRefusedWithHerAnswers(await send(), fields);
        } finally {
          proxy.restore();
        }
        expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 0, mails: 0 });

        expect(await send()).toEqual({
          status: 200,
          body: {
            status: "sent",
            reply: { days: expect.any(Number), email: fields.email, whatsapp: true },
          },
        });
        expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 1, mails: 1 });
      });

      it(
        `slow: ${name} answers 503 at the deadline, and the late statements store nothing`,
        async () => {
          const { fields, send } = post();
          // Every byte arrives long after the deadline.
          proxy.delay(TIMEOUT_MS * 3);
          try {
            expectRefusedWithHerAnswers(await send(), fields);
          } finally {
            // What the app sent before giving up reaches the database now, in order, then the
            // connection's end: without a COMMIT among it, the database rolls it all back.
            proxy.restore();
          }
          await proxy.drained();
          expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 0, mails: 0 });

          expect(await send()).toEqual({
            status: 200,
            body: {
              status: "sent",
              reply: { days: expect.any(Number), email: fields.email, whatsapp: true },
            },
          });
          expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 1, mails: 1 });
        },
        paced(30_000),
      );
    }

    it(
      "a COMMIT that has not reached the database when time is up never lands: 503",
      async () => {
        const { fields, send } = formPost();
        proxy.holdAtCommit("commit");
        try {
          expectRefusedWithHerAnswers(await send(), fields);
        } finally {
          // The held COMMIT goes on now, to a session the app has had ended.
          proxy.restore();
        }
        await proxy.drained();
        expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 0, mails: 0 });

        expect(await send()).toEqual({
          status: 200,
          body: {
            status: "sent",
            reply: { days: expect.any(Number), email: fields.email, whatsapp: true },
          },
        });
        expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 1, mails: 1 });
      },
      paced(30_000),
    );

    it(
      "a COMMIT whose answer is lost is found committed: she is told it was sent, and it is there once",
      async () => {
        const { fields, send } = chatbotPost();
        proxy.holdAtCommit("answer");
        try {
          expect(await send()).toEqual({
            status: 200,
            body: {
              status: "sent",
              reply: { days: expect.any(Number), email: fields.email, whatsapp: true },
            },
          });
        } finally {
          proxy.restore();
        }
        expect(await storedFor(direct.db, fields.email)).toEqual({ applications: 1, mails: 1 });
      },
      paced(30_000),
    );
  },
);

describe("PGlite failed at submission", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mare-faults-"));
    await openAppDatabase("pglite", { DATA_DIR: dataDir, SUBMISSION_RATE_LIMIT: "1000" });
  }, paced(60_000));
  afterAll(async () => {
    await closeAppDatabase().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [name, post] of channels) {
    it(
      `${name}: a closed database answers 503 with her answers; reopened, it takes it once`,
      async () => {
        const { fields, send } = post();
        const db = await getDatabase();
        // The embedded database stops working under the app (it runs in this process).
        await (db as unknown as { $client: { close(): Promise<void> } }).$client.close();
        expectRefusedWithHerAnswers(await send(), fields);

        await closeAppDatabase().catch(() => undefined);
        await openAppDatabase("pglite", { DATA_DIR: dataDir, SUBMISSION_RATE_LIMIT: "1000" });
        const reopened = await getDatabase();
        expect(await storedFor(reopened, fields.email)).toEqual({ applications: 0, mails: 0 });
        expect(await send()).toEqual({
          status: 200,
          body: {
            status: "sent",
            reply: { days: expect.any(Number), email: fields.email, whatsapp: true },
          },
        });
        expect(await storedFor(reopened, fields.email)).toEqual({ applications: 1, mails: 1 });
      },
      paced(30_000),
    );
  }
});
