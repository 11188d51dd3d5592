import { randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, mailTemplates, outbox, submissions, user } from "#app/db/schema.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { browserRequests, callRoute } from "#app/test/routes.ts";
import * as contactTemplatesScreen from "./email/contact.tsx";
import * as contactRoute from "./submission-contact.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The two routes of contact with a purpose (issue 29) as their users and attackers send them:
 * the contact endpoint with a `purpose` (a reviewer's; one that does not fit her state is a
 * translated 409, an unknown one a 400) and the Contact templates screen (the admin's).
 */
const roles = ["approver", "admin", "editor", "model", "affiliate"] as const;
type Who = (typeof roles)[number];

describe.each(routeTestTargets)("contact with a purpose over HTTP on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids, cookies, account } = namedAccounts<(typeof roles)[number]>(
    marker,
    (who) => `${who} ${marker}`,
  );
  let ip = 0;
  const browser = browserRequests(TEST_ORIGIN, { ip: () => `198.51.100.${(ip++ % 200) + 1}` });
  const as = (who: Who | undefined, path: string, form?: Record<string, string>) =>
    browser(path, { form, cookie: who ? cookies[who] : undefined });

  const contact = (who: Who | undefined, id: number, form: Record<string, string>) =>
    callRoute(contactRoute.action, as(who, `/admin/cadastros/${id}/contact`, form), {
      id: String(id),
    });

  async function application(status: "Pendente" | "Aprovado" | "Reprovado") {
    const email = `ana.${marker}.${randomBytes(3).toString("hex")}@example.com`;
    const id = await insertApplicationRow(await getDatabase(), {
      language: "es",
      fullName: "Ana Beatriz Souza",
      email,
      whatsapp: "+5548999990101",
      status,
    });
    return { id, email };
  }

  const traces = async (id: number, email: string) => {
    const db = await getDatabase();
    const logged = await db
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.action, "submission.contact")),
      );
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, email));
    return { logged: logged.length, mails: mails.length };
  };

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of roles) await account(role, role);
  }, paced(90_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.email, `%.${marker}.%`));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}.%`));
    await db.delete(accessLog).where(inArray(accessLog.actorId, Object.values(ids)));
    await db.delete(mailTemplates).where(like(mailTemplates.template, "contact:%"));
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  it("sends a reviewer's 'more photos' to WhatsApp with her stored number, and a rejected one's by mail", async () => {
    const pending = await application("Pendente");
    const answer = await contact("approver", pending.id, {
      method: "whatsapp",
      purpose: "more-photos",
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^https:\/\/wa\.me\/5548999990101\?text=%C2%A1Hola%2C%20Ana!/);
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    const rejected = await application("Reprovado");
    expect(
      await contact("admin", rejected.id, { method: "email", purpose: "rejected" }),
    ).toMatchObject({
      status: 302,
      location: `/admin/cadastros/${rejected.id}?contact=email#contact`,
    });
    expect(await traces(rejected.id, rejected.email)).toEqual({ logged: 1, mails: 1 });
  });

  it("refuses a purpose that does not fit her state with a 409 in the reviewer's words, and an unknown one with a 400", async () => {
    const rejected = await application("Reprovado");
    for (const purpose of ["schedule-call", "welcome", "reminder", "more-photos"]) {
      for (const method of ["whatsapp", "email"]) {
        const answer = await contact("approver", rejected.id, { method, purpose });
        expect(answer.status, `${purpose} ${method}`).toBe(409);
        expect(answer.data).toEqual({
          message: "validation.contactPurpose",
          text: getFixedT("pt")("validation.contactPurpose"),
        });
      }
    }
    for (const purpose of ["hello", "{{booking_link}}", ""]) {
      expect((await contact("approver", rejected.id, { method: "email", purpose })).status).toBe(
        400,
      );
    }
    expect(await traces(rejected.id, rejected.email)).toEqual({ logged: 0, mails: 0 });
  });

  it("sends a visitor to sign in, and an editor, a model or an affiliate away: nothing sent", async () => {
    const { id, email } = await application("Aprovado");
    const form = { method: "email", purpose: "welcome" };
    expect(await contact(undefined, id, form)).toMatchObject({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(`/admin/cadastros/${id}/contact`)}`,
    });
    for (const who of ["editor", "model", "affiliate"] as const) {
      expect(await contact(who, id, form), who).toMatchObject({
        status: 302,
        location: "/permission-denied",
      });
    }
    expect(await traces(id, email)).toEqual({ logged: 0, mails: 0 });
  });

  it("keeps the Contact templates screen the admin's: a visitor signs in, anyone else is turned away, nothing saved", async () => {
    const path = "/admin/email/contact";
    const form = {
      intent: "contact-save",
      purpose: "rejected",
      channel: "whatsapp",
      language: "pt",
      subject: "",
      body: "Oi {{name}}",
    };
    expect(await callRoute(contactTemplatesScreen.loader, as(undefined, path))).toMatchObject({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(path)}`,
    });
    expect(await callRoute(contactTemplatesScreen.action, as(undefined, path, form))).toMatchObject(
      { status: 302 },
    );
    for (const who of ["approver", "editor", "model", "affiliate"] as const) {
      for (const handler of [contactTemplatesScreen.loader, contactTemplatesScreen.action]) {
        expect(await callRoute(handler, as(who, path, form)), who).toMatchObject({
          status: 302,
          location: "/permission-denied",
        });
      }
    }
    const db = await getDatabase();
    expect(
      await db.select().from(mailTemplates).where(like(mailTemplates.template, "contact:%")),
    ).toEqual([]);
  });

  it("lets the admin open, preview and save a template; a placeholder its purpose does not know is a 400", async () => {
    const path = "/admin/email/contact?purpose=reminder&channel=email&language=de";
    const page = await callRoute(contactTemplatesScreen.loader, as("admin", path));
    expect(page.status).toBe(200);
    expect(page.data?.editor).toMatchObject({
      purpose: "reminder",
      channel: "email",
      language: "de",
      overridden: false,
      buttonLabel: "Zeit ändern",
    });
    expect(page.data?.editor.sample.call_time).toMatch(/Dienstag/);
    const form = {
      intent: "contact-save",
      purpose: "reminder",
      channel: "email",
      language: "de",
      subject: "Bis {{call_time}}",
      body: "Hallo {{name}}, bis {{call_time}}.\n\n{{booking_link}}",
    };
    const refused = await callRoute(
      contactTemplatesScreen.action,
      as("admin", path, { ...form, body: "Hallo {{vorname}}" }),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { ok: false, errors: { body: "contactTemplates.errors.placeholder" } },
    });
    const preview = await callRoute(
      contactTemplatesScreen.action,
      as("admin", path, { ...form, intent: "contact-preview" }),
    );
    expect(preview.data?.contactPreview?.subject).toMatch(/^Bis Dienstag/);
    expect(preview.data?.contactPreview?.html).toContain(">Zeit ändern</a>");
    const saved = await callRoute(contactTemplatesScreen.action, as("admin", path, form));
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    const again = await callRoute(contactTemplatesScreen.loader, as("admin", path));
    expect(again.data?.editor).toMatchObject({ overridden: true, subject: form.subject });
    expect(again.data?.edited).toContain("reminder|email|de");
    // From another site: refused, as every form of the back office.
    const crossSite = new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams({ ...form, body: "Hallo {{name}}" }),
      headers: { origin: "https://evil.example", cookie: cookies.admin },
    });
    expect((await callRoute(contactTemplatesScreen.action, crossSite)).status).toBe(403);
  });
});
