import { sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { outbox } from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { mailPriority } from "./kinds.ts";
import type { RenderedMail } from "./templates.server.ts";

/** Anything that can run a query: the database or an open transaction. */
type Queryable = Pick<Database, "insert">;

/**
 * Puts a mail in the outbox. Call it inside the transaction that stores what the mail is about:
 * the mail exists if and only if the data does. The sender delivers it, links someone waits for
 * (urgentMailKinds) before the rest.
 */
export async function queueMail(
  db: Queryable,
  mail: RenderedMail & {
    kind: string;
    to: string;
    language: Language;
    /** Held this long before the sender may take it (a decision's mail, while it can be undone). */
    delaySeconds?: number;
    /** Held until then (a welcome call's reminder): the outbox's claim sends it once, on time. */
    sendAt?: Date;
    /** A calendar invitation that goes with it (the sender hands it to nodemailer). */
    calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  },
) {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: mail.kind,
      recipient: mail.to,
      language: mail.language,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      priority: mailPriority(mail.kind),
      ...(mail.delaySeconds
        ? { nextAttemptAt: sql`now() + make_interval(secs => ${mail.delaySeconds})` }
        : {}),
      ...(mail.sendAt ? { nextAttemptAt: mail.sendAt } : {}),
      ...(mail.calendar ? { calendar: mail.calendar } : {}),
    })
    .returning({ id: outbox.id });
  notifyMailQueued();
  return row!.id;
}

/** Wakes this process's sender: a mail was queued (or put back in the queue). */
export function notifyMailQueued() {
  for (const listener of queuedListeners) listener();
}

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process queues a mail, so the sender of this process can deliver
 * it at once instead of at its next poll (a verification link should arrive while she waits).
 * Other instances do not hear it: their mail still goes out with the sender's regular polling.
 * Returns the function that stops listening.
 */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}
