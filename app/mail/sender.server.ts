import { inArray, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "#app/db/db.server.ts";
import { outbox, settings } from "#app/db/schema.server.ts";
import { agency } from "#app/utils/agency.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { onMailQueued } from "./outbox.server.ts";

/** A delivery attempt gives up after this many tries; the message is then marked failed. */
export const MAX_ATTEMPTS = 8;
/** How long a sender may hold a claimed message before another one may take it. */
const CLAIM_SECONDS = 120;

/** 30 s, 1 min, 2 min, … up to an hour between attempts. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface MailTransport {
  send(mail: {
    to: string;
    subject: string;
    html: string;
    text: string;
    /** The same for every attempt at one outbox message (see deliverDueMail). */
    messageId?: string;
    /**
     * A calendar invitation (outbox.calendar): nodemailer's `icalEvent`, an alternative
     * text/calendar part with its method, which mail programs offer to add or remove.
     */
    icalEvent?: { method: string; content: string };
  }): Promise<void>;
  close?(): void;
}

/** Finds the transport to use for a delivery pass (the SMTP settings may change meanwhile). */
export type TransportResolver = (db: Database) => Promise<MailTransport | null>;

/**
 * Mail through an SMTP server, given as a URL (SMTP_URL) or as nodemailer options (the settings
 * of /admin/email). The sender name is the agency's unless another one is given.
 */
export function smtpTransport(
  server: string | SMTPTransport.Options,
  from: string | { name: string; address: string },
): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(server);
  const sender = typeof from === "string" ? { name: agency.name, address: from } : from;
  return {
    async send(mail) {
      await transporter.sendMail({ from: sender, ...mail });
    },
    close: () => transporter.close(),
  };
}

interface UnsentMail {
  event: "mail.not-sent";
  reason: string;
  id: number;
  subject: string;
  links?: string[];
}

function logUnsent(entry: UnsentMail) {
  // Links bypass the scrubbing on purpose: a developer without SMTP signs in through them.
  if (entry.links) process.stdout.write(`${JSON.stringify(entry)}\n`);
  else logger().warn(entry);
}

interface Claimed {
  id: number;
  createdAt: Date;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  calendar: { method: "REQUEST" | "CANCEL"; content: string } | null;
}

/**
 * Claims the messages that are due, so that each goes to exactly one sender even with several
 * app instances (FOR UPDATE SKIP LOCKED), and counts the attempt. Urgent mail first (a link
 * someone waits for: kinds.ts), then the longest due; the order is the outbox_claim_idx index's
 * (hence `nulls last`, though the column is never null).
 */
async function claimDue(db: Database, limit: number): Promise<Claimed[]> {
  // RETURNING gives the rows in no particular order: sorted again, so urgent mail leads the pass.
  const result = await db.execute(sql`
    with claimed as (
      update ${outbox}
      set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      where id in (
        select id from ${outbox}
        where status = 'queued' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by priority desc nulls last, next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, created_at, recipient, subject, html, text, attempts, calendar, priority,
        next_attempt_at
    )
    select id, created_at, recipient, subject, html, text, attempts, calendar from claimed
    order by priority desc, next_attempt_at, id`);
  return (result as unknown as { rows: (Claimed & { created_at: Date | string })[] }).rows.map(
    ({ created_at, ...row }) => ({
      ...row,
      id: Number(row.id),
      createdAt: new Date(created_at),
      attempts: Number(row.attempts),
    }),
  );
}

/**
 * The Message-ID of an outbox message: the same on every attempt, so that a mail sent twice (see
 * deliverDueMail) is one message to the receiving server and her mail program, which drop or fold
 * a repeated Message-ID. The row's creation time keeps it unique across databases.
 */
export function outboxMessageId(message: { id: number; createdAt: Date }) {
  const domain = getEnv().MAIL_FROM.split("@")[1] ?? "maretalent.com.br";
  return `<outbox.${message.id}.${message.createdAt.getTime()}@${domain}>`;
}

/**
 * Mails the SMTP server accepted but that could not be marked sent (the database failed just
 * then), kept by the sender of this process and marked before anything else is claimed.
 */
export type UnrecordedMail = Set<number>;

/**
 * Delivers the mail that is due. Without a transport (no SMTP configured) mail stays queued and
 * its subject and links are logged, so development and demos work; they are looked at again in
 * an hour. Returns how many messages were sent.
 *
 * What is guaranteed: a queued mail is never lost (it leaves the queue only once an SMTP server
 * has accepted it, or after its last attempt, marked failed), and it is sent once. The single
 * exception is inherent to SMTP with a separate database: if the server accepts a message and
 * the database cannot record that, the message would go again once its claim expires. The
 * sender keeps such messages in `unrecorded` and marks them sent as soon as the database
 * answers, before claiming anything, so the mail goes twice only if this process also dies in
 * that moment (or the database stays away past the two-minute claim while another instance
 * reaches it). Even then both copies carry the same Message-ID (outboxMessageId).
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport | null,
  {
    limit = 20,
    log = logUnsent,
    unrecorded = new Set(),
  }: { limit?: number; log?: (entry: UnsentMail) => void; unrecorded?: UnrecordedMail } = {},
): Promise<number> {
  for (const id of unrecorded) {
    await markSent(db, id);
    unrecorded.delete(id);
  }
  const due = await claimDue(db, limit);
  if (!transport) {
    await keepUnsent(db, due, log);
    return 0;
  }
  let sent = 0;
  for (const message of due) {
    try {
      await transport.send({
        to: message.recipient,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: outboxMessageId(message),
        ...(message.calendar ? { icalEvent: message.calendar } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const finalAttempt = message.attempts >= MAX_ATTEMPTS;
      await db.execute(sql`
        update ${outbox}
        set status = ${finalAttempt ? "failed" : "queued"}, locked_until = null,
          last_error = ${reason.slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})
        where id = ${message.id}`);
      continue;
    }
    sent++;
    try {
      await markSent(db, message.id);
    } catch (error) {
      unrecorded.add(message.id);
      throw error;
    }
  }
  return sent;
}

/**
 * Without a transport the claimed mail is logged and put back in the queue: all of it in one
 * statement, since with no SMTP every application's mail passes here.
 */
async function keepUnsent(db: Database, due: Claimed[], log: (entry: UnsentMail) => void) {
  if (due.length === 0) return;
  for (const message of due) {
    log({
      event: "mail.not-sent",
      reason: "no SMTP configured",
      id: message.id,
      subject: message.subject,
      // The links carry sign-in and confirmation tokens: shown on a developer's machine only.
      ...(getEnv().NODE_ENV === "development"
        ? { links: message.text.match(/https?:\/\/\S+/g) ?? [] }
        : {}),
    });
  }
  // SMTP settings saved on screen since this pass began make it due again at once (saving
  // makes waiting mail due, but this mail was claimed, and so out of its reach).
  const ids = due.map((message) => message.id);
  await db.execute(sql`
    update ${outbox} set attempts = attempts - 1, locked_until = null,
      next_attempt_at = case
        when exists (select 1 from ${settings}
          where ${settings.key} = 'smtp' and coalesce(${settings.value}->>'host', '') <> '')
        then now()
        else now() + interval '1 hour' end
    where ${inArray(outbox.id, ids)}`);
}

/**
 * Marks a message sent and empties its body in the same statement: verification, password-reset
 * and privacy mails carry live tokens, and once the SMTP server has the message a copy in the
 * outbox only lets whoever reads the table (a backup, a database console) use them. What the
 * outbox screen and her data export show stays: kind, recipient, subject, status and dates.
 * Queued and failed messages keep their body, as they still have to go out (or be retried).
 */
async function markSent(db: Database, id: number) {
  await db.execute(sql`
    update ${outbox} set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
      html = '', text = ''
    where id = ${id}`);
}

/**
 * After a mail is queued in this process, how long the sender waits before delivering. The mail
 * is often queued inside a transaction that is still open; a delivery that starts before it
 * commits finds nothing, and the mail then goes out at the next regular poll.
 */
const WAKE_DELAY_MS = 200;

/**
 * Runs deliverDueMail every few seconds until stopped, and shortly after this process queues a
 * mail (onMailQueued). The polling stays: it delivers what other instances queued and retries.
 */
export function startMailSender(
  getDb: () => Promise<Database>,
  transport: MailTransport | null | TransportResolver,
  intervalMs = 5000,
) {
  let running: Promise<unknown> = Promise.resolve();
  const unrecorded: UnrecordedMail = new Set();
  const tick = () =>
    (running = running
      .then(async () => {
        const db = await getDb();
        // A resolver is asked on every pass: settings saved on screen apply without a restart.
        const sent = await deliverDueMail(
          db,
          typeof transport === "function" ? await transport(db) : transport,
          { unrecorded },
        );
        // At debug level only (every few seconds): what tests of several senders wait on, to
        // know that each has looked at the outbox again since the mail went out.
        logger().debug({ event: "mail.pass", sent });
      })
      .catch((error: unknown) => logger().error({ event: "mail.sender-error", err: error })));
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  // Several mails queued together wake the sender once.
  let wake: NodeJS.Timeout | undefined;
  const stopListening = onMailQueued(() => {
    wake ??= setTimeout(() => {
      wake = undefined;
      void tick();
    }, WAKE_DELAY_MS);
    wake.unref();
  });
  return {
    /** Delivers now rather than at the next tick; settles when that pass is over. */
    nudge: tick,
    async stop() {
      clearInterval(timer);
      clearTimeout(wake);
      stopListening();
      await running;
    },
  };
}
