import { randomBytes, randomInt } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/db.server.ts";
import type { Role } from "#app/db/roles.ts";
import {
  accessLog,
  outbox,
  staffAlertPreferences,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { insertApplication, insertAccount } from "#app/test/factories.ts";
import { dashboardStats } from "#app/features/submissions/review-stats.server.ts";
import * as notificationsRoute from "#app/routes/account/notifications.tsx";
import { signedInAccount } from "#app/test/accounts.server.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { announceNewApplications, firstNameAndInitial, sendDueDigests } from "./alerts.server.ts";
import {
  DEFAULT_STAFF_ALERTS,
  readStaffAlerts,
  readWaitingDays,
  saveStaffAlerts,
  staffAlertsForm,
  saveWaitingDays,
  WAITING_DAYS_KEY,
} from "./preferences.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The reviewers' alerts on PGlite and (with TEST_DATABASE_URL) PostgreSQL: each one's choice,
 * one mail per application to whoever asked for it at once (never twice, however many instances
 * look), one digest a day at her hour on the agency's clock, and nothing in a mailbox beyond the
 * applicant's first name and initial, country and source. Other test files share the PostgreSQL
 * database: every assertion looks only at this file's reviewers and applications.
 */

const form = (fields: Record<string, string | undefined>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) body.set(name, value);
  return body;
};

describe.each(databaseTargets)("staff alerts on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const origin = "http://127.0.0.1:3000";
  let db: Database;

  async function reviewer(
    name: string,
    options: {
      role?: Role;
      language?: string;
      mode?: "instant" | "digest" | "off";
      hour?: number;
      disabled?: boolean;
      verified?: boolean;
    } = {},
  ) {
    const id = await insertAccount(db, {
      id: `${name}-${marker}`,
      name,
      email: `${name}.${marker}@agency.example`,
      emailVerified: options.verified ?? true,
      role: options.role ?? "approver",
      language: options.language ?? "pt",
      disabled: options.disabled ?? false,
    });
    if (options.mode) {
      await saveStaffAlerts(db, id, { mode: options.mode, digestHour: options.hour ?? 8 });
    }
    return { id, email: `${name}.${marker}@agency.example` };
  }

  async function apply(fullName: string, extra: { country?: string; source?: "chatbot" } = {}) {
    return insertApplication(db, {
      source: extra.source ?? "form",
      language: "pt",
      fullName,
      email: `${fullName.split(" ")[0]!.toLowerCase()}.${marker}@example.com`,
      age: 24,
      whatsapp: "+5548999990000",
      instagram: "@secret.handle",
      experience: "beginner",
      message: "Uma mensagem pessoal que não sai do painel.",
      consentVersion: "2026-01",
      ...(extra.country ? { country: extra.country, city: "Lisboa" } : {}),
    });
  }

  const mailsTo = (email: string) =>
    db
      .select({ kind: outbox.kind, subject: outbox.subject, html: outbox.html, text: outbox.text })
      .from(outbox)
      .where(eq(outbox.recipient, email));

  beforeAll(async () => {
    db = await openAppDatabase(kind);
  }, paced(60_000));

  afterAll(async () => {
    await db.delete(user).where(like(user.id, `%-${marker}`));
    await closeAppDatabase();
  });

  it("names an applicant by first name and initial only", () => {
    expect(firstNameAndInitial("Ana Beatriz Souza")).toBe("Ana S.");
    expect(firstNameAndInitial("  maria   da silva ")).toBe("maria S.");
    expect(firstNameAndInitial("Cleo")).toBe("Cleo");
    expect(firstNameAndInitial("")).toBe("—");
  });

  it("gives a new reviewer the daily digest at 08:00 and keeps what she chooses", async () => {
    const { id } = await reviewer("dora");
    expect(await readStaffAlerts(db, id)).toEqual(DEFAULT_STAFF_ALERTS);
    expect(DEFAULT_STAFF_ALERTS).toEqual({ mode: "digest", digestHour: 8 });

    await saveStaffAlerts(db, id, staffAlertsForm.parse({ mode: "instant", digestHour: "19" }));
    expect(await readStaffAlerts(db, id)).toEqual({ mode: "instant", digestHour: 19 });

    // Values the form never offers are refused, and nothing of them is stored.
    for (const fields of [
      { mode: "hourly", digestHour: "8" },
      { mode: "digest", digestHour: "24" },
      { mode: "digest", digestHour: "-1" },
      { mode: "digest", digestHour: "7.5" },
      { mode: "digest", digestHour: "8; drop table" },
      { mode: "digest", digestHour: "1e1" },
      { mode: "digest" },
    ]) {
      expect(staffAlertsForm.safeParse(fields).success, JSON.stringify(fields)).toBe(false);
    }
    expect(await readStaffAlerts(db, id)).toEqual({ mode: "instant", digestHour: 19 });
  });

  it(
    "lets reviewers, and only them, choose at /account/notifications",
    { timeout: 60_000 },
    async () => {
      const password = `Pass-${marker}-word`;
      const accounts = Object.fromEntries(
        await Promise.all(
          (["approver", "admin", "editor", "model", "affiliate"] as const).map(async (role) => [
            role,
            await signedInAccount({
              email: `${role}.route.${marker}@example.com`,
              name: `Route ${role}`,
              role,
              password,
              origin,
            }),
          ]),
        ),
      ) as Record<string, { id: string; cookie: string }>;
      const url = `${origin}/account/notifications`;
      const post = (cookie: string, fields: Record<string, string>, from = origin) =>
        new Request(url, {
          method: "POST",
          headers: { cookie, origin: from },
          body: form(fields),
        });

      for (const role of ["approver", "admin"]) {
        const page = await callRoute(
          notificationsRoute.loader,
          new Request(url, { headers: { cookie: accounts[role]!.cookie } }),
        );
        expect(page.status, role).toBe(200);
        expect(page.data?.current).toEqual(DEFAULT_STAFF_ALERTS);
      }
      const approver = accounts.approver!;
      const saved = await callRoute(
        notificationsRoute.action,
        post(approver.cookie, { mode: "off", digestHour: "6" }),
      );
      expect(saved.status).toBe(200);
      expect(await readStaffAlerts(db, approver.id)).toEqual({ mode: "off", digestHour: 6 });

      const bad = await callRoute(
        notificationsRoute.action,
        post(approver.cookie, { mode: "instant", digestHour: "99" }),
      );
      expect(bad.status).toBe(400);
      expect(await readStaffAlerts(db, approver.id)).toEqual({ mode: "off", digestHour: 6 });

      // The same form sent from another site with her cookie changes nothing.
      const forged = await callRoute(
        notificationsRoute.action,
        post(approver.cookie, { mode: "instant", digestHour: "6" }, "https://evil.example"),
      );
      expect(forged.status).toBe(403);
      expect(await readStaffAlerts(db, approver.id)).toEqual({ mode: "off", digestHour: 6 });

      for (const role of ["editor", "model", "affiliate"]) {
        const { cookie, id } = accounts[role]!;
        const page = await callRoute(
          notificationsRoute.loader,
          new Request(url, { headers: { cookie } }),
        );
        expect([302, 303, 403], role).toContain(page.status);
        const sent = await callRoute(
          notificationsRoute.action,
          post(cookie, { mode: "instant", digestHour: "6" }),
        );
        expect([302, 303, 403], role).toContain(sent.status);
        const [row] = await db
          .select()
          .from(staffAlertPreferences)
          .where(eq(staffAlertPreferences.userId, id));
        expect(row, role).toBeUndefined();
      }
      const visitor = await callRoute(notificationsRoute.loader, new Request(url));
      expect([302, 303]).toContain(visitor.status);
      await db.delete(user).where(like(user.email, `%.route.${marker}@example.com`));
    },
  );

  it("announces each application once, at once, to those who asked, discreetly", async () => {
    const pt = await reviewer("ines", { mode: "instant" });
    const en = await reviewer("jane", { mode: "instant", language: "en", role: "admin" });
    const digest = await reviewer("karla", { mode: "digest" });
    const off = await reviewer("lia", { mode: "off" });
    const disabled = await reviewer("mara", { mode: "instant", disabled: true });
    const unverified = await reviewer("nina", { mode: "instant", verified: false });
    const model = await reviewer("olga", { mode: "instant", role: "model" });

    const first = await apply("Ana Beatriz Souza", { country: "PT", source: "chatbot" });
    const second = await apply("Carla Dias");
    // Two instances look at the same moment: each application is claimed by one of them.
    await Promise.all([announceNewApplications(db), announceNewApplications(db)]);
    await announceNewApplications(db);

    const about = <Mail extends { text: string }>(mails: Mail[], id: number) =>
      mails.filter((mail) => mail.text.includes(`/admin/cadastros/${id}\n`));
    for (const who of [pt, en]) {
      const mails = await mailsTo(who.email);
      expect(about(mails, first), who.email).toHaveLength(1);
      expect(about(mails, second), who.email).toHaveLength(1);
    }
    for (const who of [digest, off, disabled, unverified, model]) {
      const mails = await mailsTo(who.email);
      expect(about(mails, first).length + about(mails, second).length, who.email).toBe(0);
    }

    const [inPortuguese] = about(await mailsTo(pt.email), first);
    expect(inPortuguese!.kind).toBe("staff-alert");
    expect(inPortuguese!.subject).toBe("Nova candidatura para analisar");
    expect(inPortuguese!.text).toContain("Ana S. · Portugal · Chatbot");
    const [inEnglish] = about(await mailsTo(en.email), second);
    expect(inEnglish!.subject).toBe("New application to review");
    expect(inEnglish!.text).toContain("Carla D. · country not given · Home page form");
    expect(inEnglish!.text).toContain(`/account/notifications`);

    // Nothing she typed beyond her first name and initial reaches a mailbox.
    for (const mail of [inPortuguese!, inEnglish!]) {
      for (const secret of [
        "Beatriz",
        "Souza",
        "Dias",
        marker,
        "99999",
        "secret.handle",
        "Lisboa",
        "pessoal",
      ]) {
        expect(`${mail.subject}${mail.html}${mail.text}`, secret).not.toContain(secret);
      }
    }

    // Claimed: a later look announces them no more.
    const [row] = await db
      .select({ at: submissions.staffAlertedAt })
      .from(submissions)
      .where(eq(submissions.id, first));
    expect(row!.at).toBeInstanceOf(Date);
  });

  it("sends one digest a day at her hour, whichever instance looks first", async () => {
    // 00:30 on the agency's clock of a day to come: only reviewers whose hour is 00:00 are due,
    // none of the other files' (08:00 unless they chose otherwise).
    // A day of its own per run: an earlier run stopped half-way leaves nothing in its window.
    const day = new Date(Date.UTC(2090 + randomInt(0, 9), randomInt(0, 12), randomInt(2, 28)))
      .toISOString()
      .slice(0, 10);
    const now = new Date(`${day}T03:30:00Z`);
    const midnight = await reviewer("paula", { mode: "digest", hour: 0, language: "sv" });
    const later = await reviewer("rita", { mode: "digest", hour: 9 });
    const instant = await reviewer("sara", { mode: "instant", hour: 0 });

    const fresh = await apply("Bia Lima");
    const waiting = await apply("Clara Nunes");
    try {
      await db
        .update(submissions)
        .set({ createdAt: new Date(`${day}T01:00:00Z`) })
        .where(eq(submissions.id, fresh));
      await db
        .update(submissions)
        .set({ createdAt: new Date(Date.parse(`${day}T12:00:00Z`) - 40 * 86_400_000) })
        .where(eq(submissions.id, waiting));

      await Promise.all([sendDueDigests(db, now), sendDueDigests(db, now)]);
      await sendDueDigests(db, new Date(now.getTime() + 3 * 3600_000));

      const digests = (await mailsTo(midnight.email)).filter((m) => m.kind === "staff-digest");
      expect(digests).toHaveLength(1);
      const [digest] = digests;
      expect(digest!.subject).toBe("Din dagliga sammanfattning: 1 ny ansökan");
      expect(digest!.text).toContain("Bia L. · land ej angivet · ");
      expect(digest!.text).not.toContain("Clara");
      // The threshold is the database's (5 unless an admin, or another file's test, changed it).
      const days = await readWaitingDays(db);
      expect(digest!.text).toMatch(
        new RegExp(`ansökningar? har väntat på beslut i mer än ${days} dagar`),
      );
      expect(digest!.text).toContain("kl. 00:00");
      for (const secret of ["Lima", "Nunes", "secret.handle"]) {
        expect(digest!.html + digest!.text).not.toContain(secret);
      }
      expect((await mailsTo(later.email)).filter((m) => m.kind === "staff-digest")).toHaveLength(0);
      expect((await mailsTo(instant.email)).filter((m) => m.kind === "staff-digest")).toHaveLength(
        0,
      );

      // The next day's digest starts where this one ended: Bia is not listed twice.
      const next = new Date(now.getTime() + 24 * 3600_000);
      await sendDueDigests(db, next);
      const both = (await mailsTo(midnight.email)).filter((m) => m.kind === "staff-digest");
      expect(both).toHaveLength(2);
      expect(both.filter((m) => m.text.includes("Bia L."))).toHaveLength(1);
    } finally {
      await db.delete(submissions).where(inArray(submissions.id, [fresh, waiting]));
    }
  });

  it("keeps the waiting threshold an admin sets, logged, and shows who waits past it", async () => {
    const admin = await reviewer("tania", { role: "admin" });
    await db.delete(accessLog).where(eq(accessLog.actorId, admin.id));
    for (const value of ["0", "91", "2.5", "five", "", null, "1e1", "0x5", " 7 7"]) {
      expect((await saveWaitingDays(db, value, { id: admin.id })).ok, String(value)).toBe(false);
    }
    expect(await saveWaitingDays(db, "3", { id: admin.id })).toEqual({ ok: true });
    expect(await readWaitingDays(db)).toBe(3);
    const [log] = await db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, admin.id), eq(accessLog.action, "settings.waiting-days")));
    expect(log!.details).toMatchObject({ to: 3 });

    const old = await apply("Dani Rocha");
    await db
      .update(submissions)
      .set({ createdAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(submissions.id, old));
    const stats = await dashboardStats(db, { waitingDays: 3 });
    expect(stats.waiting.days).toBe(3);
    expect(stats.waiting.total).toBeGreaterThanOrEqual(1);
    const calmer = await dashboardStats(db, { waitingDays: 30 });
    expect(calmer.waiting.oldest.map((row) => row.id)).not.toContain(old);
    await saveWaitingDays(db, "5", { id: admin.id });
    await db.delete(submissions).where(eq(submissions.id, old));
    expect(WAITING_DAYS_KEY).toBe("review.waiting-days");
  });
});
