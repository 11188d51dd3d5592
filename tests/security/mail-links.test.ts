import { randomBytes } from "node:crypto";
import { and, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "#app/auth/auth.server.ts";
import { insertApplication } from "#app/test/factories.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { outbox } from "#app/db/schema.server.ts";
import * as registerModel from "#app/routes/register-model.tsx";
import * as home from "#app/routes/_marketing/home.tsx";
import * as chatbot from "#app/routes/resources/chatbot-application.ts";
import * as forgotPassword from "#app/routes/_auth/forgot-password.tsx";
import * as login from "#app/routes/_auth/login.tsx";
import * as registerAffiliate from "#app/routes/_auth/register-affiliate.tsx";
import * as privacyRequest from "#app/routes/_marketing/privacy-request.tsx";
import { privacyRequestsSettled } from "#app/features/privacy/requests.server.ts";
import * as accountPrivacy from "#app/routes/account/privacy.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Poisoned mailed links (issue 13, finding 4). `POST /privacy/request` with `Host: evil.example`
 * mailed the victim a genuine agency e-mail whose link pointed at evil.example with a live token:
 * one click handed the attacker her data export. Every action that mails a link is posted here
 * as the attacker would, the request's URL (what the server builds from `Host`, or from
 * `X-Forwarded-Host` behind a trusted proxy) and those headers naming his site, and every link of
 * every mail it queued must point at the configured origin.
 */

const EVIL = "http://evil.example";
const PASSWORD = "maré-talent-2026!";

for (const configured of ["", "https://maretalent.example"]) {
  const expectedOrigin = configured || TEST_ORIGIN;

  describe.each(routeTestTargets)(
    `mailed links with PUBLIC_ORIGIN=${configured || "(unset)"} on %s`,
    (_name, kind) => {
      const marker = randomBytes(4).toString("hex");
      const email = (name: string) => `${name}.${marker}@example.com`;
      let ipCount = 0;
      const newIp = () => `192.0.2.${++ipCount}`;

      /** The attacker's post: his host everywhere a request can name one. */
      function forged(path: string, form: Record<string, string>, cookie?: string) {
        return new Request(`${EVIL}${path}`, {
          method: "POST",
          body: new URLSearchParams(form),
          headers: {
            host: "evil.example",
            "x-forwarded-host": "evil.example",
            "x-forwarded-proto": "http",
            forwarded: "host=evil.example;proto=http",
            origin: EVIL,
            "x-client-ip": newIp(),
            ...(cookie ? { cookie } : {}),
          },
        });
      }

      async function linksMailedTo(address: string) {
        const rows = await (
          await getDatabase()
        )
          .select()
          .from(outbox)
          .where(like(outbox.recipient, address));
        const text = rows.map((row) => `${row.text}\n${row.html}`).join("\n");
        return { count: rows.length, text, urls: text.match(/https?:\/\/[^\s"'<>]+/g) ?? [] };
      }

      async function expectOnlyConfiguredLinks(address: string, atLeast: number) {
        const { count, text, urls } = await linksMailedTo(address);
        expect(count, address).toBeGreaterThanOrEqual(atLeast);
        expect(text).not.toContain("evil.example");
        // Every link with a token points at the configured origin.
        const withToken = urls.filter((url) => /token/.test(url));
        expect(withToken.length, address).toBeGreaterThanOrEqual(1);
        for (const url of withToken) expect(new URL(url).origin).toBe(expectedOrigin);
      }

      beforeAll(async () => {
        await openAppDatabase(kind, {
          ...TEST_SERVER_SETTINGS,
          PUBLIC_ORIGIN: configured,
          // As behind a proxy the app trusts, where X-Forwarded-Host would be believed.
          TRUST_PROXY: "true",
          SUBMISSION_RATE_LIMIT: "1000",
        });
      }, paced(60_000));

      afterAll(closeAppDatabase);

      it("/privacy/request: the data-export and erasure links", async () => {
        const victim = email("ana");
        await insertApplication(await getDatabase(), {
          source: "form",
          language: "pt",
          fullName: "Ana Souza",
          email: victim,
          consentVersion: "test",
        });
        for (const kind of ["export", "erase"]) {
          const answer = await callRoute(
            privacyRequest.action,
            forged("/privacy/request", { email: victim, kind }),
          );
          expect(answer.status).toBe(200);
        }
        await privacyRequestsSettled();
        await expectOnlyConfiguredLinks(victim, 3);
      });

      it("/forgot-password: the reset link", async () => {
        const victim = email("bia");
        await signedInAccount({
          email: victim,
          name: "Bia Lima",
          role: "model",
          password: PASSWORD,
          origin: TEST_ORIGIN,
        });
        await callRoute(forgotPassword.action, forged("/forgot-password", { email: victim }));
        await expectOnlyConfiguredLinks(victim, 1);
      });

      it("/register/affiliate and /login: the verification link, at sign-up and at each sign-in", async () => {
        const victim = email("cris");
        await callRoute(
          registerAffiliate.action,
          forged("/register/affiliate", {
            name: "Cris Dias",
            email: victim,
            password: PASSWORD,
            promotion: "A promotion text long enough to pass.",
          }),
        );
        await callRoute(login.action, forged("/login", { email: victim, password: PASSWORD }));
        await expectOnlyConfiguredLinks(victim, 2);
      });

      it("/register/model: her application's mail and her account's verification link", async () => {
        const victim = email("duda");
        await callRoute(
          registerModel.action,
          forged("/register/model", {
            fullName: "Duda Rocha",
            age: "24",
            email: victim,
            whatsapp: "+55 (48) 99999-9999",
            instagram: "@duda",
            experience: "beginner",
            message: "Quero transformar meu perfil em uma carreira.",
            consent: "on",
            password: PASSWORD,
          }),
        );
        await expectOnlyConfiguredLinks(victim, 2);
      });

      it("/account/privacy: the erasure link a signed-in model asks for", async () => {
        const victim = email("eva");
        const { id, cookie } = await signedInAccount({
          email: victim,
          name: "Eva Souza",
          role: "model",
          password: PASSWORD,
          origin: TEST_ORIGIN,
        });
        expect(id).toBeTruthy();
        await callRoute(
          accountPrivacy.action,
          forged("/account/privacy", { intent: "erase", confirm: "yes" }, cookie),
        );
        await expectOnlyConfiguredLinks(victim, 1);
      });

      it("the mails without links (an application by form or chatbot) carry nothing of his host", async () => {
        const byForm = email("fia");
        const byChat = email("gabi");
        const application = {
          fullName: "Fia Souza",
          age: "24",
          whatsapp: "+55 (48) 99999-9999",
          instagram: "@fia",
          experience: "beginner",
          message: "Quero transformar meu perfil em uma carreira.",
          consent: "on",
        };
        const form = await callRoute(
          home.action,
          forged("/?index", { ...application, email: byForm }),
        );
        expect(form.status).toBe(200);
        const chat = await callRoute(
          chatbot.action,
          new Request(`${EVIL}/api/chatbot`, {
            method: "POST",
            body: JSON.stringify({
              fullName: "Gabi Souza",
              dateOfBirth: "1990-05-17",
              country: "BR",
              city: "Florianópolis",
              phone: "+55 (48) 99999-9999",
              email: byChat,
              document: "123.456.789-09",
              instagram: "@gabi",
              experience: "beginner",
              message: "Quero começar a criar conteúdo.",
              consent: "on",
            }),
            headers: {
              host: "evil.example",
              "x-forwarded-host": "evil.example",
              origin: EVIL,
              "content-type": "application/json",
              "x-client-ip": newIp(),
            },
          }),
        );
        expect(chat.status).toBe(200);
        for (const address of [byForm, byChat]) {
          const { count, text } = await linksMailedTo(address);
          expect(count, address).toBe(1);
          expect(text).not.toContain("evil.example");
        }
      });

      it("Better Auth itself builds its links from configuration (its baseURL)", async () => {
        const auth = await getAuth();
        const context = await auth.$context;
        expect(context.baseURL.startsWith(expectedOrigin)).toBe(true);
        const rows = await (
          await getDatabase()
        )
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(like(outbox.recipient, `%.${marker}@%`), like(outbox.text, "%evil%")));
        expect(rows).toEqual([]);
      });
    },
  );
}
