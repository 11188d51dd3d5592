import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, redirect } from "react-router";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { resources } from "#app/i18n/resources.server.ts";
import { TranslationProvider } from "#app/i18n/translation.tsx";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  mailTemplates,
  outbox,
  rejectionReasons,
  settings,
  submissions,
  submissionStatusHistory,
} from "#app/db/schema.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { queueMail } from "./outbox.server.ts";
import { deliverDueMail, startMailSender } from "./sender.server.ts";
import { effectiveMailTransport } from "./smtp-settings.server.ts";
import {
  builtInTemplate,
  confirmationMail,
  correctionMail,
  decisionMail,
  mailTemplateKinds,
  renderTemplate,
  resetPasswordMail,
  verificationMail,
} from "./templates.server.ts";
import * as emailIndex from "#app/routes/admin/email/index.ts";
import * as emailLayout from "#app/routes/admin/email/layout.tsx";
import * as outboxScreen from "#app/routes/admin/email/outbox.tsx";
import * as reasonsScreen from "#app/routes/admin/email/reasons.tsx";
import * as smtpScreen from "#app/routes/admin/email/smtp.tsx";
import * as templatesScreen from "#app/routes/admin/email/templates.tsx";
import * as whatsappScreen from "#app/routes/admin/email/whatsapp.tsx";
import * as contactScreen from "#app/routes/admin/email/contact.tsx";
import { emailScreens, type EmailScreen } from "#app/mail/admin/email-tabs.tsx";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { listRejectionReasons, rejectionTemplateKey } from "./rejection-reasons.server.ts";
import { readWaitingDays } from "#app/features/staff-alerts/preferences.server.ts";
import { outcomeOf } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { maskEmail } from "./smtp-admin.server.ts";
import { privacyRequestMail } from "#app/features/privacy/requests.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import type { ScreenName } from "#app/auth/permissions.ts";
import type { Role } from "#app/db/roles.ts";
import { paced } from "#app/test/pace.ts";

/**
 * /admin/email's screens through their loaders and actions, on PGlite and (with TEST_DATABASE_URL) PostgreSQL,
 * with a real SMTP server. The session guard is replaced by a header naming the role: the real
 * guard (requireScreen) is covered by the access matrix over HTTP (tests/e2e/access.spec.ts).
 */

vi.mock(import("#app/auth/guards.server.ts"), async (importOriginal) => {
  const actual = await importOriginal();
  const viewer = (request: Request) => {
    const role = request.headers.get("x-test-role");
    if (!role) throw redirect("/login");
    if (role !== "admin" && role !== "approver") throw redirect("/permission-denied");
    return {
      id: request.headers.get("x-test-user") ?? "someone",
      name: "Boss",
      email: "boss@example.com",
      emailVerified: true,
      role: role as "admin" | "approver",
      twoFactorEnabled: false,
    };
  };
  // The roles the real guards read.
  const { mayAct, mayOpen } = await import("#app/auth/permissions.ts");
  const guard =
    (may: (role: Role, screen: ScreenName) => boolean) =>
    async (request: Request, screen: ScreenName) => {
      const user = viewer(request);
      if (!may(user.role, screen)) throw redirect("/permission-denied");
      return user;
    };
  return { ...actual, requireScreen: guard(mayOpen), requireScreenAction: guard(mayAct) };
});

/** A real SMTP server on a free port (or the one given), on a loopback address. */
async function startSmtp(host = "127.0.0.1", wantedPort = 0) {
  const received: ParsedMail[] = [];
  const auths: string[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      auths.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(wantedPort, host, () =>
      resolve((server.server.address() as { port: number }).port),
    );
  });
  return {
    port,
    received,
    auths,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

type Handler = (args: never) => unknown;
const screenRoutes: Record<EmailScreen, { loader: Handler; action: Handler; default: unknown }> = {
  smtp: smtpScreen,
  templates: templatesScreen,
  whatsapp: whatsappScreen,
  contact: contactScreen,
  reasons: reasonsScreen,
  outbox: outboxScreen,
};

/** The screen whose action answers a form's intent (an unknown one: the first screen's). */
function screenOfIntent(intent = ""): EmailScreen {
  if (intent.startsWith("template-")) return "templates";
  if (intent.startsWith("whatsapp-")) return "whatsapp";
  if (intent.startsWith("contact-")) return "contact";
  if (intent.startsWith("reason-") || intent === "waiting-days") return "reasons";
  if (intent === "retry") return "outbox";
  return "smtp";
}

const addressOf = (mail: ParsedMail) =>
  mail.to && "value" in mail.to ? mail.to.value[0]?.address : undefined;

describe("the built-in text as editable text", () => {
  it("renders exactly the built-in mail of every template in every language", () => {
    const name = "Ana Beatriz Souza";
    const link = "https://example.com/x?token=1";
    for (const { code } of languages) {
      for (const kind of mailTemplateKinds) {
        const text = builtInTemplate(kind, code);
        if (kind === "confirmation") {
          expect(renderTemplate(kind, code, text, { name })).toEqual(confirmationMail(code, name));
        } else if (kind === "correction") {
          // Its own built-in text: no placeholder left, her first name in it.
          const mail = correctionMail(code, name);
          expect(renderTemplate(kind, code, text, { name })).toEqual(mail);
          expect(mail.text).toContain("Ana");
          expect(`${mail.subject}${mail.text}`).not.toMatch(/\{\{|\}\}/);
        } else if (kind === "verification") {
          expect(renderTemplate(kind, code, text, { name, link })).toEqual(
            verificationMail(code, name, link),
          );
        } else if (kind === "reset") {
          expect(renderTemplate(kind, code, text, { name, link })).toEqual(
            resetPasswordMail(code, name, link),
          );
        } else if (kind === "privacyExport" || kind === "privacyErase") {
          // Their only wording is this template (app/features/privacy/requests.server.ts): the
          // link becomes the button, her first name is filled in, no placeholder is left.
          const mail = renderTemplate(kind, code, text, { name, link });
          expect(mail.html).toContain(`href="${link.replace("&", "&#38;")}"`);
          expect(mail.text).toContain(link);
          expect(mail.text).toContain("Ana");
          expect(`${mail.subject}${mail.text}`).not.toMatch(/\{\{|\}\}/);
        } else {
          for (const note of [null, "Muito bem."]) {
            expect(renderTemplate(kind, code, text, { name, note })).toEqual(
              decisionMail(code, kind, name, note),
            );
          }
        }
      }
    }
  });

  it("fills placeholders once and escapes them in the HTML", () => {
    const mail = renderTemplate(
      "confirmation",
      "en",
      { subject: "Hi {{name}}", body: "Hello {{ name }},\n\nLine one\nline two" },
      { name: "<b>{{note}}</b> Souza" },
    );
    // Her name as typed, with the thin space after its slash that keeps any of it from being a
    // link (inert-text.ts).
    expect(mail.subject).toBe("Hi <b>{{note}}</\u2009b>");
    expect(mail.html).toContain("Hello &#60;b&#62;{{note}}&#60;/\u2009b&#62;,");
    expect(mail.html).toContain("Line one<br>line two");
  });

  it("masks a recipient", () => {
    expect(maskEmail("ana.souza@example.com")).toBe("a***@example.com");
    expect(maskEmail("nonsense")).toBe("***");
  });
});

describe.each(databaseTargets)("/admin/email on %s", (_name, kind) => {
  const marker = randomUUID().slice(0, 8);
  const adminId = `admin-${marker}`;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const reasonIds: number[] = [];

  function request(
    role: string | null,
    {
      form,
      query = "",
      path = "/admin/email",
    }: { form?: Record<string, string>; query?: string; path?: string } = {},
  ) {
    return new Request(`${TEST_ORIGIN}${path}${query}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": "203.0.113.7",
        ...(role ? { "x-test-role": role, "x-test-user": adminId } : {}),
      },
    });
  }
  /** A screen's loader (/admin/email/<screen>). */
  const load = (screen: EmailScreen, role: string | null = "admin", query = "") =>
    outcomeOf(() =>
      screenRoutes[screen].loader({
        request: request(role, { query, path: `/admin/email/${screen}` }),
        params: {},
        context: {},
      } as never),
    );
  /** A form, to the screen whose action answers its intent unless another one is named. */
  const post = (
    form: Record<string, string>,
    role: string | null = "admin",
    screen = screenOfIntent(form.intent),
  ) =>
    outcomeOf(() =>
      screenRoutes[screen].action({
        request: request(role, { form, path: `/admin/email/${screen}` }),
        params: {},
        context: {},
      } as never),
    );

  const smtpForm = (fields: Record<string, string> = {}) => ({
    intent: "smtp",
    host: "127.0.0.1",
    port: String(smtp.port),
    security: "none",
    user: "mare",
    password: "",
    senderName: "Maré Talent Casting",
    senderAddress: `casting.${marker}@example.com`,
    ...fields,
  });

  /**
   * Puts these queued mails before any other in the sender's order (the most urgent, then the
   * oldest due, first): ahead of other files' mail on a shared database, links included.
   */
  async function makeFirstDue(ids: number[]) {
    await (
      await getDatabase()
    )
      .update(outbox)
      .set({ nextAttemptAt: new Date("2000-01-01T00:00:00Z"), priority: 9 })
      .where(inArray(outbox.id, ids));
  }

  async function logEntries(action: string) {
    return (await getDatabase())
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, adminId), eq(accessLog.action, action)))
      .orderBy(accessLog.id);
  }

  beforeAll(async () => {
    await openAppDatabase(kind, { ...TEST_SERVER_SETTINGS, SMTP_URL: "" });
    smtp = await startSmtp();
    const db = await getDatabase();
    await db.delete(settings).where(inArray(settings.key, ["smtp", "smtp.lastTest"]));
  }, paced(60_000));

  beforeEach(() => {
    vi.stubEnv("SMTP_URL", "");
    smtp.received.length = 0;
  });

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(settings).where(inArray(settings.key, ["smtp", "smtp.lastTest"]));
    await db.delete(accessLog).where(eq(accessLog.actorId, adminId));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    if (reasonIds.length) {
      await db.delete(rejectionReasons).where(inArray(rejectionReasons.id, reasonIds));
      await db
        .delete(mailTemplates)
        .where(inArray(mailTemplates.template, reasonIds.map(rejectionTemplateKey)));
    }
    await smtp.close();
    await closeAppDatabase();
  });

  it("is for admins only: a visitor signs in, an approver is refused, for reading and acting", async () => {
    const others = { layout: emailLayout.loader, index: emailIndex.loader };
    for (const [name, loader] of Object.entries(others)) {
      const open = (role: string | null) =>
        outcomeOf(() => loader({ request: request(role), params: {}, context: {} } as never));
      expect((await open(null)).location, name).toBe("/login");
      expect((await open("approver")).location, name).toBe("/permission-denied");
    }
    for (const screen of emailScreens) {
      expect((await load(screen, null)).location, screen).toBe("/login");
      expect((await load(screen, "approver")).location, screen).toBe("/permission-denied");
    }
    const forms: Record<string, string>[] = [
      smtpForm(),
      { intent: "test", to: `x.${marker}@example.com` },
      {
        intent: "template-save",
        template: "confirmation",
        language: "pt",
        subject: "a",
        body: "b",
      },
      { intent: "reason-add", label: "Nope" },
      { intent: "retry", id: "1" },
      { intent: "whatsapp-save", language: "pt", body: "Oi {{name}}" },
      { intent: "waiting-days", days: "5" },
    ];
    for (const form of forms) {
      expect((await post(form, "approver")).location).toBe("/permission-denied");
      expect((await post(form, null)).location).toBe("/login");
    }
    expect(await logEntries("settings.smtp")).toHaveLength(0);
  });

  it("validates the SMTP form with translated errors (400) and stores nothing", async () => {
    const answer = await post(smtpForm({ port: "99999", host: "bad host!", senderAddress: "no" }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: {
        port: "admin.email.errors.port",
        host: "admin.email.errors.host",
        senderAddress: "admin.email.errors.senderAddress",
      },
    });
    const bad = await post(smtpForm({ security: "ssl3" }));
    expect(bad.data).toMatchObject({ errors: { security: "admin.email.errors.security" } });
    const [row] = await (
      await getDatabase()
    )
      .select()
      .from(settings)
      .where(eq(settings.key, "smtp"));
    expect(row).toBeUndefined();
  });

  it("stores the password encrypted, never shows it, keeps it when left empty, removes it on request", async () => {
    const secret = `pw-${marker}-secret`;
    expect((await post(smtpForm({ password: secret }))).status).toBe(200);
    const db = await getDatabase();
    const read = async () =>
      (await db.select().from(settings).where(eq(settings.key, "smtp")))[0]!.value;
    const stored = await read();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(String(stored.passwordEncrypted)).toMatch(/^v1\./);

    const page = await load("smtp");
    const shown = JSON.stringify(page.data);
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(String(stored.passwordEncrypted));
    expect(page.data).toMatchObject({
      smtp: { source: "settings", host: "127.0.0.1", passwordSet: true, user: "mare" },
    });

    // Left empty: the stored password stays (same ciphertext).
    await post(smtpForm({ password: "" }));
    expect((await read()).passwordEncrypted).toBe(stored.passwordEncrypted);
    // The sender signs in with it.
    await post({ intent: "test", to: `auth.${marker}@example.com` });
    expect(smtp.auths.at(-1)).toBe(`mare:${secret}`);

    await post(smtpForm({ removePassword: "on" }));
    expect((await read()).passwordEncrypted).toBeNull();
    expect((await load("smtp")).data).toMatchObject({ smtp: { passwordSet: false } });

    const entries = await logEntries("settings.smtp");
    expect(entries.map((entry) => entry.details?.password)).toEqual([
      "changed",
      "unchanged",
      "removed",
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(entries[0]).toMatchObject({ subject: "settings:smtp" });
  });

  it("never hands the stored password to another server: a changed host, port, user or security clears it", async () => {
    const secret = `pw-${marker}-attacker-wants`;
    const db = await getDatabase();
    const stored = async () =>
      (await db.select().from(settings).where(eq(settings.key, "smtp")))[0]!.value;
    // The agency's server, with its password (security "none" is what the attacker will use).
    expect((await post(smtpForm({ password: secret }))).status).toBe(200);
    // The attacker holds an admin session and runs her own server: the same port on another
    // loopback address, so that only the host changes.
    const evil = await startSmtp("127.0.0.2", smtp.port);
    try {
      const answer = await post(smtpForm({ host: "127.0.0.2" }));
      // She makes the server sign in to hers: a test mail, and a queued mail the sender delivers.
      await post({ intent: "test", to: `evil.${marker}@example.com` });
      const queuedId = await queueMail(db, {
        kind: "confirmation",
        to: `queued.${marker}@example.com`,
        language: "en",
        ...confirmationMail("en", "Ana"),
      });
      await makeFirstDue([queuedId]);
      await deliverDueMail(db, await effectiveMailTransport(db), { limit: 1 });
      // Her server was reached, and got no password: the sender has none for it any more.
      expect(evil.connections).toBeGreaterThanOrEqual(2);
      expect(evil.auths).toEqual([]);
      expect(smtp.auths.join("\n")).not.toContain(secret);
      expect((await stored()).passwordEncrypted).toBeNull();
      // The screen tells the admin to enter it again.
      expect(answer).toMatchObject({
        status: 200,
        data: { ok: true, message: "admin.email.smtp.savedPasswordCleared" },
      });
      const [lastTest] = await db.select().from(settings).where(eq(settings.key, "smtp.lastTest"));
      expect(lastTest!.value).toMatchObject({ ok: false });
      const [queued] = await db
        .select({ status: outbox.status, lastError: outbox.lastError })
        .from(outbox)
        .where(eq(outbox.recipient, `queued.${marker}@example.com`));
      expect(queued).toMatchObject({ status: "queued", lastError: expect.stringMatching(/PLAIN/) });

      // Each other field on its own clears it as well: port, user, security.
      const changes: Record<string, string>[] = [
        { port: String(evil.port === 2525 ? 2526 : 2525) },
        { user: "someone-else" },
        { security: "starttls" },
      ];
      for (const change of changes) {
        await post(smtpForm({ password: secret }));
        expect((await stored()).passwordEncrypted).not.toBeNull();
        await post(smtpForm(change));
        expect((await stored()).passwordEncrypted, JSON.stringify(change)).toBeNull();
      }
      // A new password given in the same save is taken.
      await post(smtpForm({ host: "127.0.0.2", password: "the-new-one" }));
      expect((await stored()).passwordEncrypted).not.toBeNull();
      expect((await logEntries("settings.smtp")).map((e) => e.details?.password)).toContain(
        "cleared",
      );
    } finally {
      await evil.close();
      await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    }
  });

  it("sends a test mail that arrives, and records the result for the checklist", async () => {
    await post(smtpForm({ user: "" }));
    const to = `test.${marker}@example.com`;
    const answer = await post({ intent: "test", to });
    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, message: "admin.email.test.sent" },
    });
    const mail = smtp.received.find((m) => addressOf(m) === to)!;
    expect(mail.from?.value[0]).toMatchObject({
      name: "Maré Talent Casting",
      address: `casting.${marker}@example.com`,
    });
    const db = await getDatabase();
    const [last] = await db.select().from(settings).where(eq(settings.key, "smtp.lastTest"));
    expect(last!.value).toMatchObject({ ok: true });
    expect((await logEntries("settings.test-mail")).at(-1)).toMatchObject({
      details: { to: "t***@example.com", ok: true },
    });

    // A server that does not answer: the error text comes back and is recorded.
    await post(smtpForm({ port: "1", user: "" }));
    const failed = await post({ intent: "test", to });
    expect(failed.status).toBe(502);
    expect(failed.data).toMatchObject({ ok: false, message: "admin.email.test.failed" });
    expect((failed.data as { params: { error: string } }).params.error).toMatch(
      /ECONNREFUSED|connect/i,
    );
    const [again] = await db.select().from(settings).where(eq(settings.key, "smtp.lastTest"));
    expect(again!.value).toMatchObject({ ok: false });
    expect((await load("smtp")).data).toMatchObject({ smtp: { lastTest: { ok: false } } });

    const invalid = await post({ intent: "test", to: "not-an-address" });
    expect(invalid).toMatchObject({
      status: 400,
      data: { errors: { to: "admin.email.errors.testAddress" } },
    });
  });

  it("SMTP_URL wins: the screen says so and only the sender is saved", async () => {
    await post(smtpForm({ user: "" }));
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
    expect((await load("smtp")).data).toMatchObject({
      smtp: { source: "env", envServer: `smtp://127.0.0.1:${smtp.port}`, host: "127.0.0.1" },
    });
    // The read-only fields are not sent; a changed host would be ignored anyway.
    const answer = await post({
      intent: "smtp",
      senderName: "Env Sender",
      senderAddress: `env.${marker}@example.com`,
    });
    expect(answer.status).toBe(200);
    expect((await load("smtp")).data).toMatchObject({
      smtp: { host: "127.0.0.1", port: smtp.port, senderName: "Env Sender" },
    });
    const to = `envtest.${marker}@example.com`;
    expect((await post({ intent: "test", to })).status).toBe(200);
    expect(smtp.received.find((m) => addressOf(m) === to)!.from?.value[0]?.address).toBe(
      `env.${marker}@example.com`,
    );
  });

  it.runIf(kind === "pglite")(
    "settings take effect without a restart: queued mail goes out once they are saved",
    async () => {
      const db = await getDatabase();
      await db.delete(settings).where(eq(settings.key, "smtp"));
      const sender = startMailSender(
        getDatabase,
        (database) => effectiveMailTransport(database),
        100,
      );
      const silent = vi.spyOn(console, "info").mockImplementation(() => undefined);
      try {
        const to = `queued.${marker}@example.com`;
        await queueMail(db, {
          kind: "confirmation",
          to,
          language: "pt",
          ...confirmationMail("pt", "Ana"),
        });
        // A whole pass of the sender without settings: nothing goes out, nothing is lost.
        await sender.nudge();
        expect(smtp.received.filter((m) => addressOf(m) === to)).toHaveLength(0);

        await post(smtpForm({ user: "", senderName: "Nova Remetente" }));
        await expect
          .poll(() => smtp.received.filter((m) => addressOf(m) === to).length, { timeout: 5000 })
          .toBe(1);
        const mail = smtp.received.find((m) => addressOf(m) === to)!;
        expect(mail.from?.value[0]?.name).toBe("Nova Remetente");
        // Marked once the SMTP server has it: a moment after it arrives there.
        await expect
          .poll(async () => {
            const [row] = await db.select().from(outbox).where(eq(outbox.recipient, to));
            return row?.status;
          })
          .toBe("sent");
      } finally {
        await sender.stop();
        silent.mockRestore();
      }
    },
    15_000,
  );

  it("manages rejection reasons: add, rename, deactivate, reorder, each logged", async () => {
    const empty = await post({ intent: "reason-add", label: "   " });
    expect(empty).toMatchObject({
      status: 400,
      data: { errors: { label: "admin.email.errors.reasonLabel" } },
    });
    for (const label of [`Idade ${marker}`, `Perfil ${marker}`]) {
      expect((await post({ intent: "reason-add", label })).status).toBe(200);
    }
    const db = await getDatabase();
    const mine = async () =>
      (await listRejectionReasons(db)).filter((reason) => reason.label.includes(marker));
    const [first, second] = await mine();
    reasonIds.push(first!.id, second!.id);
    expect(second!.position).toBeGreaterThan(first!.position);

    await post({ intent: "reason-rename", id: String(first!.id), label: `Idade mínima ${marker}` });
    await post({ intent: "reason-move", id: String(second!.id), value: "up" });
    await post({ intent: "reason-active", id: String(first!.id), value: "off" });
    const after = await mine();
    expect(after.map((reason) => [reason.id, reason.label, reason.active])).toEqual([
      [second!.id, `Perfil ${marker}`, true],
      [first!.id, `Idade mínima ${marker}`, false],
    ]);
    expect(
      (await listRejectionReasons(db, { activeOnly: true })).some((r) => r.id === first!.id),
    ).toBe(false);
    expect((await post({ intent: "reason-active", id: "999999999", value: "off" })).status).toBe(
      404,
    );
    expect((await logEntries("settings.reasons")).map((e) => e.details?.change)).toEqual([
      "add",
      "add",
      "rename",
      "move",
      "deactivate",
    ]);
    await post({ intent: "reason-active", id: String(first!.id), value: "on" });
  });

  it("edits a reason's template: preview, save, the next rejection mail uses it, reset", async () => {
    const db = await getDatabase();
    const [reason] = await db
      .insert(rejectionReasons)
      .values({ label: `Documentos ${marker}`, position: 99 })
      .returning({ id: rejectionReasons.id });
    reasonIds.push(reason!.id);
    const key = rejectionTemplateKey(reason!.id);

    // The editor starts from the text that would be sent now.
    const page = await load("templates", "admin", `?template=${key}&language=es`);
    expect(page.data).toMatchObject({
      editor: { key, language: "es", overridden: false, placeholders: ["name", "note"] },
    });
    expect((page.data as { editor: { body: string } }).editor.body).toContain("{{name}}");

    const bad = await post({
      intent: "template-save",
      template: key,
      language: "es",
      subject: "Hola",
      body: "Hola {{nombre}}",
    });
    expect(bad).toMatchObject({
      status: 400,
      data: {
        errors: { body: "admin.email.errors.placeholder" },
        params: { placeholders: "{{nombre}}" },
      },
    });
    const text = {
      template: key,
      language: "es",
      subject: `Sobre tu solicitud ${marker}`,
      body: "Hola {{name}},\n\nFalta un documento legible.\n\nNota: {{note}}",
    };
    const preview = await post({ intent: "template-preview", ...text });
    expect(preview.data).toMatchObject({ ok: true, preview: { subject: text.subject } });
    expect((preview.data as { preview: { html: string } }).preview.html).toContain("Hola Ana,");
    expect(
      await db.select().from(mailTemplates).where(eq(mailTemplates.template, key)),
    ).toHaveLength(0);

    expect((await post({ intent: "template-save", ...text })).status).toBe(200);
    expect((await load("templates", "admin", `?template=${key}&language=es`)).data).toMatchObject({
      editor: { overridden: true, subject: text.subject },
    });

    // A rejection with this reason sends the new text, and history keeps the reason.
    const email = `rejected.${marker}@example.com`;
    const applicationId = await insertApplicationRow(db, {
      language: "es",
      fullName: "Lucía Gómez",
      email,
    });
    const result = await changeStatus(db, {
      submissionId: applicationId,
      from: "Pendente",
      to: "Reprovado",
      reasonId: reason!.id,
      actor: { id: adminId, role: "admin" },
    });
    expect(result).toMatchObject({ outcome: "changed" });
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail).toMatchObject({ kind: "rejected", language: "es", subject: text.subject });
    expect(mail!.text).toContain("Hola Lucía,");
    expect(mail!.text).toContain("Falta un documento legible.");
    expect(mail!.text).not.toContain("Nota:"); // no note: its paragraph is left out
    const [history] = await db
      .select()
      .from(submissionStatusHistory)
      .where(
        and(
          eq(submissionStatusHistory.submissionId, applicationId),
          eq(submissionStatusHistory.toStatus, "Reprovado"),
        ),
      );
    expect(history!.reasonId).toBe(reason!.id);

    // An inactive reason cannot be picked: nothing changes.
    await db
      .update(rejectionReasons)
      .set({ active: false })
      .where(eq(rejectionReasons.id, reason!.id));
    const otherId = await insertApplicationRow(db, {
      language: "es",
      fullName: "Eva",
      email: `other.${marker}@example.com`,
    });
    expect(
      await changeStatus(db, {
        submissionId: otherId,
        from: "Pendente",
        to: "Reprovado",
        reasonId: reason!.id,
        actor: { id: adminId, role: "admin" },
      }),
    ).toEqual({ outcome: "unknown-reason" });
    const [untouched] = await db.select().from(submissions).where(eq(submissions.id, otherId));
    expect(untouched!.status).toBe("Pendente");

    expect((await post({ intent: "template-reset", template: key, language: "es" })).status).toBe(
      200,
    );
    expect(
      await db.select().from(mailTemplates).where(eq(mailTemplates.template, key)),
    ).toHaveLength(0);
    expect((await logEntries("settings.template")).map((e) => e.details?.change)).toEqual([
      "save",
      "reset",
    ]);
  });

  it("checks templates: a link mail needs {{link}}, the subject takes {{name}} only, unknown templates are 404", async () => {
    const base = { intent: "template-save", template: "verification", language: "de" };
    expect(await post({ ...base, subject: "Hallo", body: "Hallo {{name}}" })).toMatchObject({
      status: 400,
      data: { errors: { body: "admin.email.errors.linkRequired" }, params: { token: "{{link}}" } },
    });
    expect(await post({ ...base, subject: "Link {{link}}", body: "{{link}}" })).toMatchObject({
      status: 400,
      data: { errors: { subject: "admin.email.errors.subjectPlaceholder" } },
    });
    expect(await post({ ...base, subject: "", body: "x {{link}}" })).toMatchObject({
      status: 400,
      data: { errors: { subject: "admin.email.errors.subject" } },
    });
    expect(
      (await post({ ...base, template: "rejected:999999999", subject: "a", body: "b" })).status,
    ).toBe(404);
    expect((await post({ ...base, template: "newsletter", subject: "a", body: "b" })).status).toBe(
      404,
    );
    expect((await post({ ...base, language: "fr", subject: "a", body: "{{link}}" })).status).toBe(
      404,
    );
    // The preview of a link mail shows the button with a sample link.
    const preview = await post({
      ...base,
      intent: "template-preview",
      subject: "Bitte bestätigen",
      body: "Hallo {{name}},\n\n{{link}}\n\nDanke.",
    });
    expect((preview.data as { preview: { html: string } }).preview.html).toContain(
      "/verify-email?token=example",
    );
  });

  it("lists the outbox masked, filters by status, and retries a failed message", async () => {
    const db = await getDatabase();
    const to = `failed.${marker}@example.com`;
    const id = await queueMail(db, {
      kind: "approved",
      to,
      language: "it",
      ...decisionMail("it", "approved", "Giulia"),
    });
    await db
      .update(outbox)
      .set({ status: "failed", attempts: 8, lastError: "550 mailbox unavailable" })
      .where(eq(outbox.id, id));

    const page = await load("outbox", "admin", "?status=failed");
    const data = page.data as {
      outbox: {
        counts: Record<string, number>;
        filter: string;
        messages: { id: number; recipient: string; status: string; lastError: string }[];
      };
    };
    expect(data.outbox.filter).toBe("failed");
    expect(data.outbox.counts.failed).toBeGreaterThanOrEqual(1);
    expect(data.outbox.messages.every((m) => m.status === "failed")).toBe(true);
    expect(data.outbox.messages.find((m) => m.id === id)).toMatchObject({
      recipient: "f***@example.com",
      lastError: "550 mailbox unavailable",
    });
    expect(JSON.stringify(page.data)).not.toContain(to);

    expect(await post({ intent: "retry", id: String(id) })).toMatchObject({
      status: 200,
      data: { ok: true, params: { id: String(id) } },
    });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "queued", attempts: 0, lockedUntil: null });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Only a failed message is retried.
    expect((await post({ intent: "retry", id: String(id) })).status).toBe(409);
    expect(await logEntries("outbox.retry")).toMatchObject([
      { subject: `outbox:${id}`, details: { kind: "approved" } },
    ]);
  });

  it("keeps no live token in the outbox: a sent mail's body is emptied as it is marked sent", async () => {
    await post(smtpForm({ user: "" }));
    const db = await getDatabase();
    const tokens = { privacy: randomUUID(), verify: randomUUID(), reset: randomUUID() };
    const mails = [
      {
        kind: "privacyExport",
        to: `privacy.${marker}@example.com`,
        ...privacyRequestMail(
          "export",
          "pt",
          "Ana",
          `${TEST_ORIGIN}/privacy/confirm?token=${tokens.privacy}`,
        ),
      },
      {
        kind: "verification",
        to: `verify.${marker}@example.com`,
        ...verificationMail("pt", "Ana", `${TEST_ORIGIN}/verify-email?token=${tokens.verify}`),
      },
      {
        kind: "reset",
        to: `reset.${marker}@example.com`,
        ...resetPasswordMail("pt", "Ana", `${TEST_ORIGIN}/password-reset?token=${tokens.reset}`),
      },
    ];
    const ids: number[] = [];
    for (const mail of mails) ids.push(await queueMail(db, { ...mail, language: "pt" }));
    // Queued, the body with its link is still needed.
    const [queued] = await db.select().from(outbox).where(eq(outbox.id, ids[0]!));
    expect(queued!.text).toContain(tokens.privacy);

    // The sender's own delivery pass takes them to the SMTP server through the saved settings:
    // made the most overdue of the outbox, they are the ones claimed (a shared PostgreSQL holds
    // other tests' queued mail, which must stay as it is).
    await makeFirstDue(ids);
    await deliverDueMail(db, await effectiveMailTransport(db), { limit: ids.length });
    for (const [name, token] of Object.entries(tokens)) {
      const mail = smtp.received.find((m) => addressOf(m) === `${name}.${marker}@example.com`);
      expect(`${mail?.text} ${mail?.html}`, name).toContain(token);
    }

    // What someone reading the table (a backup, a console) finds: no token, no link.
    const rows = await db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const mail = mails.find((m) => m.to === row.recipient)!;
      expect(row).toMatchObject({
        status: "sent",
        kind: mail.kind,
        subject: mail.subject,
        html: "",
        text: "",
      });
      expect(row.sentAt).toBeInstanceOf(Date);
      const stored = JSON.stringify(row);
      for (const token of Object.values(tokens)) expect(stored).not.toContain(token);
      expect(stored).not.toMatch(/https?:\/\//);
    }
    // The outbox screen still lists them, sent.
    const page = await load("outbox", "admin", "?status=sent");
    const listed = (page.data as { outbox: { messages: { id: number; status: string }[] } }).outbox
      .messages;
    for (const id of ids) expect(listed.find((m) => m.id === id)).toMatchObject({ status: "sent" });
  });

  /** A screen as the browser gets it: inside the layout with its tabs, with its loader's data. */
  async function render(screen: EmailScreen, query = "") {
    const page = await load(screen, "admin", query);
    expect(page.status, screen).toBe(200);
    const Screen = screenRoutes[screen].default as (props: {
      loaderData: unknown;
      actionData?: unknown;
    }) => ReactNode;
    const Layout = emailLayout.default as () => ReactNode;
    const Stub = createRoutesStub([
      {
        path: "/admin/email",
        Component: Layout,
        children: [
          { path: screen, Component: () => createElement(Screen, { loaderData: page.data }) },
        ],
      },
    ]);
    return renderToString(
      createElement(TranslationProvider, {
        language: "en",
        strings: resources.en,
        children: createElement(Stub, { initialEntries: [`/admin/email/${screen}${query}`] }),
      }),
    );
  }

  it("renders each screen under the tabs, the open one marked, with its sections and no password", async () => {
    const en = getFixedT("en");
    const shown: Record<EmailScreen, string[]> = {
      smtp: [en("admin.email.smtp.heading"), en("admin.email.test.heading"), 'for="smtp-host"'],
      templates: [en("admin.email.templates.heading"), 'scope="col"', "{{link}}"],
      whatsapp: [en("admin.email.whatsapp.heading"), "{{name}}"],
      contact: [en("contactTemplates.heading"), "{{name}}"],
      reasons: [en("admin.email.reasons.heading"), en("admin.email.waiting.heading")],
      outbox: [en("admin.email.outbox.heading"), en("admin.email.outbox.contentRemoved")],
    };
    const headings = Object.values(shown).map((texts) => texts[0]!);
    for (const screen of emailScreens) {
      const html = await render(
        screen,
        screen === "templates" ? "?template=verification&language=de" : "",
      );
      expect(html).toContain(
        `<h1 class="text-3xl font-semibold tracking-tight">${en("admin.email.title")}</h1>`,
      );
      expect(html).toContain(`aria-label="${en("admin.email.tabs.label")}"`);
      for (const other of emailScreens) expect(html).toContain(`href="/admin/email/${other}"`);
      // The open tab, and only it, is the current page.
      expect(html.match(/aria-current="page"/g), screen).toHaveLength(1);
      expect(html).toMatch(
        new RegExp(
          `aria-current="page"[^>]*href="/admin/email/${screen}"|href="/admin/email/${screen}"[^>]*aria-current="page"`,
        ),
      );
      for (const text of [...shown[screen], "aria-live"]) expect(html, screen).toContain(text);
      // Another screen's sections are not on this one.
      for (const heading of headings.filter((h) => !shown[screen].includes(h))) {
        expect(html, `${heading} on ${screen}`).not.toContain(`>${heading}</h2>`);
      }
      expect(html).not.toMatch(/name="password"[^>]*value="[^"]+"/);
    }
  });

  it("loads on each screen only what that screen shows", async () => {
    const keys: Record<EmailScreen, string[]> = {
      smtp: ["smtp", "title"],
      templates: ["editor", "overridden", "preview", "reasons", "title"],
      whatsapp: ["overridden", "title", "whatsapp"],
      contact: ["edited", "editor", "title"],
      reasons: ["reasons", "title", "waitingDays"],
      outbox: ["outbox", "title"],
    };
    for (const screen of emailScreens) {
      const page = await load(screen);
      expect(Object.keys(page.data as object).sort(), screen).toEqual(keys[screen]);
    }
    // The layout sends the strings of every screen, and no data.
    const layout = await outcomeOf(() =>
      emailLayout.loader({ request: request("admin"), params: {}, context: {} } as never),
    );
    expect(Object.keys(layout.data as object)).toEqual(["strings"]);
  });

  it("leads /admin/email to its first screen, and an old link of the single page to the screen it meant", async () => {
    const open = (query: string) =>
      outcomeOf(() =>
        emailIndex.loader({
          request: request("admin", { query }),
          params: {},
          context: {},
        } as never),
      );
    const cases: [query: string, location: string][] = [
      ["", "/admin/email/smtp"],
      ["?lang=de", "/admin/email/smtp?lang=de"],
      [
        "?template=rejected:3&language=es",
        "/admin/email/templates?template=rejected%3A3&language=es",
      ],
      ["?language=de", "/admin/email/templates?language=de"],
      ["?whatsapp=es&lang=en", "/admin/email/whatsapp?whatsapp=es&lang=en"],
      ["?status=failed", "/admin/email/outbox?status=failed"],
      ["?before=120", "/admin/email/outbox?before=120"],
      // A client navigation's own parameters stay behind.
      ["?_routes=routes%2Fadmin%2Femail%2Findex", "/admin/email/smtp"],
    ];
    for (const [query, location] of cases) {
      expect(await open(query), query).toMatchObject({ status: 302, location });
    }
  });

  it("answers on each screen only that screen's forms: another screen's intent is unknown there", async () => {
    const db = await getDatabase();
    const days = await readWaitingDays(db);
    const label = `Elsewhere ${marker}`;
    const misplaced: [Record<string, string>, EmailScreen][] = [
      [{ intent: "reason-add", label }, "smtp"],
      [{ intent: "waiting-days", days: String(days === 7 ? 8 : 7) }, "outbox"],
      [smtpForm({ senderName: "Elsewhere" }), "reasons"],
      [{ intent: "retry", id: "1" }, "templates"],
      [
        {
          intent: "template-save",
          template: "confirmation",
          language: "pt",
          subject: "a",
          body: "b",
        },
        "whatsapp",
      ],
    ];
    for (const [form, screen] of misplaced) {
      expect(await post(form, "admin", screen), `${form.intent} on ${screen}`).toMatchObject({
        status: 400,
        data: { ok: false, intent: form.intent, message: "admin.email.errors.invalid" },
      });
    }
    expect((await listRejectionReasons(db)).some((reason) => reason.label === label)).toBe(false);
    expect(await readWaitingDays(db)).toBe(days);
  });

  it("refuses a cross-site post and an unknown intent, on every screen", async () => {
    for (const screen of emailScreens) {
      const crossSite = await outcomeOf(() =>
        screenRoutes[screen].action({
          request: new Request(`${TEST_ORIGIN}/admin/email/${screen}`, {
            method: "POST",
            body: new URLSearchParams({ intent: "reason-add", label: "x" }),
            headers: {
              origin: "https://evil.example",
              "x-test-role": "admin",
              "x-test-user": adminId,
            },
          }),
          params: {},
          context: {},
        } as never),
      );
      expect(crossSite.status, screen).toBe(403);
      expect((await post({ intent: "format-disk" }, "admin", screen)).status, screen).toBe(400);
    }
  });
});
