import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  announceNewApplications,
  sendDueDigests,
} from "#app/features/staff-alerts/alerts.server.ts";
import { saveStaffAlerts } from "#app/features/staff-alerts/preferences.server.ts";
import { deliverDueMail, smtpTransport } from "#app/mail/sender.server.ts";
import * as registerModel from "#app/routes/register-model.tsx";
import * as home from "#app/routes/_marketing/home.tsx";
import * as chatbot from "#app/routes/resources/chatbot-application.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { linksInMail } from "#app/test/mail-links.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertAccount, insertMailTemplate } from "#app/test/factories.ts";
import { recipientsOf, startSmtpServer, type ReceivedMail } from "#app/test/smtp-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * A link in a genuine agency mail (issue 24). The first word of an applicant's name went as typed
 * into her confirmation, her account's verification mail and the staff's alert and digest, so
 * an applicant "named" `https://evil.example/reset-your-password` made the agency mail that link,
 * clickable, to any address she gave and to every reviewer. Here each name is sent as the
 * attacker sends it, through the form (the built-in wording and an admin's template that puts
 * {{name}} in the subject), /register/model and the chatbot; the staff are alerted; everything
 * queued is delivered to a real SMTP server; and in every mail as received, no `href` and
 * nothing a linkifier finds in the subject, the text part or the HTML's text leads anywhere but
 * the agency's site.
 */

const ORIGIN = "https://maretalent.example";
const PASSWORD = "maré-talent-2026!";

/** First words an attacker gives as her name (each followed by "Souza"). */
const hostileNames = [
  "https://evil.example/reset-your-password",
  "evil.example",
  "www.evil.example",
  "ana@evil.example",
  "evil。example",
  "ｅｖｉｌ．ｅｘａｍｐｌｅ",
  "https:\u200b//evil.\u2060example",
  '<a/href="https://evil.example/">Clique</a>',
  "\\\\evil.example\\share",
];

/** Where a mail's links may lead: the configured origin only. */
const isOurs = (link: string) => {
  try {
    return new URL(link).origin === ORIGIN;
  } catch {
    return false;
  }
};

// What a mail says does not depend on the database: the embedded one is enough here (both
// databases store applications in app/features/preselection/preselection.server.test.ts).
describe.each(databaseTargets.slice(0, 1))(
  "an applicant's name in the mail, on %s",
  (_name, kind) => {
    const marker = randomBytes(4).toString("hex");
    const email = (name: string) => `${name}.${marker}@example.com`;
    let ip = 0;
    const newIp = () => `2001:db8:${marker.slice(0, 4)}:${(++ip).toString(16)}::1`;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

    function post(path: string, body: BodyInit, json = false) {
      return new Request(`${ORIGIN}${path}`, {
        method: "POST",
        body,
        headers: {
          origin: ORIGIN,
          "x-client-ip": newIp(),
          ...(json ? { "content-type": "application/json" } : {}),
        },
      });
    }

    const application = (fullName: string, address: string) => ({
      fullName,
      age: "24",
      email: address,
      whatsapp: "+55 (48) 99999-9999",
      instagram: "@ana",
      experience: "beginner",
      message: "Quero transformar meu perfil em uma carreira.",
      consent: "on",
    });

    beforeAll(async () => {
      // A database of its own (every file's is): the sender delivers whatever is due in it.
      await openAppDatabase(kind, {
        PUBLIC_ORIGIN: ORIGIN,
        ADMIN_EMAIL: "",
        SUBMISSION_RATE_LIMIT: "1000",
      });
      smtp = await startSmtpServer();
    }, paced(60_000));
    afterAll(async () => {
      await smtp?.close();
      await closeAppDatabase();
    });

    it(
      "no name an applicant types becomes a link in any mail as delivered",
      async () => {
        const db = await getDatabase();
        // Two reviewers: one alerted at once, one by the daily digest (due from 00:00).
        for (const [name, mode] of [
          ["ines", "instant"],
          ["julia", "digest"],
        ] as const) {
          await insertAccount(db, {
            id: `${name}-${marker}`,
            name,
            email: email(name),
            emailVerified: true,
            role: "approver",
            language: "pt",
          });
          await saveStaffAlerts(db, `${name}-${marker}`, { mode, digestHour: 0 });
        }
        // The agency's own wording in Spanish, with her name in the subject too.
        await insertMailTemplate(db, {
          template: "confirmation",
          language: "es",
          subject: "¡Gracias, {{name}}!",
          body: "Hola, {{name}}:\n\nHemos recibido tu mensaje.",
        });

        for (const [index, first] of hostileNames.entries()) {
          const fullName = `${first} Souza`;
          const answers = [
            await callRoute(
              home.action,
              post("/?index", new URLSearchParams(application(fullName, email(`form${index}`)))),
            ),
            await callRoute(
              home.action,
              post(
                "/?index&lang=es",
                new URLSearchParams(application(fullName, email(`es${index}`))),
              ),
            ),
            await callRoute(
              registerModel.action,
              post(
                "/register/model",
                new URLSearchParams({
                  ...application(fullName, email(`account${index}`)),
                  password: PASSWORD,
                }),
              ),
            ),
            await callRoute(
              chatbot.action,
              post(
                "/api/chatbot",
                JSON.stringify({
                  ...application(fullName, email(`chat${index}`)),
                  dateOfBirth: "1990-05-17",
                  country: "BR",
                  city: "Florianópolis",
                  phone: "+55 (48) 99999-9999",
                  document: "123.456.789-09",
                }),
                true,
              ),
            ),
          ];
          expect(
            answers.map((answer) => answer.status),
            fullName,
          ).toEqual([200, 200, 200, 200]);
        }
        while ((await announceNewApplications(db)) > 0);
        expect(await sendDueDigests(db, new Date())).toBe(1);

        const transport = smtpTransport(smtp.url, "contato@maretalent.com.br");
        while ((await deliverDueMail(db, transport, { limit: 100 })) > 0);
        transport.close?.();

        const to = (address: string) =>
          smtp.received.filter((mail) => recipientsOf(mail).includes(address));
        const n = hostileNames.length;
        // Each name: three confirmations, a verification, an alert per application; one digest.
        expect(smtp.received).toHaveLength(n * 4 + n + n * 4 + 1);
        expect(to(email("ines"))).toHaveLength(n * 4);
        expect(to(email("julia"))).toHaveLength(1);

        for (const mail of smtp.received) {
          const links = linksInMail(mail);
          const foreign = links.filter((link) => !isOurs(link));
          expect(foreign, `${recipientsOf(mail).join()}: ${mail.subject}`).toEqual([]);
        }

        // And she still reads her name as she typed it (less the thin spaces that break it).
        const asRead = (mail: ReceivedMail) => (mail.text ?? "").replaceAll("\u2009", "");
        for (const [index, first] of hostileNames.entries()) {
          for (const address of [`form${index}`, `es${index}`, `chat${index}`, `account${index}`]) {
            const mails = to(email(address));
            expect(mails.length, address).toBeGreaterThan(0);
            for (const mail of mails) expect(asRead(mail), address).toContain(first);
          }
        }
        // The admin's subject carries it too, inert.
        const spanish = to(email("es0"))[0]!;
        expect(spanish.subject).toBe(
          "¡Gracias, https:\u2009/\u2009/\u2009evil.\u2009example/\u2009reset-your-password!",
        );
      },
      paced(120_000),
    );
  },
);
