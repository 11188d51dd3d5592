import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { outbox, rateLimits, submissions, submissionStatusHistory } from "#app/db/schema.server.ts";
import { confirmationMail } from "#app/mail/templates.server.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { handleChatbotApplication } from "./chatbot.server.ts";
import { chatbotFields } from "./questions.ts";
import { maskDocument } from "./sensitive.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { testRun } from "#app/test/test-run.ts";
import { paced } from "#app/test/pace.ts";

const LIMIT = 3;
const KB = 1024;

describe.each(databaseTargets)("the chatbot's application endpoint on %s", (_name, kind) => {
  const { marker, ipPrefix, emailOf, nextIp } = testRun();

  /** The answers as the chat sends them once she confirms. */
  const valid = {
    fullName: "Ana Beatriz Souza",
    dateOfBirth: "1990-05-17",
    country: "br",
    city: "Florianópolis",
    phone: "+55 (48) 99999-9999",
    email: emailOf("Ana.Souza"),
    document: "123.456.789-09",
    instagram: "@Ana.Souza",
    experience: "intermediate",
    message: "Quero transformar meu perfil em uma carreira.",
    consent: "on",
  };

  /** A POST to /api/chatbot as the chat script on this site sends it, from its own address. */
  function request(body: BodyInit, headers: Record<string, string> = {}, init: RequestInit = {}) {
    return new Request("http://localhost/api/chatbot", {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
        "x-client-ip": nextIp(),
        cookie: "lang=es; ref=ana-2026",
        ...headers,
      },
      ...init,
    });
  }
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    request(JSON.stringify(body), headers);

  async function answer(req: Request) {
    const response = await handleChatbotApplication(req);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** The answers as JSON of exactly `bytes` bytes (UTF-8), padded with a field it ignores. */
  function jsonOfBytes(answers: Record<string, string>, bytes: number) {
    const base = new TextEncoder().encode(JSON.stringify({ ...answers, padding: "" })).byteLength;
    return JSON.stringify({ ...answers, padding: "x".repeat(bytes - base) });
  }

  async function storedFor(email: string) {
    const db = await getDatabase();
    return db
      .select()
      .from(submissions)
      .where(eq(submissions.emailNormalized, email.toLowerCase()));
  }

  beforeAll(async () => {
    await openAppDatabase(kind, { SUBMISSION_RATE_LIMIT: String(LIMIT) });
  }, paced(60_000));
  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `submission:${ipPrefix}%`));
    await closeAppDatabase();
  });

  describe("a valid application", () => {
    it("is stored as Pendente from the chatbot, every answer normalised", async () => {
      expect(await answer(post(valid))).toEqual({
        status: 200,
        body: {
          status: "sent",
          reply: { days: expect.any(Number), email: valid.email, whatsapp: true },
        },
      });
      const stored = await storedFor(valid.email);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        status: "Pendente",
        source: "chatbot",
        language: "es",
        fullName: "Ana Beatriz Souza",
        email: valid.email,
        emailNormalized: valid.email.toLowerCase(),
        dateOfBirth: "1990-05-17",
        country: "BR",
        city: "Florianópolis",
        phone: "+5548999999999",
        instagram: "@ana.souza",
        experience: "intermediate",
        message: "Quero transformar meu perfil em uma carreira.",
        referralCode: "ANA-2026",
        consentVersion: "2026-11-22/es",
        // The pre-selection form's fields stay empty.
        age: null,
        whatsapp: null,
        affiliateId: null,
      });
      expect(stored[0]!.consentedAt).toBeInstanceOf(Date);
    });

    it("keeps the document only encrypted, with its last digits in clear", async () => {
      const email = emailOf("document");
      expect((await answer(post({ ...valid, email }))).status).toBe(200);
      const [stored] = await storedFor(email);
      expect(stored!.documentLastDigits).toBe("8909");
      expect(stored!.documentEncrypted).toMatch(/^v1\.[\w-]+$/);
      expect(stored!.documentEncrypted).not.toContain("12345678909");
      expect(decrypt(stored!.documentEncrypted!, getEncryptionKey().key)).toBe("12345678909");
    });

    it.each([
      ["br", "(48) 99123-4567", "+5548991234567"],
      ["pt", "912 345 678", "+351912345678"],
      ["it", "06 6982 1234", "+390669821234"],
      ["br", "+351 912 345 678", "+351912345678"],
    ])(
      "with the country %s, stores the phone %j as %s (decision 035)",
      async (country, phone, stored) => {
        const email = emailOf(`phone-${country}-${stored}`);
        expect(await answer(post({ ...valid, email, country, phone }))).toEqual({
          status: 200,
          body: { status: "sent", reply: { days: expect.any(Number), email, whatsapp: true } },
        });
        const [row] = await storedFor(email);
        expect(row!.phone).toBe(stored);
      },
    );

    it("stores a passport with letters encrypted, in capitals, its end in clear (decision 035)", async () => {
      const email = emailOf("passport");
      expect((await answer(post({ ...valid, email, document: "ya 123-4567" }))).status).toBe(200);
      const [stored] = await storedFor(email);
      expect(decrypt(stored!.documentEncrypted!, getEncryptionKey().key)).toBe("YA1234567");
      expect(stored!.documentEncrypted).not.toContain("YA1234567");
      expect(stored!.documentLastDigits).toBe("4567");
      expect(maskDocument("YA1234567")).toEqual({ masked: "•••••4567", ending: "4567" });
    });

    it("has its first history entry and a confirmation queued in her language", async () => {
      const email = emailOf("history");
      expect((await answer(post({ ...valid, email }))).status).toBe(200);
      const [stored] = await storedFor(email);
      const db = await getDatabase();
      const history = await db
        .select()
        .from(submissionStatusHistory)
        .where(eq(submissionStatusHistory.submissionId, stored!.id));
      expect(history).toMatchObject([{ fromStatus: null, toStatus: "Pendente", changedBy: null }]);
      const mail = await db.select().from(outbox).where(eq(outbox.recipient, email));
      const expected = confirmationMail("es", valid.fullName);
      expect(mail).toMatchObject([
        {
          kind: "confirmation",
          language: "es",
          status: "queued",
          subject: expected.subject,
          text: expected.text,
        },
      ]);
    });

    it("takes the language from ?lang= as well, and a post without Origin is not cross-site", async () => {
      const email = emailOf("lang");
      const req = new Request("http://localhost/api/chatbot?lang=sv", {
        method: "POST",
        body: JSON.stringify({ ...valid, email }),
        headers: { "content-type": "application/json", "x-client-ip": nextIp() },
      });
      expect((await answer(req)).status).toBe(200);
      const [stored] = await storedFor(email);
      expect(stored).toMatchObject({ language: "sv", consentVersion: "2026-11-22/sv" });
      const db = await getDatabase();
      expect(await db.select().from(outbox).where(eq(outbox.recipient, email))).toMatchObject([
        { language: "sv", subject: confirmationMail("sv", valid.fullName).subject },
      ]);
    });

    it.each([
      // [typed, digits kept, last digits in clear]: never more than half, at most four.
      ["1234", "1234", "34"],
      ["12345", "12345", "45"],
      ["123 456", "123456", "456"],
      ["1234567", "1234567", "567"],
      ["12.345.678", "12345678", "5678"],
      ["12345678901234567890", "12345678901234567890", "7890"],
    ])("stores the document %j as %s, showing %j", async (document, digits, lastDigits) => {
      const email = emailOf(`doc-${digits}`);
      expect((await answer(post({ ...valid, email, document }))).status).toBe(200);
      const [stored] = await storedFor(email);
      expect(stored!.documentLastDigits).toBe(lastDigits);
      expect(decrypt(stored!.documentEncrypted!, getEncryptionKey().key)).toBe(digits);
    });

    it("may leave out her Instagram and a message", async () => {
      const email = emailOf("skipped");
      const { instagram: _instagram, message: _message, ...required } = valid;
      expect(await answer(post({ ...required, email }))).toEqual({
        status: 200,
        body: { status: "sent", reply: { days: expect.any(Number), email: email, whatsapp: true } },
      });
      const [stored] = await storedFor(email);
      expect(stored).toMatchObject({ instagram: null, message: null, source: "chatbot" });
    });

    it("treats empty or blank optional answers as skipped", async () => {
      const email = emailOf("blank");
      expect((await answer(post({ ...valid, email, instagram: "", message: "   " }))).status).toBe(
        200,
      );
      const [stored] = await storedFor(email);
      expect(stored).toMatchObject({ instagram: null, message: null });
    });

    it("keeps an Instagram link as typed", async () => {
      const email = emailOf("link");
      const instagram = "https://www.instagram.com/Ana.Souza/";
      expect((await answer(post({ ...valid, email, instagram }))).status).toBe(200);
      const [stored] = await storedFor(email);
      expect(stored!.instagram).toBe(instagram);
    });

    it("ignores fields it does not know, whatever they claim", async () => {
      const email = emailOf("extra");
      const body = {
        ...valid,
        email,
        status: "Aprovado",
        source: "form",
        age: 12,
        language: "de",
        referralCode: "EVIL",
        documentLastDigits: "0000",
        admin: true,
      };
      expect(await answer(post(body))).toEqual({
        status: 200,
        body: { status: "sent", reply: { days: expect.any(Number), email: email, whatsapp: true } },
      });
      const [stored] = await storedFor(email);
      expect(stored).toMatchObject({
        status: "Pendente",
        source: "chatbot",
        age: null,
        language: "es",
        referralCode: "ANA-2026",
        documentLastDigits: "8909",
      });
    });

    it("accepts a body of exactly 64 KB", async () => {
      const email = emailOf("64kb");
      const body = jsonOfBytes({ ...valid, email }, 64 * KB);
      expect(new TextEncoder().encode(body).byteLength).toBe(64 * KB);
      expect((await answer(request(body))).status).toBe(200);
      expect(await storedFor(email)).toHaveLength(1);
    });
  });

  describe("answers she has to correct", () => {
    it("are answered with field errors, her values, and nothing stored", async () => {
      const email = emailOf("invalid");
      const result = await answer(
        post({ ...valid, email, document: "ABCD", phone: "12345", city: "F" }),
      );
      expect(result).toEqual({
        status: 400,
        body: {
          status: "invalid",
          fieldErrors: {
            document: "chatbot.errors.document",
            phone: "chatbot.errors.phone",
            city: "chatbot.errors.location",
          },
          values: { ...valid, email, document: "ABCD", phone: "12345", city: "F" },
        },
      });
      expect(await storedFor(email)).toEqual([]);
    });

    it.each([
      [
        "a Brazilian number for Portugal",
        { country: "pt", phone: "(48) 99123-4567" },
        "phone",
        "chatbot.errors.phone",
      ],
      [
        "a number without a country to read it in",
        { country: "", phone: "(48) 99123-4567" },
        "phone",
        "chatbot.errors.phone",
      ],
      ["a line break in the phone", { phone: "(48) 99123\n4567" }, "phone", "chatbot.errors.phone"],
      [
        "an escape character in the phone",
        { phone: "(48) 99123\u001b4567" },
        "phone",
        "chatbot.errors.phone",
      ],
      [
        "an overlong phone",
        { phone: `(48) 99123-4567${" ".repeat(18)}` + "1" },
        "phone",
        "chatbot.errors.tooLong",
      ],
      [
        "a right-to-left override in the document",
        { document: "AB\u202e123456" },
        "document",
        "chatbot.errors.document",
      ],
      ["a tab in the document", { document: "1234\t5678" }, "document", "chatbot.errors.document"],
      ["an overlong document", { document: "A1".repeat(21) }, "document", "chatbot.errors.tooLong"],
      [
        "a document of letters only",
        { document: "passport" },
        "document",
        "chatbot.errors.document",
      ],
    ])("refuses %s with a 400 and stores nothing", async (_, change, field, error) => {
      const email = emailOf(`refused-${field}-${error}-${JSON.stringify(change).length}`);
      const result = await answer(post({ ...valid, email, ...change }));
      expect(result.status).toBe(400);
      expect(result.body.fieldErrors).toMatchObject({ [field]: error });
      expect(await storedFor(email)).toEqual([]);
    });

    it("refuses a minor, under 18 on the day the server checks", async () => {
      const email = emailOf("minor");
      const today = new Date();
      const dateOfBirth = `${today.getUTCFullYear() - 17}-12-31`; // a minor on any day, anywhere
      const result = await answer(post({ ...valid, email, dateOfBirth }));
      expect(result).toMatchObject({
        status: 400,
        body: {
          status: "invalid",
          fieldErrors: { dateOfBirth: "chatbot.errors.dateOfBirthMinor" },
        },
      });
      expect(Object.keys(result.body.fieldErrors as object)).toEqual(["dateOfBirth"]);
      expect(await storedFor(email)).toEqual([]);
    });

    it("reports every required answer of an empty object", async () => {
      expect(await answer(post({}))).toEqual({
        status: 400,
        body: {
          status: "invalid",
          fieldErrors: {
            fullName: "chatbot.errors.fullName",
            dateOfBirth: "chatbot.errors.dateOfBirthInvalid",
            country: "chatbot.errors.location",
            city: "chatbot.errors.location",
            phone: "chatbot.errors.phone",
            email: "chatbot.errors.email",
            document: "chatbot.errors.document",
            experience: "chatbot.errors.experience",
            consent: "validation.consentRequired",
          },
          values: Object.fromEntries(chatbotFields.map((field) => [field, ""])),
        },
      });
    });

    it("treats numbers, booleans, arrays, objects and null as missing answers, not a crash", async () => {
      const email = emailOf("types");
      const result = await answer(
        post({
          ...valid,
          email,
          fullName: 42,
          dateOfBirth: null,
          country: ["BR"],
          city: { name: "Florianópolis" },
          phone: 5548999999999,
          document: 12345678909,
          instagram: ["@ana"],
          experience: null,
          message: 1234567890,
          consent: true,
        }),
      );
      expect(result).toEqual({
        status: 400,
        body: {
          status: "invalid",
          fieldErrors: {
            fullName: "chatbot.errors.fullName",
            dateOfBirth: "chatbot.errors.dateOfBirthInvalid",
            country: "chatbot.errors.location",
            city: "chatbot.errors.location",
            phone: "chatbot.errors.phone",
            document: "chatbot.errors.document",
            experience: "chatbot.errors.experience",
            consent: "validation.consentRequired",
          },
          values: {
            ...Object.fromEntries(chatbotFields.map((field) => [field, ""])),
            email,
          },
        },
      });
      expect(await storedFor(email)).toEqual([]);
    });

    it("gives back at most 4000 characters of an answer", async () => {
      const result = await answer(post({ ...valid, message: "x".repeat(10_000) }));
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ fieldErrors: { message: "chatbot.errors.tooLong" } });
      expect((result.body.values as Record<string, string>).message).toHaveLength(4000);
    });
  });

  describe("bodies that are not an application", () => {
    it.each([
      ["bad JSON", "{not json"],
      ["a truncated object", '{"fullName": "Ana"'],
      ["an empty body", ""],
      ["a JSON array", JSON.stringify([valid])],
      ["JSON null", "null"],
      ["a JSON string", '"Ana"'],
      ["a JSON number", "42"],
    ])("answers %s with 400 malformed", async (_label, body) => {
      expect(await answer(request(body))).toEqual({ status: 400, body: { status: "malformed" } });
    });

    it("answers JSON sent as another content type with 400 malformed", async () => {
      const req = request(JSON.stringify(valid), { "content-type": "text/plain" });
      expect(await answer(req)).toEqual({ status: 400, body: { status: "malformed" } });
    });

    it("answers a body over 64 KB with 413, without a Content-Length", async () => {
      const email = emailOf("huge");
      const body = JSON.stringify({ ...valid, email, padding: "x".repeat(64 * KB) });
      const req = request(body);
      expect(req.headers.get("content-length")).toBeNull();
      expect(await answer(req)).toEqual({ status: 413, body: { status: "tooLarge" } });
      expect(await storedFor(email)).toEqual([]);
    });

    it("answers a body one byte over 64 KB with 413", async () => {
      const email = emailOf("64kb1");
      const body = jsonOfBytes({ ...valid, email }, 64 * KB + 1);
      expect(new TextEncoder().encode(body).byteLength).toBe(64 * KB + 1);
      expect(await answer(request(body))).toEqual({ status: 413, body: { status: "tooLarge" } });
    });

    it("answers a Content-Length over 64 KB with 413 before reading the body", async () => {
      let pulled = 0;
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled++;
            controller.enqueue(new TextEncoder().encode("{}"));
            controller.close();
          },
        },
        { highWaterMark: 0 }, // nothing is pulled until someone reads
      );
      const req = request(stream, { "content-length": String(64 * KB + 1) }, {
        duplex: "half",
      } as RequestInit);
      expect(await answer(req)).toEqual({ status: 413, body: { status: "tooLarge" } });
      expect(pulled).toBe(0);
    });

    it("stops reading an endless stream without a Content-Length (8 MB past 64 KB)", async () => {
      let sent = 0;
      const chunk = new Uint8Array(8 * KB).fill(0x20); // spaces: valid JSON padding
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const req = request(stream, {}, { duplex: "half" } as RequestInit);
      expect(req.headers.get("content-length")).toBeNull();
      expect(await answer(req)).toEqual({ status: 413, body: { status: "tooLarge" } });
      // Past 64 KB it is read and dropped (so a real client gets the 413), up to 8 MB.
      expect(sent).toBeLessThanOrEqual(64 * KB + 8 * 1024 * KB + 3 * chunk.byteLength);
    });

    it("answers a stream that lies about its length with 413", async () => {
      const encoded = new TextEncoder().encode(
        JSON.stringify({ ...valid, padding: "x".repeat(100 * KB) }),
      );
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < encoded.byteLength; at += 4 * KB) {
            controller.enqueue(encoded.slice(at, at + 4 * KB));
          }
          controller.close();
        },
      });
      const req = request(stream, { "content-length": "100" }, { duplex: "half" } as RequestInit);
      expect(await answer(req)).toEqual({ status: 413, body: { status: "tooLarge" } });
    });
  });

  describe("posts that are refused or only pretend to be answered", () => {
    it("refuses a post from another site with 403", async () => {
      const email = emailOf("cross");
      const refusals: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { origin: "http://localhost:5173" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
      ];
      for (const headers of refusals) {
        expect(await answer(post({ ...valid, email }, headers))).toEqual({
          status: 403,
          body: { status: "refused" },
        });
      }
      expect(await storedFor(email)).toEqual([]);
    });

    it("thanks a bot that filled in the hidden field, and keeps nothing", async () => {
      const email = emailOf("bot");
      expect(await answer(post({ ...valid, email, website: "http://spam.example" }))).toEqual({
        status: 200,
        body: { status: "sent", reply: { days: expect.any(Number), email: email, whatsapp: true } },
      });
      expect(await storedFor(email)).toEqual([]);
      const db = await getDatabase();
      expect(await db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
    });

    it("ignores a blank or non-string hidden field", async () => {
      for (const [name, website] of [
        ["blank", "   "],
        ["number", 1],
      ] as const) {
        const email = emailOf(`honeypot-${name}`);
        expect((await answer(post({ ...valid, email, website }))).status).toBe(200);
        expect(await storedFor(email)).toHaveLength(1);
      }
    });

    it("limits applications per address with 429, Retry-After and her values kept", async () => {
      const from = { "x-client-ip": `${ipPrefix}limit` };
      for (let i = 0; i < LIMIT; i++) {
        const email = emailOf(`limit${i}`);
        expect((await answer(post({ ...valid, email }, from))).status).toBe(200);
      }
      const email = emailOf(`limit${LIMIT}`);
      const response = await handleChatbotApplication(post({ ...valid, email }, from));
      expect(response.status).toBe(429);
      const retryAfter = response.headers.get("retry-after");
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(600);
      expect(await response.json()).toEqual({
        status: "limited",
        retryAfterMinutes: Math.ceil(Number(retryAfter) / 60),
        values: { ...valid, email },
      });
      expect(await storedFor(email)).toEqual([]);
      // Another address is not affected.
      expect((await answer(post({ ...valid, email: emailOf("other") }))).status).toBe(200);
    });
  });
});
