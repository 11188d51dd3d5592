import { inArray, and, eq } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import { outbox } from "#app/db/schema.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { normalizeLanguage, defaultLanguage, type Language } from "#app/i18n/languages.ts";
import { greetingName } from "#app/mail/templates.server.ts";
import { actionMail } from "#app/mail/templates.server.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { callTimeLabel } from "./format.ts";
import { invitationIcs } from "./invitation.server.ts";
import { BRASILIA } from "./time-zones.ts";

/*
 * What a welcome call sends through the outbox (issue 29): to her, in her language and her zone;
 * to her manager, in Brasília time. Each change carries the invitation (REQUEST, or CANCEL);
 * the reminders wait in the outbox until their time, so one sender claims each, once, whatever
 * the number of instances, and a moved or cancelled call withdraws them.
 */

export const welcomeCallMailKinds = ["welcome-call", "welcome-call-reminder"] as const;

export type CallChange = "booked" | "moved" | "cancelled";

export interface CallPeople {
  model: { name: string; email: string; language: string | null; timeZone: string };
  manager: { name: string; email: string; language: string | null };
  submissionId: number;
}

export interface CallFacts {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  title: string;
  meetingUrl: string | null;
}

const HOUR = 3_600_000;
/** When the reminders go: a day and an hour before. */
export const REMINDER_HOURS = [24, 1] as const;

interface Reader {
  who: "model" | "manager";
  language: Language;
  zone: string;
  to: string;
  name: string;
}

function readersOf(people: CallPeople): Reader[] {
  return [
    {
      who: "model",
      language: normalizeLanguage(people.model.language) ?? defaultLanguage,
      zone: people.model.timeZone,
      to: people.model.email,
      name: people.model.name,
    },
    {
      who: "manager",
      language: normalizeLanguage(people.manager.language) ?? defaultLanguage,
      zone: BRASILIA,
      to: people.manager.email,
      name: people.manager.name,
    },
  ];
}

function render(
  reader: Reader,
  people: CallPeople,
  call: CallFacts,
  kind: CallChange | "reminder",
  hoursBefore?: number,
) {
  const t = getFixedT(reader.language);
  const origin = mailOrigin();
  const when = callTimeLabel(call.startsAt, reader.zone, reader.language);
  const base = reader.who === "model" ? "welcomeCall.mail.model" : "welcomeCall.mail.staff";
  const values = {
    name: greetingName(reader.name),
    manager: greetingName(people.manager.name),
    model: people.model.name,
    when,
    count: hoursBefore,
  };
  const paragraphs = [
    t(`${base}.greeting`, values),
    t(`${base}.${kind}`, values),
    ...(kind === "cancelled"
      ? []
      : [
          call.meetingUrl
            ? t("welcomeCall.mail.link", { url: call.meetingUrl })
            : t(`${base}.noLink`, values),
        ]),
    ...(kind === "reminder" ? [] : [t("welcomeCall.mail.calendar")]),
  ];
  return actionMail(reader.language, {
    subject: t(`${base}.subject.${kind}`, values),
    preview: t(`${base}.${kind}`, values),
    paragraphs,
    action:
      reader.who === "model"
        ? {
            label: t("welcomeCall.mail.model.open"),
            url: `${origin}/dashboard/model#welcome-call`,
            after: [],
          }
        : {
            label: t("welcomeCall.mail.staff.open"),
            url: `${origin}/admin/agenda`,
            after: [],
          },
  });
}

/** The change's mail to each of them, with the invitation in the reader's zone. */
export async function queueCallMails(
  tx: Transaction,
  people: CallPeople,
  call: CallFacts,
  change: CallChange,
) {
  for (const reader of readersOf(people)) {
    const method = change === "cancelled" ? "CANCEL" : "REQUEST";
    await queueMail(tx, {
      ...render(reader, people, call, change),
      kind: "welcome-call",
      to: reader.to,
      language: reader.language,
      calendar: {
        method,
        content: invitationIcs({
          method,
          uid: call.uid,
          sequence: call.sequence,
          startsAt: call.startsAt,
          endsAt: call.endsAt,
          timeZone: reader.zone,
          title: call.title,
          meetingUrl: call.meetingUrl,
          manager: { name: people.manager.name, email: people.manager.email },
          model: { name: people.model.name, email: people.model.email },
        }),
      },
    });
  }
}

/**
 * Queues both reminders for both of them, each held until its time (`now`: the database's
 * clock); one whose time has passed is not queued. Returns the outbox ids.
 */
export async function queueReminders(
  tx: Transaction,
  people: CallPeople,
  call: CallFacts,
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const hours of REMINDER_HOURS) {
    const sendAt = new Date(call.startsAt.getTime() - hours * HOUR);
    if (sendAt.getTime() <= now.getTime()) continue;
    for (const reader of readersOf(people)) {
      ids.push(
        await queueMail(tx, {
          ...render(reader, people, call, "reminder", hours),
          kind: "welcome-call-reminder",
          to: reader.to,
          language: reader.language,
          sendAt,
        }),
      );
    }
  }
  return ids;
}

/**
 * Takes back the reminders not sent yet (the call moved or was cancelled). One a sender has
 * claimed this very moment may still go: it says the old time, and the invitation just queued
 * says the new one.
 */
export async function withdrawReminders(tx: Transaction, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx.delete(outbox).where(and(inArray(outbox.id, [...ids]), eq(outbox.status, "queued")));
}
