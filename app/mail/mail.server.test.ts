import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { openTestDatabase } from "#app/test/databases.ts";
import { outbox } from "#app/db/schema.server.ts";
import { queueMail } from "./outbox.server.ts";
import {
  deliverDueMail,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  smtpTransport,
  startMailSender,
} from "./sender.server.ts";
import { confirmationMail } from "./templates.server.ts";
import { paced } from "#app/test/pace.ts";

/** A real SMTP server in the test process; it can be told to refuse mail. */
function startSmtp() {
  const received: ParsedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on("end", () => callback(new Error("451 try again later")));
        return;
      }
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  return new Promise<{
    url: string;
    received: ParsedMail[];
    state: typeof state;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.server.address() as { port: number };
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe("mail", () => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const silent = () => undefined;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    smtp = await startSmtp();
    // Migrating takes seconds on a loaded machine, as in the other database tests.
  }, paced(60_000));
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
    smtp.received.length = 0;
    smtp.state.refuse = false;
  });

  const queueConfirmation = (to = "ana@example.com") =>
    queueMail(database.db, {
      kind: "confirmation",
      to,
      language: "pt",
      ...confirmationMail("pt", "Ana Beatriz Souza"),
    });

  it("renders a discreet confirmation in the applicant's language", () => {
    const mail = confirmationMail("de", "Anna Schmidt");
    expect(mail.subject).toBe("Wir haben deine Nachricht erhalten");
    expect(mail.text).toContain("Hallo Anna,");
    expect(mail.html).toContain('lang="de"');
    expect(`${mail.subject} ${mail.text}`).not.toMatch(
      /onlyfans|adult|conteúdo|content|creator|criadora/i,
    );
    expect(confirmationMail("pt", "<b>Ana</b>").html).not.toContain("<b>Ana</b>");
  });

  it("delivers a queued mail over SMTP, once", async () => {
    await queueConfirmation();
    const transport = smtpTransport(smtp.url, "contato@maretalent.com.br");
    expect(await deliverDueMail(database.db, transport)).toBe(1);
    expect(await deliverDueMail(database.db, transport)).toBe(0);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.subject).toBe("Recebemos sua mensagem");
    expect(mail!.from?.value[0]).toMatchObject({
      name: "Maré Talent",
      address: "contato@maretalent.com.br",
    });
    expect(mail!.to && "value" in mail!.to ? mail!.to.value[0]?.address : undefined).toBe(
      "ana@example.com",
    );
    expect(mail!.text).toContain("Olá, Ana,");
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a mail the server refused and sends it when the server is back", async () => {
    const id = await queueConfirmation();
    const transport = smtpTransport(smtp.url, "contato@maretalent.com.br");
    smtp.state.refuse = true;
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    let [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.lastError).toMatch(/try again later/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing happens. Once due, it goes out.
    smtp.state.refuse = false;
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    await database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliverDueMail(database.db, transport)).toBe(1);
    [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it("gives up after the last attempt and marks the mail failed", async () => {
    const id = await queueConfirmation();
    await database.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 });
    smtp.state.refuse = true;
    await deliverDueMail(database.db, smtpTransport(smtp.url, "contato@maretalent.com.br"));
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("without SMTP keeps mail queued and logs its subject", async () => {
    await queueConfirmation();
    const lines: string[] = [];
    expect(
      await deliverDueMail(database.db, null, {
        log: (entry) => lines.push(JSON.stringify(entry)),
      }),
    ).toBe(0);
    expect(lines.join("\n")).toContain("Recebemos sua mensagem");
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
    // Not logged again on the next pass.
    await deliverDueMail(database.db, null, { log: silent });
    expect(lines).toHaveLength(1);
  });

  it("the sender of this process wakes up when a mail is queued, not only at its poll", async () => {
    const sender = startMailSender(
      async () => database.db,
      smtpTransport(smtp.url, "contato@maretalent.com.br"),
      60_000, // no poll during this test
    );
    try {
      await queueConfirmation("bia@example.com");
      await queueConfirmation("carla@example.com");
      await expect.poll(() => smtp.received.length, { timeout: 3000 }).toBe(2);
    } finally {
      await sender.stop();
    }
    // Once stopped, it no longer listens.
    await queueConfirmation("dora@example.com");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.received).toHaveLength(2);
  });

  it("backs off from 30 seconds to at most an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
