import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  mailTemplates,
  outbox,
  staffProfiles,
  submissions,
  user,
  welcomeCalls,
} from "#app/db/schema.server.ts";
import type { SubmissionStatus } from "#app/db/submission-statuses.ts";
import { contactApplicant } from "#app/features/submissions/contact.server.ts";
import {
  contactChannels,
  contactPurposes,
  contactVariables,
  fillContactText,
  placeholdersIn,
  purposeOfMailKind,
  contactMailKind,
  purposesFor,
  purposeVariables,
  type ContactValues,
} from "#app/mail/contact-purposes.ts";
import { detailsSummary } from "#app/features/reports/access-details.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import {
  bookingLink,
  builtInContactText,
  contactMail,
  contactOffersFor,
  formatCallTime,
  handleContactTemplateForm,
  previewContact,
} from "./contact-templates.server.ts";
import { paced } from "#app/test/pace.ts";

const everyValue: Required<ContactValues> = {
  name: "Ana",
  manager: "Carla",
  booking_link: "https://mare.example/dashboard/model#welcome-call",
  call_time: "terça-feira, 3 de março às 14:00 (Horário Padrão de Brasília)",
};

describe("the built-in contact texts", () => {
  it.each(languages.map((l) => l.code))(
    "exist in %s for every purpose and channel, with only their purpose's variables, all filled",
    (language) => {
      for (const purpose of contactPurposes) {
        for (const channel of contactChannels) {
          const text = builtInContactText(purpose, channel, language);
          const where = `${purpose}/${channel}/${language}`;
          // A missing key would come back as the key itself.
          expect(text.body, where).not.toMatch(/mail\.contactTemplates/);
          expect(text.body.length, where).toBeGreaterThan(40);
          if (channel === "email") {
            expect(text.subject.trim(), where).not.toBe("");
            expect(text.subject, where).not.toMatch(/[\r\n]|mail\.contactTemplates/);
          } else {
            expect(text.subject).toBe("");
          }
          const used = placeholdersIn(`${text.subject}\n${text.body}`);
          expect(used, where).toContain("name");
          for (const name of used) expect(purposeVariables[purpose], where).toContain(name);
          const filled = fillContactText(`${text.subject}\n${text.body}`, everyValue);
          expect(filled, where).not.toBeNull();
          expect(filled, where).not.toMatch(/\{\{|\}\}/);
          // Discreet: nothing about what the work is.
          expect(filled!.toLowerCase(), where).not.toMatch(
            /onlyfans|adult|adulto|erot|sensual|nud|privacy\.com|conteúdo adulto/,
          );
        }
      }
    },
  );

  it("differ between languages (no language falls back to another's text)", () => {
    for (const purpose of contactPurposes) {
      const bodies = languages.map((l) => builtInContactText(purpose, "email", l.code).body);
      expect(new Set(bodies).size, purpose).toBe(languages.length);
    }
  });

  it("ask a rejected applicant for nothing, and a booked one never to book again", () => {
    expect(purposesFor("Pendente", false)).toEqual(["more-photos"]);
    expect(purposesFor("Aprovado", false)).toEqual(["welcome", "schedule-call"]);
    expect(purposesFor("Aprovado", true)).toEqual(["reminder"]);
    for (const booked of [false, true]) {
      expect(purposesFor("Reprovado", booked)).toEqual(["rejected"]);
    }
    // The rejected text asks for no call and offers no link.
    for (const { code } of languages) {
      for (const channel of contactChannels) {
        const text = builtInContactText("rejected", channel, code);
        expect(placeholdersIn(`${text.subject} ${text.body}`)).toEqual(["name"]);
      }
    }
  });

  it("fill in one pass: a name that looks like a placeholder stays text", () => {
    const values = { ...everyValue, name: "{{booking_link}}" };
    expect(fillContactText("Oi {{name}}: {{ booking_link }}", values)).toBe(
      `Oi {{booking_link}}: ${everyValue.booking_link}`,
    );
    // A value she lacks: no text at all rather than a gap.
    expect(fillContactText("Oi {{name}}, {{manager}}", { name: "Ana" })).toBeNull();
    expect(fillContactText("Oi {{name}}, {{manager}}", { name: "Ana", manager: "" })).toBeNull();
  });

  it("name her call's time in her zone: Lisbon and Brasília for the same moment, summer time too", () => {
    const winter = new Date("2026-03-03T17:00:00Z");
    const lisbon = formatCallTime(winter, "Europe/Lisbon", "en");
    const brasilia = formatCallTime(winter, "America/Sao_Paulo", "en");
    expect(lisbon).toMatch(/Tuesday/);
    expect(lisbon).toMatch(/17:00/);
    expect(lisbon).toMatch(/\(Western European Standard Time\)$/);
    expect(brasilia).toMatch(/14:00/);
    expect(brasilia).toMatch(/\(Brasilia Standard Time\)$/);
    // In July Lisbon is an hour ahead of its winter time; Brasília keeps no summer time.
    const summer = new Date("2026-07-07T17:00:00Z");
    expect(formatCallTime(summer, "Europe/Lisbon", "en")).toMatch(
      /18:00 \(Western European Summer Time\)$/,
    );
    expect(formatCallTime(summer, "America/Sao_Paulo", "pt")).toMatch(/terça-feira.*14:00/);
    expect(formatCallTime(winter, "Europe/Lisbon", "de")).toMatch(/Dienstag.*17:00/);
  });

  it("make a mail's {{booking_link}} paragraph the button, and her name inert", () => {
    const text = builtInContactText("welcome", "email", "en");
    const mail = contactMail("welcome", "en", text, {
      name: "ana.souza@evil.example",
      booking_link: "https://mare.example/dashboard/model#welcome-call",
    })!;
    expect(mail.html).toContain('href="https://mare.example/dashboard/model#welcome-call"');
    expect(mail.html).toContain(">Choose a time</a>");
    expect(mail.html).not.toContain("{{");
    // Her "name" is no address a mail program could link.
    expect(mail.text).not.toContain("ana.souza@evil.example");
    expect(mail.subject).toBe(text.subject);
  });

  it("names a purpose's mail in the outbox by its purpose, and nothing else", () => {
    for (const purpose of contactPurposes) {
      expect(purposeOfMailKind(contactMailKind(purpose))).toBe(purpose);
    }
    for (const kind of ["approved", "contact-", "contact-hello", "xcontact-welcome"]) {
      expect(purposeOfMailKind(kind), kind).toBeNull();
    }
  });

  it("names the purpose in the access report", () => {
    const en = getFixedT("en");
    const summary = (details: Record<string, unknown>) =>
      detailsSummary(
        "submission.contact",
        details,
        (key: string, values?: Record<string, unknown>) => en(key, values ?? {}),
        "en",
      );
    expect(summary({ method: "email", language: "es", purpose: "welcome" })).toBe(
      "Welcome after approval, by e-mail, in ES",
    );
    expect(summary({ method: "whatsapp", language: "pt", purpose: "more-photos" })).toBe(
      "Ask for more photos, on WhatsApp, in PT",
    );
    // A decision's mail sent again reads as before.
    expect(summary({ method: "email", language: "pt", template: "approved" })).toBe(
      en("admin.accessReport.contactBy.approved", { language: "PT" }),
    );
  });

  it("previews with sample values in the language edited", () => {
    const preview = previewContact(
      "reminder",
      "whatsapp",
      "es",
      builtInContactText("reminder", "whatsapp", "es"),
      "https://mare.example",
    );
    expect(preview.text).toMatch(/^¡Hola, Ana!/);
    expect(preview.text).toContain("Carla");
    expect(preview.text).toContain("https://mare.example/dashboard/model#welcome-call");
    expect(preview.text).toMatch(/martes/);
    expect(preview.link).toMatch(/^https:\/\/wa\.me\/5548999999999\?text=/);
  });
});

describe.each(databaseTargets)("contact with a purpose on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `purpose-${randomUUID().slice(0, 8)}`;
  const actor = { id: `reviewer-${marker}`, ip: "203.0.113.9" };
  let managerId = "";
  let plainManagerId = "";

  async function application(values: {
    name?: string;
    status?: SubmissionStatus;
    language?: string;
    whatsapp?: string | null;
    managerId?: string | null;
  }) {
    const email = `a${randomUUID().slice(0, 6)}.${marker}@example.com`;
    const id = await insertApplicationRow(database.db, {
      language: values.language ?? "pt",
      fullName: values.name ?? "Joana Lima Souza",
      email,
      status: values.status ?? "Pendente",
      whatsapp: values.whatsapp === undefined ? "+5548912345678" : values.whatsapp,
      managerId: values.managerId ?? null,
    });
    return { id, email };
  }

  let minute = 0;
  async function bookCall(submissionId: number, startsAt: Date, timeZone: string) {
    // Each call its own half hour, so the manager's calls never overlap.
    const starts = new Date(startsAt.getTime() + minute++ * 60 * 60_000 * 24 * 7);
    await database.db.insert(welcomeCalls).values({
      uid: `${marker}-${randomUUID()}`,
      submissionId,
      managerId,
      startsAt: starts,
      endsAt: new Date(starts.getTime() + 30 * 60_000),
      timeZone,
    });
    return starts;
  }

  const logOf = (id: number) =>
    database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.action, "submission.contact")),
      );
  const mailsTo = (email: string) =>
    database.db.select().from(outbox).where(eq(outbox.recipient, email));
  const textOf = (link: string) => new URL(link).searchParams.get("text");
  const send = (
    submissionId: number,
    method: "whatsapp" | "email",
    purpose?: (typeof contactPurposes)[number],
  ) => contactApplicant(database.db, { submissionId, method, purpose, actor });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    managerId = await insertAccount(database.db, {
      name: "Carla Menezes",
      email: `carla.${marker}@example.com`,
      role: "approver",
    });
    await database.db.insert(staffProfiles).values({ userId: managerId, displayName: "Carla M." });
    // A manager without a profile: her account's first name is used.
    plainManagerId = await insertAccount(database.db, {
      name: "Beatriz Rocha",
      email: `beatriz.${marker}@example.com`,
      role: "admin",
    });
  }, paced(60_000));

  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db.delete(mailTemplates).where(like(mailTemplates.template, "contact:%"));
    await database.db.delete(user).where(inArray(user.id, [managerId, plainManagerId]));
    await database.close();
  });

  it("asks a pending applicant for more photos on WhatsApp, in her language, logged with the purpose", async () => {
    const { id } = await application({ language: "es" });
    const result = await send(id, "whatsapp", "more-photos");
    expect(result.outcome).toBe("whatsapp");
    const link = result.outcome === "whatsapp" ? result.link : "";
    expect(link.startsWith("https://wa.me/5548912345678?text=")).toBe(true);
    expect(textOf(link)).toBe(
      fillContactText(builtInContactText("more-photos", "whatsapp", "es").body, {
        name: "Joana",
      }),
    );
    expect(await logOf(id)).toEqual([
      { details: { method: "whatsapp", language: "es", purpose: "more-photos" } },
    ]);
  });

  it("refuses a purpose that does not fit her state, posted by hand: nothing sent, nothing logged", async () => {
    const pending = await application({});
    const rejected = await application({ status: "Reprovado", managerId });
    const approved = await application({ status: "Aprovado", managerId });
    const booked = await application({ status: "Aprovado", managerId });
    await bookCall(booked.id, new Date("2030-03-05T17:00:00Z"), "America/Sao_Paulo");
    const forged: [{ id: number; email: string }, (typeof contactPurposes)[number][]][] = [
      [pending, ["welcome", "schedule-call", "reminder", "rejected"]],
      // Never "let's talk" to a rejected applicant, whatever she has.
      [rejected, ["more-photos", "welcome", "schedule-call", "reminder"]],
      [approved, ["more-photos", "reminder", "rejected"]],
      [booked, ["more-photos", "welcome", "schedule-call", "rejected"]],
    ];
    for (const [{ id, email }, purposes] of forged) {
      for (const purpose of purposes) {
        for (const method of contactChannels) {
          expect((await send(id, method, purpose)).outcome, `${purpose} ${method}`).toBe(
            "not-offered",
          );
        }
      }
      expect(await logOf(id)).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
    }
    // Nor the general "we would like to talk" message once she is decided.
    expect((await send(rejected.id, "whatsapp")).outcome).toBe("not-offered");
    expect((await send(approved.id, "whatsapp")).outcome).toBe("not-offered");
    expect((await contactOffersFor(database.db, rejected.id)).map((o) => o.purpose)).toEqual([
      "rejected",
    ]);
  });

  it("does not offer a text that needs her manager before she has one", async () => {
    const { id, email } = await application({ status: "Aprovado" });
    const offers = await contactOffersFor(database.db, id);
    expect(offers).toEqual([
      {
        purpose: "welcome",
        whatsapp: { ready: true, missing: [] },
        email: { ready: true, missing: [] },
      },
      {
        purpose: "schedule-call",
        whatsapp: { ready: false, missing: ["manager"] },
        email: { ready: false, missing: ["manager"] },
      },
    ]);
    expect((await send(id, "email", "schedule-call")).outcome).toBe("not-offered");
    expect((await send(id, "whatsapp", "schedule-call")).outcome).toBe("not-offered");
    expect(await mailsTo(email)).toEqual([]);
    // The welcome needs no manager: it goes.
    expect((await send(id, "email", "welcome")).outcome).toBe("email");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("queues 'schedule the call' by mail with her manager's display name and the booking link", async () => {
    const { id, email } = await application({ status: "Aprovado", managerId, language: "en" });
    expect((await send(id, "email", "schedule-call")).outcome).toBe("email");
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({
      kind: "contact-schedule-call",
      language: "en",
      subject: builtInContactText("schedule-call", "email", "en").subject,
    });
    expect(mail!.text).toMatch(/^Hello Joana,/);
    expect(mail!.text).toContain("I am Carla M.");
    expect(mail!.html).toContain(`href="${bookingLink()}"`);
    expect(bookingLink()).toMatch(/^https?:\/\/[^/]+\/dashboard\/model#welcome-call$/);
    expect(mail!.text).not.toContain("{{");
    expect(await logOf(id)).toEqual([
      { details: { method: "email", language: "en", purpose: "schedule-call" } },
    ]);
  });

  it("names a manager without a profile by her account's first name", async () => {
    const { id } = await application({ status: "Aprovado", managerId: plainManagerId });
    const result = await send(id, "whatsapp", "schedule-call");
    expect(result.outcome === "whatsapp" && textOf(result.link)).toMatch(
      /^Olá, Joana! Aqui é Beatriz, da Maré Talent\./,
    );
  });

  it("reminds her of her booked call in her zone and her language (Lisbon), not Brasília's", async () => {
    const { id } = await application({ status: "Aprovado", managerId, language: "pt" });
    const starts = await bookCall(id, new Date("2030-01-08T17:00:00Z"), "Europe/Lisbon");
    const offers = await contactOffersFor(database.db, id);
    expect(offers.map((o) => [o.purpose, o.whatsapp.ready, o.email.ready])).toEqual([
      ["reminder", true, true],
    ]);
    const result = await send(id, "whatsapp", "reminder");
    const text = result.outcome === "whatsapp" ? textOf(result.link)! : "";
    expect(text).toContain(formatCallTime(starts, "Europe/Lisbon", "pt"));
    expect(formatCallTime(starts, "Europe/Lisbon", "pt")).not.toBe(
      formatCallTime(starts, "America/Sao_Paulo", "pt"),
    );
    expect(text).toContain("Carla M.");
    // A cancelled call is no call: she is asked to book again instead.
    await database.db
      .update(welcomeCalls)
      .set({ state: "cancelled" })
      .where(eq(welcomeCalls.submissionId, id));
    expect((await send(id, "whatsapp", "reminder")).outcome).toBe("not-offered");
    expect((await contactOffersFor(database.db, id)).map((o) => o.purpose)).toEqual([
      "welcome",
      "schedule-call",
    ]);
  });

  it("keeps a name that looks like a placeholder as she typed it", async () => {
    const { id, email } = await application({
      status: "Aprovado",
      managerId,
      name: "{{booking_link}} Souza",
    });
    const result = await send(id, "whatsapp", "schedule-call");
    const text = result.outcome === "whatsapp" ? textOf(result.link)! : "";
    expect(text).toMatch(/^Olá, \{\{booking_link\}\}! Aqui é Carla M\./);
    // The real link appears once: where the template put it, not where her name is.
    expect(text.split(bookingLink()).length - 1).toBe(1);
    expect((await send(id, "email", "welcome")).outcome).toBe("email");
    const [mail] = await mailsTo(email);
    expect(mail!.text).toMatch(/^Olá, \{\{booking_link\}\},/);
  });

  it("sends the admin's wording over the built-in one, in that language only, until it is reset", async () => {
    const form = {
      purpose: "rejected",
      channel: "whatsapp",
      language: "it",
      subject: "",
      body: "Ciao {{ name }}, grazie di cuore & a presto!",
    };
    expect(await handleContactTemplateForm(database.db, "contact-save", form, actor)).toMatchObject(
      { status: 200, result: { ok: true, message: "contactTemplates.saved" } },
    );
    const italian = await application({ status: "Reprovado", language: "it" });
    const swedish = await application({ status: "Reprovado", language: "sv" });
    const it = await send(italian.id, "whatsapp", "rejected");
    expect(it.outcome === "whatsapp" && textOf(it.link)).toBe(
      "Ciao Joana, grazie di cuore & a presto!",
    );
    const sv = await send(swedish.id, "whatsapp", "rejected");
    expect(sv.outcome === "whatsapp" && textOf(sv.link)).toMatch(/^Hej Joana, /);
    // Saves and resets are in the access log, as a mail template's.
    const [row] = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.subject, "mail-template:contact:rejected:whatsapp:it"),
          eq(accessLog.actorId, actor.id),
        ),
      );
    expect(row).toMatchObject({ details: { change: "save" } });
    await handleContactTemplateForm(database.db, "contact-reset", form, actor);
    const again = await send(italian.id, "whatsapp", "rejected");
    expect(again.outcome === "whatsapp" && textOf(again.link)).toBe(
      fillContactText(builtInContactText("rejected", "whatsapp", "it").body, { name: "Joana" }),
    );
  });

  it("refuses to save a placeholder its purpose does not know, an empty text or a two-line subject", async () => {
    const base = {
      purpose: "more-photos",
      channel: "email",
      language: "de",
      subject: "Hallo",
      body: "Hallo {{name}}",
    };
    const cases: [Partial<typeof base>, string, string][] = [
      [{ body: "Hallo {{vorname}}" }, "body", "contactTemplates.errors.placeholder"],
      // Known elsewhere, but a pending applicant has no call and no manager.
      [{ body: "Bis {{call_time}}" }, "body", "contactTemplates.errors.placeholder"],
      [{ subject: "Für {{manager}}" }, "subject", "contactTemplates.errors.placeholder"],
      [{ body: "   " }, "body", "contactTemplates.errors.body"],
      [{ subject: "Hallo\nBcc: x@evil.example" }, "subject", "contactTemplates.errors.subject"],
    ];
    for (const [change, field, error] of cases) {
      const answer = await handleContactTemplateForm(
        database.db,
        "contact-save",
        { ...base, ...change },
        actor,
      );
      expect(answer, JSON.stringify(change)).toMatchObject({
        status: 400,
        result: { ok: false, errors: { [field]: error } },
      });
      // What she typed comes back to her.
      expect(answer.result.draft?.body).toBe(change.body ?? base.body);
    }
    const rejected = await handleContactTemplateForm(
      database.db,
      "contact-save",
      { ...base, purpose: "rejected", body: "Oi {{booking_link}}" },
      actor,
    );
    expect(rejected.result.params).toEqual({ placeholders: "{{booking_link}}" });
    for (const [purpose, channel, language] of [
      ["hello", "email", "de"],
      ["welcome", "sms", "de"],
      ["welcome", "email", "xx"],
    ]) {
      expect(
        await handleContactTemplateForm(
          database.db,
          "contact-save",
          { ...base, purpose: purpose!, channel: channel!, language: language! },
          actor,
        ),
      ).toMatchObject({ status: 404 });
    }
    const stored = await database.db
      .select()
      .from(mailTemplates)
      .where(like(mailTemplates.template, "contact:%"));
    expect(stored).toEqual([]);
    // Every known variable of a purpose may be saved.
    for (const purpose of contactPurposes) {
      const body = purposeVariables[purpose].map((name) => `{{${name}}}`).join(" ");
      const answer = await handleContactTemplateForm(
        database.db,
        "contact-preview",
        { ...base, purpose, body },
        actor,
      );
      expect(answer.status, purpose).toBe(200);
    }
    expect(contactVariables).toEqual(["name", "manager", "booking_link", "call_time"]);
  });
});
