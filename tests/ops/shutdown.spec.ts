import http from "node:http";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "#app/db/embedded.server.ts";
import { expect, test } from "@playwright/test";
import { logsDir, ownServer, type OwnServer } from "../e2e/own-server.ts";
import { recipientsOf } from "#app/test/smtp-server.ts";
import { startSmtp } from "../e2e/smtp.ts";
import { accountsDataDir } from "../e2e/accounts.ts";
import { paced } from "#app/test/pace.ts";

/**
 * SIGTERM, as a process manager sends it before a deploy: the server stops accepting
 * connections at once, lets the requests under way finish (ten seconds at most), stops the
 * mail sender and closes its database, and exits 0. Nothing a visitor was told is kept is lost.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 75;

test.describe.configure({ mode: "serial", timeout: paced(90_000) });

let dataDir: string;
let server: OwnServer | undefined;

test.beforeEach(async () => {
  // Migrated already (global-setup.ts): only what happens at the stop is this spec's.
  dataDir = accountsDataDir("mare-shutdown-");
});

test.afterEach(async () => {
  await server?.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

const application = new URLSearchParams({
  fullName: "Helena Prado",
  age: "24",
  email: "helena.prado@example.com",
  whatsapp: "+55 (48) 99123-4567",
  instagram: "@helena.prado",
  experience: "beginner",
  message: "Quero começar com segurança.",
  consent: "on",
  website: "",
}).toString();

/**
 * Starts posting the pre-selection form's request (as the browser's single fetch does) but
 * sends only half the body: the request is under way until `finish()`. `reached` settles when
 * the server has taken the request up: it answers "100 Continue" to the `Expect` header as it
 * hands the request to the app.
 */
function slowApplication(origin: string) {
  const body = Buffer.from(application);
  const request = http.request(`${origin}/_.data?index`, {
    method: "POST",
    agent: false,
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      "content-length": String(body.length),
      origin,
      "sec-fetch-site": "same-origin",
      expect: "100-continue",
    },
  });
  const reached = new Promise<void>((resolve) => request.once("continue", resolve));
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
  });
  request.write(body.subarray(0, 40));
  return { answer, reached, finish: () => request.end(body.subarray(40)) };
}

async function refusesConnections(origin: string) {
  try {
    await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch {
    return true;
  }
}

async function logEvents() {
  const log = await readFile(path.join(logsDir, `own-${port}.log`), "utf8");
  return log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { event?: string });
}

test("a request under way at SIGTERM finishes, its mail is kept, and the server exits cleanly", async () => {
  const smtp = await startSmtp();
  // Its sender's passes ("mail.pass"), every second, are logged at debug level: the end of the
  // test waits on them.
  server = await ownServer(port, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "debug",
    MAIL_POLL_SECONDS: "1",
  });
  const pending = slowApplication(server.origin);
  // The request has reached the app (which waits for the rest of its body) before the signal.
  await pending.reached;

  const stopped = server.kill("SIGTERM");
  await expect.poll(() => refusesConnections(server!.origin)).toBe(true);
  expect(server.exit, "still running while a request is under way").toBeNull();

  pending.finish();
  const answer = await pending.answer;
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('"sent"');
  await stopped;
  expect(server.exit).toEqual({ code: 0, signal: null });
  const events = (await logEvents()).map((entry) => entry.event);
  expect(events).toContain("server.stopping");
  expect(events.at(-1)).toBe("server.stopped");

  // The application is stored; its confirmation mail was sent or waits, unclaimed, in the outbox.
  const database = new PGlite(path.join(dataDir, "pglite"), { extensions: pgliteExtensions });
  try {
    const stored = await database.query<{ status: string }>(
      "select status from submissions where email = $1",
      ["helena.prado@example.com"],
    );
    expect(stored.rows).toEqual([{ status: "Pendente" }]);
    const mail = await database.query<{ status: string; locked_until: Date | null }>(
      "select status, locked_until from outbox where recipient = $1",
      ["helena.prado@example.com"],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.status === "sent" || mail.rows[0]!.locked_until === null).toBe(true);
  } finally {
    await database.close();
  }

  // After a restart the mail goes out (if it had not yet), exactly once.
  await server.start();
  await smtp.mailTo("helena.prado@example.com");
  // A second copy would follow within the sender's next passes: two more of them, then none.
  const passes = await server.countEvents("mail.pass");
  await expect
    .poll(() => server!.countEvents("mail.pass"), { timeout: paced(10_000) })
    .toBeGreaterThanOrEqual(passes + 2);
  const copies = smtp.received.filter((mail) =>
    recipientsOf(mail).includes("helena.prado@example.com"),
  );
  expect(copies).toHaveLength(1);
  await server.stop();
  await smtp.close();
});

test("a request that does not finish within ten seconds is cut, and the server still exits", async () => {
  server = await ownServer(port, { DATA_DIR: dataDir });
  const pending = slowApplication(server.origin);
  const cut = pending.answer.then(
    () => "answered",
    () => "cut",
  );
  await pending.reached;
  await server.kill("SIGTERM");
  expect(server.exit).toEqual({ code: 0, signal: null });
  expect(await cut).toBe("cut");
  expect((await logEvents()).map((entry) => entry.event)).toContain("server.drain-timeout");
});
