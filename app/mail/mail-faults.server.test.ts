import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { outbox } from "#app/db/schema.server.ts";
import { startFaultProxy, type FaultProxy } from "#app/test/fault-proxy.ts";
import {
  copyDatabase,
  databaseTargets,
  hasPostgres,
  openTestDatabase,
  type DatabaseCopy,
} from "#app/test/databases.ts";
import { queueMail } from "./outbox.server.ts";
import { outboxMessageId, smtpTransport, startMailSender } from "./sender.server.ts";
import { confirmationMail } from "./templates.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * SMTP down or failing, with the real sender loop and a real SMTP server: mail stays queued and
 * goes out when the server is back, each message once (counted by Message-ID). Time is driven by
 * making the queued mail due in the database, not by waiting out the back-off.
 */

/** A real SMTP server on a given port, started and stopped by the test; it can refuse (451). */
async function smtpServerOn(port: number) {
  const received: ParsedMail[] = [];
  const state = { refuse: false, onAccept: null as null | (() => void) };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on("end", () => callback(new Error("451 mailbox busy, try again later")));
        return;
      }
      simpleParser(stream).then((mail) => {
        received.push(mail);
        state.onAccept?.();
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    received,
    state,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A TCP hop in front of the SMTP server that breaks a delivery at its last moment: `cut` ends the
 * connection as the message's final dot would go out (the server never accepts it), `lose` lets
 * the server accept it and ends the connection before its "250 OK" gets back.
 */
async function smtpLink(targetPort: number) {
  const state = { fault: null as null | "cut" | "lose" };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    let tail = "";
    let losing = false;
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      const seen = tail + chunk.toString("latin1");
      tail = seen.slice(-4);
      if (state.fault && seen.includes("\r\n.\r\n")) {
        if (state.fault === "cut") return end();
        losing = true;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => (losing ? end() : client.write(chunk)));
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const messageIds = (mails: ParsedMail[]) => mails.map((mail) => mail.messageId);

describe.each(databaseTargets)("mail while SMTP fails, on %s", (_name, kind) => {
  let database: DatabaseHandle;

  // A database of its own: the sender takes any due mail it finds.
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
  });

  const queue = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, n) =>
        queueMail(database.db, {
          kind: "confirmation",
          to: `ana.${n}@example.com`,
          language: "pt",
          ...confirmationMail("pt", "Ana Beatriz Souza"),
        }),
      ),
    );

  const rows = () => database.db.select().from(outbox).orderBy(outbox.id);

  /** How many messages have had `attempts` attempts, the last one over (failed or sent). */
  const settledAfter = async (attempts: number) =>
    (await rows()).filter((row) => row.attempts === attempts && row.lockedUntil === null).length;

  /** The back-off's wait, skipped: every queued message is due now. */
  const makeDue = () =>
    database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.status, "queued"));

  /** The real loop, polling often so the test need not wait for its five seconds. */
  const sender = (url: string) =>
    startMailSender(async () => database.db, smtpTransport(url, "contato@maretalent.com.br"), 100);

  it("SMTP down: mail stays queued, and once it is up every message goes out once", async () => {
    const port = await freePort();
    await queue(4);
    const loop = sender(`smtp://127.0.0.1:${port}`);
    let smtp: Awaited<ReturnType<typeof smtpServerOn>> | undefined;
    try {
      // Nothing listens: every attempt fails and is put back for later.
      await expect.poll(() => settledAfter(1)).toBe(4);
      for (const row of await rows()) {
        expect(row).toMatchObject({ status: "queued", sentAt: null });
        expect(row.lastError).toMatch(/ECONNREFUSED/);
      }

      smtp = await smtpServerOn(port);
      await makeDue();
      await expect
        .poll(async () => (await rows()).every((row) => row.status === "sent"))
        .toBe(true);
      // More passes, and nothing goes again.
      void loop.nudge();
      void loop.nudge();
    } finally {
      await loop.stop();
      await smtp?.close();
    }
    const sent = await rows();
    expect(messageIds(smtp!.received).sort()).toEqual(sent.map(outboxMessageId).sort());
    expect(new Set(messageIds(smtp!.received)).size).toBe(4);
  });

  it("SMTP failing mid-delivery (connection cut before it accepts, then 451): each goes out once it recovers", async () => {
    const port = await freePort();
    const smtp = await smtpServerOn(port);
    const link = await smtpLink(port);
    await queue(3);
    link.state.fault = "cut";
    const loop = sender(link.url);
    try {
      await expect.poll(() => settledAfter(1)).toBe(3);
      expect(smtp.received).toHaveLength(0);

      link.state.fault = null;
      smtp.state.refuse = true;
      await makeDue();
      await expect.poll(() => settledAfter(2)).toBe(3);
      expect((await rows()).map((row) => row.lastError)).toEqual(
        Array(3).fill(expect.stringMatching(/451/)),
      );

      smtp.state.refuse = false;
      await makeDue();
      await expect
        .poll(async () => (await rows()).every((row) => row.status === "sent"))
        .toBe(true);
      void loop.nudge();
    } finally {
      await loop.stop();
      await link.close();
      await smtp.close();
    }
    const sent = await rows();
    expect(sent.map((row) => row.attempts)).toEqual([3, 3, 3]);
    expect(messageIds(smtp.received).sort()).toEqual(sent.map(outboxMessageId).sort());
  });

  it("an acceptance lost on its way back: the mail goes again with the same Message-ID (at least once)", async () => {
    const port = await freePort();
    const smtp = await smtpServerOn(port);
    const link = await smtpLink(port);
    await queue(1);
    link.state.fault = "lose";
    const loop = sender(link.url);
    try {
      await expect.poll(() => smtp.received.length).toBe(1);
      await expect.poll(() => settledAfter(1)).toBe(1);
      expect((await rows())[0]).toMatchObject({ status: "queued", attempts: 1 });

      link.state.fault = null;
      await makeDue();
      await expect.poll(async () => (await rows())[0]!.status).toBe("sent");
    } finally {
      await loop.stop();
      await link.close();
      await smtp.close();
    }
    // The receiving side can tell it is one message.
    const [row] = await rows();
    expect(messageIds(smtp.received)).toEqual([outboxMessageId(row!), outboxMessageId(row!)]);
  });
});

describe.skipIf(!hasPostgres)(
  "a mail SMTP accepted while PostgreSQL failed to record it (needs TEST_DATABASE_URL)",
  () => {
    let own: DatabaseCopy;
    let proxy: FaultProxy;
    let direct: DatabaseHandle;
    let throughProxy: DatabaseHandle;

    beforeAll(async () => {
      own = await copyDatabase("postgres");
      direct = openDatabase(own);
      proxy = await startFaultProxy(own.url!);
      throughProxy = openDatabase({ url: proxy.url, dataDir: "memory://" });
    }, paced(60_000));
    afterAll(async () => {
      proxy.restore();
      await throughProxy.close();
      await direct.close();
      await proxy.close();
      await own.drop();
    });

    it("is marked sent as soon as the database is back, not sent again", async () => {
      const port = await freePort();
      const smtp = await smtpServerOn(port);
      const id = await queueMail(direct.db, {
        kind: "confirmation",
        to: "bia@example.com",
        language: "pt",
        ...confirmationMail("pt", "Bia Ramos"),
      });
      // The database goes away the moment the SMTP server accepts the message.
      smtp.state.onAccept = () => {
        smtp.state.onAccept = null;
        proxy.cut();
      };
      const loop = startMailSender(
        async () => throughProxy.db,
        smtpTransport(`smtp://127.0.0.1:${port}`, "contato@maretalent.com.br"),
        100,
      );
      try {
        await expect.poll(() => smtp.received.length).toBe(1);
        const [claimed] = await direct.db.select().from(outbox).where(eq(outbox.id, id));
        expect(claimed).toMatchObject({ status: "queued", attempts: 1 });

        // Back after the claim ran out, the worst case: the message is due and unclaimed.
        await direct.db
          .update(outbox)
          .set({ lockedUntil: sql`now() - interval '1 second'`, nextAttemptAt: sql`now()` })
          .where(eq(outbox.id, id));
        proxy.restore();
        await expect
          .poll(
            async () => (await direct.db.select().from(outbox).where(eq(outbox.id, id)))[0]!.status,
          )
          .toBe("sent");
        void loop.nudge();
      } finally {
        await loop.stop();
        await smtp.close();
      }
      expect(smtp.received).toHaveLength(1);
    });
  },
);
