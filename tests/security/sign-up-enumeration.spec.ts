import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { startSmtp, type Mailbox } from "../e2e/smtp.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The attack: sign up with an address to learn whether it has an account. A new address got
 * `Set-Cookie: mare.signed_up`, one with an account the same page without it: certainty, and
 * the owner never knew. Now both answers are the same (status, headers, body and cookies; the
 * proof cookie of a made-up account proves nothing), take about as long, and the owner gets a
 * mail that someone tried.
 */

const PASSWORD = "uma-senha-bem-longa-2026";
let sender = 0;

/** Everything of an answer that could tell the two apart, with what differs by nature masked. */
async function answerOf(response: Response, email: string) {
  const body = (await response.text())
    // The thank-you panel repeats the address she typed: hers in both answers, not a signal.
    .replaceAll(email, "<the address she typed>")
    // A fresh nonce and request id on every page.
    .replace(/nonce="[^"]+"/g, 'nonce="…"')
    .replace(/"nonce":"[^"]+"/g, '"nonce":"…"');
  const headers = [...response.headers]
    .filter(([name]) => !["date", "x-request-id", "set-cookie", "content-length"].includes(name))
    .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/g, "'nonce-…'")]);
  // Each cookie's name and attributes; its value only by its shape (the proof of another id).
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.replace(/^([^=]+)=[A-Za-z0-9_-]+;/, "$1=<43 chars>;"));
  const proofs = response.headers.getSetCookie().map((line) => /^[^=]+=([^;]*)/.exec(line)![1]);
  return {
    status: response.status,
    location: response.headers.get("location"),
    headers,
    cookies,
    body,
    proofs,
  };
}

async function signUp(server: OwnServer, form: "affiliate" | "model", email: string) {
  const fields: Record<string, string> =
    form === "affiliate"
      ? {
          name: "Lia Costa",
          email,
          password: PASSWORD,
          promotion: "Meu Instagram sobre criação de conteúdo.",
        }
      : {
          fullName: "Lia Costa",
          email,
          password: PASSWORD,
          age: "24",
          whatsapp: "+55 48 99999-0000",
          instagram: "@lia.costa",
          experience: "beginner",
          message: "Quero saber mais sobre como a agência trabalha.",
          consent: "on",
        };
  const started = performance.now();
  const response = await fetch(`${server.origin}/register/${form}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "accept-language": "pt-BR",
      origin: server.origin,
      // Each try from its own address: the per-address limits are not what is tested here.
      "x-forwarded-for": `198.51.100.${++sender}`,
    },
    body: new URLSearchParams(fields),
  });
  const answer = await answerOf(response, email);
  return { ...answer, ms: performance.now() - started };
}

/** Tries of each kind: an address takes five sign-ups an hour (auth/limits.server.ts). */
const TRIES = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test.describe("signing up to learn whether an address has an account", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer;
  let smtp: Mailbox;

  test.beforeAll(async () => {
    smtp = await startSmtp();
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 81, {
      SMTP_URL: smtp.url,
      TRUST_PROXY: "loopback",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  for (const form of ["affiliate", "model"] as const) {
    test(`/register/${form}: a registered address gets the answer a new one gets, byte for byte and cookie for cookie`, async () => {
      test.setTimeout(paced(120_000));
      const marker = randomBytes(4).toString("hex");
      const registered = `dona.${form}.${marker}@example.com`;
      const first = await signUp(server, form, registered);
      expect(first.status).toBeLessThan(400);
      expect(first.cookies).toHaveLength(1);

      const fresh: Awaited<ReturnType<typeof signUp>>[] = [];
      const known: Awaited<ReturnType<typeof signUp>>[] = [];
      for (let i = 0; i < TRIES; i++) {
        fresh.push(await signUp(server, form, `nova.${form}.${marker}.${i}@example.com`));
        known.push(await signUp(server, form, registered));
      }
      for (let i = 0; i < TRIES; i++) {
        const { ms: _a, proofs: newProofs, ...newAnswer } = fresh[i]!;
        const { ms: _b, proofs: knownProofs, ...knownAnswer } = known[i]!;
        expect(knownAnswer).toEqual(newAnswer);
        expect(knownProofs[0]).toHaveLength(newProofs[0]!.length);
      }
      // The same order of magnitude of time (medians, side by side).
      const newMs = median(fresh.map((a) => a.ms));
      const knownMs = median(known.map((a) => a.ms));
      console.log(
        `/register/${form}: new ${Math.round(newMs)} ms, registered ${Math.round(knownMs)} ms`,
      );
      expect(knownMs / newMs).toBeGreaterThan(1 / 3);
      expect(knownMs / newMs).toBeLessThan(3);

      // The owner hears of it, in the language of her account, with nothing the other typed.
      const subjects = () =>
        smtp.received
          .filter(
            (mail) => mail.to && "value" in mail.to && mail.to.value[0]?.address === registered,
          )
          .map((mail) => mail.subject);
      await expect.poll(subjects).toContain("Confirme seu endereço de e-mail");
      await expect.poll(subjects).toContain("Uma tentativa de cadastro com seu e-mail");
      const warning = smtp.received.find(
        (mail) =>
          mail.subject === "Uma tentativa de cadastro com seu e-mail" &&
          mail.text?.includes(registered) === false &&
          mail.to &&
          "value" in mail.to &&
          mail.to.value[0]?.address === registered,
      )!;
      expect(warning.text).toContain(`${server.origin}/forgot-password`);
    });
  }
});
