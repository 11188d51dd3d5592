import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  onboardingSteps,
  outbox,
  staffAvailability,
  staffProfiles,
  submissionOnboardingSteps,
  welcomeCalls,
} from "#app/db/schema.server.ts";
import { startOnboarding } from "#app/features/onboarding/steps.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { deliverDueMail, smtpTransport, type MailTransport } from "#app/mail/sender.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { startSmtpServer } from "#app/test/smtp-server.ts";
import { markCall } from "./agenda.server.ts";
import { bookCall, cancelCall, databaseNow, type ModelViewer } from "./booking.server.ts";
import { welcomeCallCard } from "./card.server.ts";
import { freeSlotsOf } from "./slots.server.ts";

/** An invitation as a calendar program reads it (ical.js, Mozilla's parser). */
function parseInvitation(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    status: vevent.getFirstPropertyValue("status"),
    location: event.location,
    tzid: vevent.getFirstProperty("dtstart")!.getParameter("tzid"),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

describe.each(databaseTargets)("the welcome call she books on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let managerId: string;
  let otherManagerId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    managerId = await insertAccount(db, {
      name: "Bia Lima",
      email: `bia.${marker}@example.com`,
      role: "approver",
      language: "pt",
    });
    otherManagerId = await insertAccount(db, {
      name: "Carla Reis",
      email: `carla.${marker}@example.com`,
      role: "approver",
    });
    // Every day, all day, half-hour calls back to back, bookable at once, a month ahead.
    await db.insert(staffProfiles).values({
      userId: managerId,
      displayName: "Bia Lima",
      meetingUrl: "https://meet.example/bia",
      callMinutes: 30,
      bufferMinutes: 0,
      horizonDays: 30,
      noticeHours: 0,
    });
    await db.insert(staffAvailability).values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        userId: managerId,
        weekday,
        startMinute: 0,
        endMinute: 1440,
      })),
    );
  });
  afterAll(() => database?.close());

  /** An approved model with her verified account; her manager unless told otherwise. */
  async function model(
    name: string,
    manager: string | null = managerId,
  ): Promise<ModelViewer & { submissionId: number }> {
    const email = `${name.toLowerCase()}.${marker}@example.com`;
    const id = await insertAccount(database.db, {
      name: `${name} Souza`,
      email,
      emailVerified: true,
      language: "en",
    });
    const submissionId = await insertApplicationRow(database.db, {
      fullName: `${name} Souza`,
      email,
      status: "Aprovado",
      managerId: manager,
      country: "PT",
    });
    return { id, name: `${name} Souza`, email, emailVerified: true, submissionId };
  }

  /** A free time at least `days` ahead, by the database's clock. */
  async function freeTime(days: number, skip = 0) {
    const now = await databaseNow(database.db);
    const { slots } = await freeSlotsOf(database.db, managerId, now);
    const later = slots.filter((slot) => slot.getTime() > now.getTime() + days * 86_400_000);
    return later[skip]!;
  }

  const callOf = async (submissionId: number) =>
    await database.db
      .select()
      .from(welcomeCalls)
      .where(eq(welcomeCalls.submissionId, submissionId))
      .orderBy(asc(welcomeCalls.id));

  const mailsTo = (recipient: string) =>
    database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(asc(outbox.id));

  it("books a free time: an invitation in each reader's zone, and four reminders held until their time", async () => {
    const ana = await model("Ana");
    const start = await freeTime(3);
    const result = await bookCall(database.db, ana, { startsAt: start, timeZone: "Europe/Lisbon" });
    expect(result.outcome).toBe("booked");
    const [call] = await callOf(ana.submissionId);
    expect(call).toMatchObject({
      state: "booked",
      sequence: 0,
      timeZone: "Europe/Lisbon",
      managerId,
    });
    expect(call!.startsAt.toISOString()).toBe(start.toISOString());
    expect(call!.endsAt.getTime() - call!.startsAt.getTime()).toBe(30 * 60_000);

    const [hers] = (await mailsTo(ana.email)).filter((mail) => mail.kind === "welcome-call");
    expect(hers!.language).toBe("en");
    expect(hers!.subject).toBe("Your call is booked");
    expect(hers!.text).toContain("https://meet.example/bia");
    expect(hers!.calendar?.method).toBe("REQUEST");
    const invitation = parseInvitation(hers!.calendar!.content);
    expect(invitation).toMatchObject({
      method: "REQUEST",
      uid: call!.uid,
      sequence: 0,
      summary: "Conversa — Maré",
      status: "CONFIRMED",
      location: "https://meet.example/bia",
      tzid: "Europe/Lisbon",
      start: start.toISOString(),
      end: call!.endsAt.toISOString(),
    });
    // Neutral: nothing in her mail or invitation says what the work is.
    expect(`${hers!.subject} ${hers!.text} ${hers!.calendar!.content}`).not.toMatch(
      /onlyfans|adult|conteúdo|content|creator|criadora/i,
    );

    const [managers] = (await mailsTo(`bia.${marker}@example.com`)).filter(
      (mail) => mail.kind === "welcome-call",
    );
    expect(managers!.language).toBe("pt");
    expect(managers!.text).toContain("Ana Souza");
    const forManager = parseInvitation(managers!.calendar!.content);
    expect(forManager).toMatchObject({
      tzid: "America/Sao_Paulo",
      start: start.toISOString(),
      uid: call!.uid,
    });

    const reminders = await database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, call!.reminderMailIds));
    expect(reminders).toHaveLength(4);
    expect(
      reminders.every((mail) => mail.kind === "welcome-call-reminder" && mail.status === "queued"),
    ).toBe(true);
    expect(new Set(reminders.map((mail) => mail.nextAttemptAt.getTime()))).toEqual(
      new Set([start.getTime() - 24 * 3_600_000, start.getTime() - 3_600_000]),
    );
  });

  it("refuses a second call, a time not offered, a time zone that is not one, and a model without a manager", async () => {
    const bea = await model("Bea");
    const start = await freeTime(4);
    expect(
      (await bookCall(database.db, bea, { startsAt: start, timeZone: "Asia/Tokyo" })).outcome,
    ).toBe("booked");
    expect(
      (await bookCall(database.db, bea, { startsAt: await freeTime(5), timeZone: "Asia/Tokyo" }))
        .outcome,
    ).toBe("already-booked");
    // The same booking posted again (her phone lost the first answer): done, nothing doubled.
    const [booked] = await callOf(bea.submissionId);
    expect(await bookCall(database.db, bea, { startsAt: start, timeZone: "Asia/Tokyo" })).toEqual({
      outcome: "booked",
      callId: booked!.id,
    });
    expect((await callOf(bea.submissionId))[0]).toMatchObject({ id: booked!.id, sequence: 0 });
    expect((await mailsTo(bea.email)).filter((mail) => mail.kind === "welcome-call")).toHaveLength(
      1,
    );

    const cris = await model("Cris");
    // Seven minutes past a free time, posted by hand; and a time far past the horizon.
    const odd = new Date((await freeTime(5)).getTime() + 7 * 60_000);
    expect(
      (await bookCall(database.db, cris, { startsAt: odd, timeZone: "Europe/Lisbon" })).outcome,
    ).toBe("unavailable");
    const far = new Date(Date.now() + 90 * 86_400_000);
    far.setUTCMinutes(0, 0, 0);
    expect(
      (await bookCall(database.db, cris, { startsAt: far, timeZone: "Europe/Lisbon" })).outcome,
    ).toBe("unavailable");
    expect(
      (await bookCall(database.db, cris, { startsAt: await freeTime(5), timeZone: "Mars/Olympus" }))
        .outcome,
    ).toBe("unavailable");
    // Bea's time, once hers: just taken.
    expect(
      (await bookCall(database.db, cris, { startsAt: start, timeZone: "Europe/Lisbon" })).outcome,
    ).toBe("taken");
    expect(await callOf(cris.submissionId)).toHaveLength(0);

    const dora = await model("Dora", null);
    expect(
      (
        await bookCall(database.db, dora, {
          startsAt: await freeTime(5),
          timeZone: "Europe/Lisbon",
        })
      ).outcome,
    ).toBe("not-allowed");
    expect(await welcomeCallCard(database.db, dora, new Request("http://x/"), "en")).toEqual({
      kind: "waiting",
    });
    // An unverified address reaches no application at all.
    expect(
      await welcomeCallCard(
        database.db,
        { ...bea, emailVerified: false },
        new Request("http://x/"),
        "en",
      ),
    ).toBeNull();
    expect(
      (
        await bookCall(
          database.db,
          { ...cris, emailVerified: false },
          { startsAt: await freeTime(6), timeZone: "Europe/Lisbon" },
        )
      ).outcome,
    ).toBe("not-allowed");
  });

  it("gives one time to exactly one of two models booking it at the same moment", async () => {
    const [eva, fabi] = [await model("Eva"), await model("Fabi")];
    const start = await freeTime(6);
    const outcomes = await Promise.all([
      bookCall(database.db, eva, { startsAt: start, timeZone: "Europe/Berlin" }),
      bookCall(database.db, fabi, { startsAt: start, timeZone: "Europe/Lisbon" }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["booked", "taken"]);
    const calls = await database.db
      .select()
      .from(welcomeCalls)
      .where(and(eq(welcomeCalls.managerId, managerId), eq(welcomeCalls.startsAt, start)));
    expect(calls).toHaveLength(1);
    // The loser has nothing stored: no call, no mail.
    const loser = outcomes[0]!.outcome === "taken" ? eva : fabi;
    expect(await callOf(loser.submissionId)).toHaveLength(0);
    expect(await mailsTo(loser.email)).toHaveLength(0);
  });

  it("moves her call: the same UID, a higher SEQUENCE, the reminders queued again for the new time", async () => {
    const gabi = await model("Gabi");
    const first = await freeTime(7);
    await bookCall(database.db, gabi, { startsAt: first, timeZone: "Europe/Lisbon" });
    const [before] = await callOf(gabi.submissionId);
    const second = await freeTime(8);
    const moved = await bookCall(database.db, gabi, {
      startsAt: second,
      timeZone: "Europe/Lisbon",
      moveCallId: before!.id,
    });
    expect(moved).toEqual({ outcome: "moved", callId: before!.id });
    const [after] = await callOf(gabi.submissionId);
    expect(after).toMatchObject({ uid: before!.uid, sequence: 1, state: "booked" });
    expect(after!.startsAt.toISOString()).toBe(second.toISOString());
    // The old reminders are gone; four new ones wait for the new time.
    expect(
      await database.db.select().from(outbox).where(inArray(outbox.id, before!.reminderMailIds)),
    ).toHaveLength(0);
    const fresh = await database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, after!.reminderMailIds));
    expect(fresh.map((mail) => mail.nextAttemptAt.getTime()).sort()).toEqual(
      [
        second.getTime() - 24 * 3_600_000,
        second.getTime() - 24 * 3_600_000,
        second.getTime() - 3_600_000,
        second.getTime() - 3_600_000,
      ].sort(),
    );
    // The same move posted again: answered as done, not moved (or mailed) a second time.
    expect(
      await bookCall(database.db, gabi, {
        startsAt: second,
        timeZone: "Europe/Lisbon",
        moveCallId: before!.id,
      }),
    ).toEqual({ outcome: "moved", callId: before!.id });
    expect((await callOf(gabi.submissionId))[0]!.sequence).toBe(1);
    const mails = (await mailsTo(gabi.email)).filter((mail) => mail.kind === "welcome-call");
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Your call is booked",
      "Your call has a new time",
    ]);
    expect(parseInvitation(mails[1]!.calendar!.content)).toMatchObject({
      uid: before!.uid,
      sequence: 1,
      method: "REQUEST",
      start: second.toISOString(),
    });
    // Her old time is free again.
    const { slots } = await freeSlotsOf(database.db, managerId, await databaseNow(database.db));
    expect(slots.map((slot) => slot.getTime())).toContain(first.getTime());
  });

  it("cancels only her own call, with CANCEL and the reminders withdrawn; another model's guess is refused", async () => {
    const hana = await model("Hana");
    const iris = await model("Iris");
    await bookCall(database.db, hana, { startsAt: await freeTime(9), timeZone: "Europe/Lisbon" });
    const [call] = await callOf(hana.submissionId);
    // Iris guesses Hana's call's id: to cancel it, to move it, and in her own card.
    expect(await cancelCall(database.db, iris, call!.id)).toBe("not-allowed");
    await bookCall(database.db, iris, {
      startsAt: await freeTime(9, 1),
      timeZone: "Europe/Lisbon",
    });
    expect(
      (
        await bookCall(database.db, iris, {
          startsAt: await freeTime(10),
          timeZone: "Europe/Lisbon",
          moveCallId: call!.id,
        })
      ).outcome,
    ).toBe("not-allowed");
    const irisCard = await welcomeCallCard(database.db, iris, new Request("http://x/"), "en");
    expect(irisCard?.kind === "open" && irisCard.call?.id).not.toBe(call!.id);
    expect(JSON.stringify(irisCard)).not.toContain("Hana");
    expect((await callOf(hana.submissionId))[0]).toMatchObject({ state: "booked", sequence: 0 });

    expect(await cancelCall(database.db, hana, call!.id)).toBe("cancelled");
    const [cancelled] = await callOf(hana.submissionId);
    expect(cancelled).toMatchObject({ state: "cancelled", sequence: 1, reminderMailIds: [] });
    expect(
      await database.db.select().from(outbox).where(inArray(outbox.id, call!.reminderMailIds)),
    ).toHaveLength(0);
    const last = (await mailsTo(hana.email)).at(-1)!;
    expect(last.calendar?.method).toBe("CANCEL");
    expect(parseInvitation(last.calendar!.content)).toMatchObject({
      method: "CANCEL",
      status: "CANCELLED",
      uid: call!.uid,
      sequence: 1,
    });
    expect(await cancelCall(database.db, hana, call!.id)).toBe("not-allowed");
  });

  it("keeps a call less than two hours away as it is (the database's clock)", async () => {
    const julia = await model("Julia");
    const [call] = await database.db
      .insert(welcomeCalls)
      .values({
        uid: `${randomUUID()}@test`,
        submissionId: julia.submissionId,
        managerId: otherManagerId,
        startsAt: sql`now() + interval '1 hour 50 minutes'`,
        endsAt: sql`now() + interval '2 hours 20 minutes'`,
        timeZone: "Europe/Lisbon",
      })
      .returning();
    expect(await cancelCall(database.db, julia, call!.id)).toBe("too-late");
    expect(
      (
        await bookCall(database.db, julia, {
          startsAt: await freeTime(3),
          timeZone: "Europe/Lisbon",
          moveCallId: call!.id,
        })
      ).outcome,
    ).toBe("too-late");
    expect((await callOf(julia.submissionId))[0]).toMatchObject({ state: "booked", sequence: 0 });
  });

  it("sends each reminder once, whatever the number of senders", async () => {
    const kim = await model("Kim");
    await bookCall(database.db, kim, { startsAt: await freeTime(11), timeZone: "Europe/Lisbon" });
    const [call] = await callOf(kim.submissionId);
    // Their time has come.
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(inArray(outbox.id, call!.reminderMailIds));
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.messageId!);
      },
    };
    await Promise.all([
      deliverDueMail(database.db, transport, { limit: 100 }),
      deliverDueMail(database.db, transport, { limit: 100 }),
    ]);
    await Promise.all([
      deliverDueMail(database.db, transport, { limit: 100 }),
      deliverDueMail(database.db, transport, { limit: 100 }),
    ]);
    const reminderIds = call!.reminderMailIds.map((id) => `<outbox.${id}.`);
    const sentReminders = sent.filter((id) => reminderIds.some((prefix) => id.startsWith(prefix)));
    expect(sentReminders).toHaveLength(4);
    expect(new Set(sentReminders).size).toBe(4);
  });

  it("hands the invitation to the SMTP server as a text/calendar part", async () => {
    const smtp = await startSmtpServer();
    try {
      const lia = await model("Lia");
      await bookCall(database.db, lia, { startsAt: await freeTime(12), timeZone: "Europe/Lisbon" });
      const [call] = await callOf(lia.submissionId);
      // Only her booking mail is due now.
      await database.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now() + interval '1 day'` })
        .where(and(eq(outbox.status, "queued"), sql`${outbox.recipient} <> ${lia.email}`));
      await database.db.delete(outbox).where(inArray(outbox.id, call!.reminderMailIds));
      await deliverDueMail(database.db, smtpTransport(smtp.url, "contato@maretalent.com.br"), {
        limit: 100,
      });
      const mail = smtp.received.find((received) => received.subject === "Your call is booked");
      expect(mail).toBeDefined();
      const ics = mail!.attachments.find((part) => part.contentType.startsWith("text/calendar"));
      expect(ics?.contentType).toMatch(/text\/calendar/);
      expect(parseInvitation(ics!.content.toString("utf8"))).toMatchObject({
        method: "REQUEST",
        uid: call!.uid,
        tzid: "Europe/Lisbon",
      });
    } finally {
      await smtp.close();
    }
  });

  it("lets her manager mark it held once it began: the welcome-call step is done, the access log says so", async () => {
    const mara = await model("Mara");
    await database.db.transaction((tx) => startOnboarding(tx, mara.submissionId, managerId));
    const [future] = await database.db
      .insert(welcomeCalls)
      .values({
        uid: `${randomUUID()}@test`,
        submissionId: mara.submissionId,
        managerId,
        startsAt: sql`now() + interval '3 hours'`,
        endsAt: sql`now() + interval '3 hours 30 minutes'`,
        timeZone: "Europe/Lisbon",
      })
      .returning();
    const manager = { id: managerId, role: "approver" as const };
    expect(await markCall(database.db, manager, future!.id, "held")).toBe("not-started");
    await database.db
      .update(welcomeCalls)
      .set({
        startsAt: sql`now() - interval '10 minutes'`,
        endsAt: sql`now() + interval '20 minutes'`,
      })
      .where(eq(welcomeCalls.id, future!.id));
    // Another approver cannot mark it; an admin could.
    expect(
      await markCall(database.db, { id: otherManagerId, role: "approver" }, future!.id, "missed"),
    ).toBe("not-found");
    expect(await markCall(database.db, manager, future!.id, "held")).toBe("marked");
    expect(await markCall(database.db, manager, future!.id, "missed")).toBe("closed");
    const [step] = await database.db
      .select({
        state: submissionOnboardingSteps.state,
        closedBy: submissionOnboardingSteps.closedBy,
      })
      .from(submissionOnboardingSteps)
      .innerJoin(onboardingSteps, eq(onboardingSteps.id, submissionOnboardingSteps.stepId))
      .where(
        and(
          eq(submissionOnboardingSteps.submissionId, mara.submissionId),
          eq(onboardingSteps.key, "welcome-call"),
        ),
      );
    expect(step).toEqual({ state: "done", closedBy: managerId });
    const [entry] = await database.db
      .select()
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "submission.welcome-call"),
          eq(accessLog.subject, `submission:${mara.submissionId}`),
        ),
      );
    expect(entry).toMatchObject({
      actorId: managerId,
      details: { outcome: "held", call: future!.id },
    });
    const card = await welcomeCallCard(database.db, mara, new Request("http://x/"), "en");
    expect(card?.kind === "open" && card.call?.state).toBe("held");
  });

  it("shows her the times in her zone: the one she chose, her browser's, her country's, else Brasília's", async () => {
    const nina = await model("Nina");
    const at = (url: string, cookie?: string) =>
      welcomeCallCard(
        database.db,
        nina,
        new Request(url, cookie ? { headers: { cookie } } : {}),
        "en",
      );
    const zoneOf = async (url: string, cookie?: string) => {
      const card = await at(url, cookie);
      return card?.kind === "open" ? card.zone : null;
    };
    expect(await zoneOf("http://x/?tz=Asia/Tokyo", "mare_tz=Europe%2FBerlin")).toBe("Asia/Tokyo");
    expect(await zoneOf("http://x/", "mare_tz=Europe%2FBerlin")).toBe("Europe/Berlin");
    expect(await zoneOf("http://x/?tz=Not/AZone", "mare_tz=%E0%A4%A")).toBe("Europe/Lisbon");
    const card = await at("http://x/?tz=Asia/Tokyo");
    expect(card?.kind === "open" && card.zoneLabel).toMatch(/Japan/);
    expect(card?.kind === "open" && card.days[0]?.times[0]?.value).toMatch(/Z$/);
  });

  it("goes with her erased application, and so do the reminders that name her to her manager", async () => {
    const olga = await model("Olga");
    await bookCall(database.db, olga, { startsAt: await freeTime(13), timeZone: "Europe/Lisbon" });
    const [call] = await callOf(olga.submissionId);
    expect(call!.reminderMailIds).toHaveLength(4);
    await database.db.transaction((tx) => eraseApplications(tx, [olga.submissionId]));
    expect(await callOf(olga.submissionId)).toHaveLength(0);
    expect(
      await database.db.select().from(outbox).where(inArray(outbox.id, call!.reminderMailIds)),
    ).toHaveLength(0);
    // Her time is free again.
    const { slots } = await freeSlotsOf(database.db, managerId, await databaseNow(database.db));
    expect(slots.map((slot) => slot.getTime())).toContain(call!.startsAt.getTime());
  });
});
