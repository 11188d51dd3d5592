import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import {
  accessLog,
  mailTemplates,
  outbox,
  rejectionReasons,
  submissions,
} from "#app/db/schema.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { addRejectionReason } from "#app/mail/rejection-reasons.server.ts";
import { saveTemplate } from "#app/mail/templates-admin.server.ts";
import {
  builtInWhatsappText,
  handleWhatsappForm,
  whatsappTemplate,
} from "#app/mail/whatsapp-templates.server.ts";
import { contactApplicant } from "./contact.server.ts";
import { changeStatus } from "./review.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Contacting an applicant from her page: the WhatsApp link (her number as stored, the message of
 * her language with her first name, the admin's wording over the built-in one, every character
 * encoded), her decision's mail sent again, and each in the access log.
 */
describe.each(databaseTargets)("contacting an applicant on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `contact-${randomUUID().slice(0, 8)}`;
  const actor = { id: `reviewer-${marker}`, ip: "203.0.113.7" };
  const reviewer = { id: actor.id, role: "approver" as const };
  // The languages whose WhatsApp wording this file edits (and puts back): no other test's.
  const edited = ["it", "sv"] as const;
  const reasonIds: number[] = [];

  async function application(values: {
    name: string;
    language?: string;
    whatsapp?: string | null;
    phone?: string | null;
  }) {
    const email = `${values.name.split(" ")[0]!.toLowerCase()}.${marker}@example.com`;
    const id = await insertApplicationRow(database.db, {
      source: values.phone ? "chatbot" : "form",
      language: values.language ?? "es",
      fullName: values.name,
      email,
      whatsapp: values.whatsapp ?? null,
      phone: values.phone ?? null,
    });
    return { id, email };
  }

  const logOf = (id: number) =>
    database.db
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.action, "submission.contact")),
      )
      .orderBy(accessLog.id);

  const textOf = (link: string) => new URL(link).searchParams.get("text");

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db
      .delete(mailTemplates)
      .where(
        and(eq(mailTemplates.template, "whatsapp"), inArray(mailTemplates.language, [...edited])),
      );
    if (reasonIds.length) {
      await database.db.delete(rejectionReasons).where(inArray(rejectionReasons.id, reasonIds));
      await database.db.delete(mailTemplates).where(
        inArray(
          mailTemplates.template,
          reasonIds.map((id) => `rejected:${id}`),
        ),
      );
    }
    await database.close();
  });

  it("opens her chat with the built-in message of her language and her first name", async () => {
    const { id } = await application({ name: "Lucía Fernández Ruiz", whatsapp: "+34612345678" });
    const result = await contactApplicant(database.db, {
      submissionId: id,
      method: "whatsapp",
      actor,
    });
    expect(result.outcome).toBe("whatsapp");
    const link = result.outcome === "whatsapp" ? result.link : "";
    expect(link.startsWith("https://wa.me/34612345678?text=")).toBe(true);
    expect(textOf(link)).toBe(getFixedT("es")("mail.whatsapp.body", { name: "Lucía" }));
    expect(textOf(link)).toMatch(/^¡Hola, Lucía! /);
    expect(textOf(link)).not.toContain("Fernández");
  });

  it.each([
    ["pt", "Olá, Joana!"],
    ["en", "Hi Joana!"],
    ["de", "Hallo Joana!"],
  ] as const)("writes in her language (%s), not the reviewer's", async (language, greeting) => {
    const { id } = await application({ name: "Joana Lima", language, whatsapp: "+5548912345678" });
    const result = await contactApplicant(database.db, {
      submissionId: id,
      method: "whatsapp",
      actor,
    });
    expect(result.outcome === "whatsapp" && textOf(result.link)).toMatch(
      new RegExp(`^${greeting} `),
    );
  });

  it("writes to the chatbot's phone when she gave no WhatsApp", async () => {
    const { id } = await application({ name: "Maja Andersson", phone: "+46701234567" });
    const result = await contactApplicant(database.db, {
      submissionId: id,
      method: "whatsapp",
      actor,
    });
    expect(result.outcome === "whatsapp" && new URL(result.link).pathname).toBe("/46701234567");
  });

  it("uses the admin's wording over the built-in one, in that language only, every character encoded", async () => {
    const body = "Ciao {{ name }} & benvenuta! #1 🌸\n\nÈ il momento: 100% sì?";
    const saved = await handleWhatsappForm(
      database.db,
      "whatsapp-save",
      { language: "it", body },
      actor,
    );
    expect(saved.status).toBe(200);
    const { id } = await application({
      name: "Zoë-Ann D'Amico",
      language: "it",
      whatsapp: "+393331234567",
    });
    const result = await contactApplicant(database.db, {
      submissionId: id,
      method: "whatsapp",
      actor,
    });
    const link = result.outcome === "whatsapp" ? result.link : "";
    expect(textOf(link)).toBe("Ciao Zoë-Ann & benvenuta! #1 🌸\n\nÈ il momento: 100% sì?");
    expect(link).toBe(
      "https://wa.me/393331234567?text=Ciao%20Zo%C3%AB-Ann%20%26%20benvenuta!%20%231%20%F0%9F%8C%B8%0A%0A%C3%88%20il%20momento%3A%20100%25%20s%C3%AC%3F",
    );
    // Another language still has its built-in text.
    const other = await application({
      name: "Ana Souza",
      language: "pt",
      whatsapp: "+5548911112222",
    });
    const built = await contactApplicant(database.db, {
      submissionId: other.id,
      method: "whatsapp",
      actor,
    });
    expect(built.outcome === "whatsapp" && textOf(built.link)).toBe(
      getFixedT("pt")("mail.whatsapp.body", { name: "Ana" }),
    );
    // Reset: the built-in Italian text again.
    await handleWhatsappForm(database.db, "whatsapp-reset", { language: "it", body: "" }, actor);
    const again = await contactApplicant(database.db, {
      submissionId: id,
      method: "whatsapp",
      actor,
    });
    expect(again.outcome === "whatsapp" && textOf(again.link)).toBe(
      getFixedT("it")("mail.whatsapp.body", { name: "Zoë-Ann" }),
    );
  });

  it("keeps a name that looks like a placeholder as she typed it", async () => {
    const { id } = await application({
      name: "{{name}} Silva",
      language: "es",
      whatsapp: "+34600000001",
    });
    const result = await contactApplicant(database.db, {
      submissionId: id,
      method: "whatsapp",
      actor,
    });
    expect(result.outcome === "whatsapp" && textOf(result.link)).toMatch(/^¡Hola, \{\{name\}\}! /);
  });

  it("records who contacted whom, how and when, before the link is handed out", async () => {
    const { id } = await application({
      name: "Bia Costa",
      language: "pt",
      whatsapp: "+5548933334444",
    });
    const before = Date.now();
    await contactApplicant(database.db, { submissionId: id, method: "whatsapp", actor });
    await contactApplicant(database.db, { submissionId: id, method: "whatsapp", actor });
    const rows = await logOf(id);
    // Each use is its own row.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorId: actor.id,
      action: "submission.contact",
      subject: `submission:${id}`,
      ip: "203.0.113.7",
      details: { method: "whatsapp", language: "pt" },
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    // Her number is not copied into the log: the application holds it (and its erasure clears it).
    expect(JSON.stringify(rows)).not.toContain("5548933334444");
  });

  it.each([
    ["a number with spaces", "+55 48 93333 4444", null],
    ["a number without its country code", "48933334444", null],
    ["no number at all", null, null],
    ["a chatbot phone that is not E.164", null, "(48) 93333-4444"],
  ])("offers no WhatsApp for %s, and records nothing", async (_why, whatsapp, phone) => {
    const { id } = await application({ name: "Nina Rocha", whatsapp, phone });
    expect(
      await contactApplicant(database.db, { submissionId: id, method: "whatsapp", actor }),
    ).toEqual({ outcome: "unavailable" });
    expect(await logOf(id)).toEqual([]);
  });

  it("sends her decision's mail again (note and reason's wording) through the outbox, recorded", async () => {
    const reasonId = await addRejectionReason(database.db, `Fotos ${marker}`, actor);
    reasonIds.push(reasonId);
    await saveTemplate(
      database.db,
      { key: `rejected:${reasonId}` },
      "es",
      { subject: "Sobre tus fotos", body: "Hola {{name}}:\n\nFaltan fotos.\n\nNota: {{note}}" },
      actor,
    );
    const { id, email } = await application({ name: "Carla Gómez", whatsapp: "+34600000002" });
    await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Reprovado",
      note: "Envía tres fotos nuevas.",
      reasonId,
      actor: reviewer,
    });
    expect(
      await contactApplicant(database.db, { submissionId: id, method: "email", actor }),
    ).toEqual({ outcome: "email" });
    const mails = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(outbox.id);
    expect(mails.map((mail) => mail.kind)).toEqual(["rejected", "rejected"]);
    expect(mails[1]).toMatchObject({ language: "es", subject: "Sobre tus fotos" });
    expect(mails[1]!.text).toBe(mails[0]!.text);
    expect(mails[1]!.text).toContain("Hola Carla:");
    expect(mails[1]!.text).toContain("Nota: Envía tres fotos nuevas.");
    expect(await logOf(id)).toMatchObject([
      {
        actorId: actor.id,
        ip: actor.ip,
        details: { method: "email", language: "es", template: "rejected" },
      },
    ]);
  });

  it("sends the approval mail of her language to an approved applicant", async () => {
    const { id, email } = await application({ name: "Greta Berg", language: "sv" });
    await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor: reviewer,
    });
    await contactApplicant(database.db, { submissionId: id, method: "email", actor });
    const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((mail) => [mail.kind, mail.language, mail.subject])).toEqual([
      ["approved", "sv", getFixedT("sv")("mail.approved.subject")],
      ["approved", "sv", getFixedT("sv")("mail.approved.subject")],
    ]);
    expect((await logOf(id))[0]!.details).toEqual({
      method: "email",
      language: "sv",
      template: "approved",
    });
  });

  it("has no mail to send for a pending application, and nothing for an erased one", async () => {
    const pending = await application({ name: "Rita Alves", whatsapp: "+34600000003" });
    expect(
      await contactApplicant(database.db, { submissionId: pending.id, method: "email", actor }),
    ).toEqual({ outcome: "unavailable" });
    expect(
      await database.db.select().from(outbox).where(eq(outbox.recipient, pending.email)),
    ).toEqual([]);
    const erased = await application({ name: "Eva Nunes", whatsapp: "+34600000004" });
    await database.db
      .update(submissions)
      .set({ erasedAt: new Date(), status: "Aprovado" })
      .where(eq(submissions.id, erased.id));
    for (const method of ["whatsapp", "email"] as const) {
      expect(
        await contactApplicant(database.db, { submissionId: erased.id, method, actor }),
      ).toEqual({ outcome: "unavailable" });
    }
    expect(await logOf(pending.id)).toEqual([]);
    expect(await logOf(erased.id)).toEqual([]);
    expect(
      await contactApplicant(database.db, { submissionId: 2 ** 52, method: "whatsapp", actor }),
    ).toEqual({ outcome: "not-found" });
  });

  describe("the WhatsApp wording on /admin/email", () => {
    it("starts from the built-in text of each language, with {{name}} to fill", async () => {
      for (const language of ["pt", "es", "en", "de"] as const) {
        expect(await whatsappTemplate(database.db, language)).toEqual({
          body: builtInWhatsappText(language),
          overridden: false,
        });
        expect(builtInWhatsappText(language)).toContain("{{name}}");
      }
    });

    it("refuses an empty text, an overlong one and a placeholder it does not know", async () => {
      const send = (body: string) =>
        handleWhatsappForm(database.db, "whatsapp-save", { language: "sv", body }, actor);
      expect((await send("   ")).result.errors).toEqual({
        body: "admin.email.whatsapp.errors.body",
      });
      expect((await send("x".repeat(1001))).result.errors).toEqual({ body: "validation.tooLong" });
      const unknown = await send("Hej {{name}}, din länk: {{link}}");
      expect(unknown).toMatchObject({
        status: 400,
        result: {
          errors: { body: "admin.email.errors.placeholder" },
          params: { placeholders: "{{link}}" },
        },
      });
      expect(await whatsappTemplate(database.db, "sv")).toMatchObject({ overridden: false });
      const wrongLanguage = await handleWhatsappForm(
        database.db,
        "whatsapp-save",
        { language: "fr", body: "Salut {{name}}" },
        actor,
      );
      expect(wrongLanguage.status).toBe(404);
    });

    it("previews with a sample name and its link, saves with a log entry, and resets", async () => {
      const preview = await handleWhatsappForm(
        database.db,
        "whatsapp-preview",
        { language: "sv", body: "Hej {{name}} & välkommen" },
        actor,
      );
      expect(preview.result.whatsappPreview).toEqual({
        text: "Hej Ana & välkommen",
        link: "https://wa.me/5548999999999?text=Hej%20Ana%20%26%20v%C3%A4lkommen",
      });
      // A preview stores nothing.
      expect(await whatsappTemplate(database.db, "sv")).toMatchObject({ overridden: false });
      await handleWhatsappForm(
        database.db,
        "whatsapp-save",
        { language: "sv", body: "  Hej {{name}}!  " },
        actor,
      );
      expect(await whatsappTemplate(database.db, "sv")).toEqual({
        body: "Hej {{name}}!",
        overridden: true,
      });
      const [row] = await database.db
        .select()
        .from(mailTemplates)
        .where(and(eq(mailTemplates.template, "whatsapp"), eq(mailTemplates.language, "sv")));
      expect(row).toMatchObject({ subject: "", body: "Hej {{name}}!", updatedBy: actor.id });
      await handleWhatsappForm(database.db, "whatsapp-reset", { language: "sv", body: "" }, actor);
      expect(await whatsappTemplate(database.db, "sv")).toMatchObject({ overridden: false });
      const log = await database.db
        .select({ subject: accessLog.subject, details: accessLog.details })
        .from(accessLog)
        .where(
          and(eq(accessLog.actorId, actor.id), eq(accessLog.subject, "mail-template:whatsapp:sv")),
        )
        .orderBy(accessLog.id);
      expect(log.map((entry) => entry.details)).toEqual([
        { change: "save", subject: "" },
        { change: "reset" },
      ]);
    });
  });
});
