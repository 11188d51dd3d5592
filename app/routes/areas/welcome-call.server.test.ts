import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/db.server.ts";
import { outbox, staffAvailability, staffProfiles, welcomeCalls } from "#app/db/schema.server.ts";
import * as agenda from "#app/routes/admin/agenda.tsx";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseNow } from "#app/features/welcome-call/booking.server.ts";
import { freeSlotsOf } from "#app/features/welcome-call/slots.server.ts";
import * as route from "./welcome-call.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The welcome call's forms as a browser posts them, in-process: the translated refusals with
 * their statuses (400 for what was never offered or is not a zone, 409 for a time just taken,
 * 404 for another model's call), nothing stored for a refused one, and the agenda's guard of
 * another manager's call.
 */
describe.each(routeTestTargets)("the welcome call's forms on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const PASSWORD = "uma-conversa-por-vez-2026";
  let db: Database;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await openAppDatabase(kind, { ...TEST_SERVER_SETTINGS, SMTP_URL: "" });
    for (const [index, [who, role]] of (
      [
        ["lia", "model"],
        ["mel", "model"],
        ["rita", "approver"],
        ["vera", "approver"],
      ] as const
    ).entries()) {
      const made = await signedInAccount({
        email: `${who}.${marker}@example.com`,
        name: `${who} Souza`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
        ip: `198.51.100.${index + 140}`,
      });
      cookies[who] = made.cookie;
      ids[who] = made.id;
    }
    await db
      .insert(staffProfiles)
      .values({ userId: ids.rita!, displayName: "Rita", noticeHours: 0 });
    await db.insert(staffAvailability).values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        userId: ids.rita!,
        weekday,
        startMinute: 0,
        endMinute: 1440,
      })),
    );
    for (const who of ["lia", "mel"]) {
      await insertApplicationRow(db, {
        email: `${who}.${marker}@example.com`,
        status: "Aprovado",
        managerId: ids.rita!,
      });
    }
  }, paced(60_000));
  afterAll(() => closeAppDatabase());

  const post = (who: string, fields: Record<string, string>, origin = TEST_ORIGIN) =>
    callRoute(
      route.action,
      new Request(`${TEST_ORIGIN}/dashboard/model/welcome-call`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin, cookie: cookies[who]! },
      }),
    );

  async function aFreeTime(days: number) {
    const now = await databaseNow(db);
    const { slots } = await freeSlotsOf(db, ids.rita!, now);
    return slots.find((slot) => slot.getTime() > now.getTime() + days * 86_400_000)!.toISOString();
  }

  it("refuses what is not a zone or not an offered time, with the reason; stores nothing", async () => {
    const start = await aFreeTime(2);
    const notAZone = await post("lia", { intent: "book", start, tz: "Mars/Olympus" });
    expect(notAZone.status).toBe(400);
    expect(notAZone.data).toMatchObject({ error: "welcomeCall.errors.zone" });
    const odd = new Date(new Date(start).getTime() + 60_000).toISOString();
    const notOffered = await post("lia", { intent: "book", start: odd, tz: "Europe/Lisbon" });
    expect(notOffered.status).toBe(400);
    expect(notOffered.data).toMatchObject({ error: "welcomeCall.errors.unavailable" });
    const notADate = await post("lia", { intent: "book", start: "tomorrow", tz: "Europe/Lisbon" });
    expect(notADate.status).toBe(400);
    const crossSite = await post(
      "lia",
      { intent: "book", start, tz: "Europe/Lisbon" },
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    const stored = await db
      .select()
      .from(welcomeCalls)
      .where(eq(welcomeCalls.managerId, ids.rita!));
    expect(stored).toHaveLength(0);
  });

  it("books, then tells the other model the time was just taken (409) with fresh times", async () => {
    const start = await aFreeTime(3);
    const booked = await post("lia", { intent: "book", start, tz: "Europe/Lisbon" });
    expect(booked.status).toBe(303);
    expect(booked.location).toBe("/dashboard/model?call=booked&tz=Europe%2FLisbon#welcome-call");
    const taken = await post("mel", { intent: "book", start, tz: "Asia/Tokyo" });
    expect(taken.status).toBe(409);
    const data = taken.data as {
      error: string;
      card: { kind: string; days: { times: { value: string }[] }[] };
    };
    expect(data.error).toBe("welcomeCall.errors.taken");
    const offered = data.card.days.flatMap((day) => day.times.map((time) => time.value));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(start);
    // Nothing of hers was stored: no call, no invitation, no reminder.
    const hers = await db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.recipient, `mel.${marker}@example.com`));
    expect(hers.filter((mail) => mail.kind.startsWith("welcome-call"))).toEqual([]);
  });

  it("answers 404 to a model posting another's call id, and shows her none of it", async () => {
    const [call] = await db
      .select()
      .from(welcomeCalls)
      .where(eq(welcomeCalls.managerId, ids.rita!));
    const cancel = await post("mel", {
      intent: "cancel",
      call: String(call!.id),
      tz: "Europe/Lisbon",
    });
    expect(cancel.status).toBe(404);
    expect(cancel.data).toMatchObject({ error: "welcomeCall.errors.notFound" });
    const move = await post("mel", {
      intent: "move",
      call: String(call!.id),
      start: await aFreeTime(5),
      tz: "Europe/Lisbon",
    });
    expect(move.status).toBe(404);
    const [after] = await db.select().from(welcomeCalls).where(eq(welcomeCalls.id, call!.id));
    expect(after).toMatchObject({ state: "booked", sequence: 0 });
    const page = await callRoute(
      route.loader,
      new Request(`${TEST_ORIGIN}/dashboard/model/welcome-call`, {
        headers: { cookie: cookies.mel! },
      }),
    );
    expect((page.data as { card: { call: unknown } }).card.call).toBeNull();
  });

  it("lets only her manager (or an admin) mark it, and shows each approver her own week", async () => {
    const [call] = await db
      .select()
      .from(welcomeCalls)
      .where(eq(welcomeCalls.managerId, ids.rita!));
    await db
      .update(welcomeCalls)
      .set({ startsAt: new Date(Date.now() - 600_000), endsAt: new Date(Date.now() + 1_200_000) })
      .where(eq(welcomeCalls.id, call!.id));
    const mark = (who: string) =>
      callRoute(
        agenda.action,
        new Request(`${TEST_ORIGIN}/admin/agenda`, {
          method: "POST",
          body: new URLSearchParams({ call: String(call!.id), outcome: "held" }),
          headers: { origin: TEST_ORIGIN, cookie: cookies[who]! },
        }),
      );
    expect((await mark("vera")).status).toBe(404);
    const week = await callRoute(
      agenda.loader,
      new Request(`${TEST_ORIGIN}/admin/agenda?manager=${ids.rita}`, {
        headers: { cookie: cookies.vera! },
      }),
    );
    expect((week.data as { managerId: string; calls: unknown[] }).managerId).toBe(ids.vera);
    expect((week.data as { calls: unknown[] }).calls).toHaveLength(0);
    const held = await mark("rita");
    expect(held.status).toBe(303);
    expect(held.location).toMatch(/^\/admin\/agenda\?marked=held/);
  });
});
