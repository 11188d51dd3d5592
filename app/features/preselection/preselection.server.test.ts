import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, getDatabase } from "~/db/db.server";
import { outbox, submissions, submissionStatusHistory } from "~/db/schema.server";
import { handlePreselection } from "./preselection.server";

const valid = {
  fullName: "Ana Beatriz Souza",
  age: "24",
  email: "Ana.Souza@Example.com",
  whatsapp: "+55 (48) 99999-9999",
  instagram: "@ana.souza",
  experience: "beginner",
  message: "Quero transformar meu perfil em uma carreira.",
  consent: "on",
};

let ip = 0;
/** A form post as a browser on this site sends it, from its own address. */
function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  ip++;
  return new Request("http://localhost/register/model?lang=de", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      origin: "http://localhost",
      "x-client-ip": `198.51.100.${ip}`,
      cookie: "ref=ANA-2026",
      ...headers,
    },
  });
}

async function answer(request: Request) {
  const result = await handlePreselection(request, "register");
  return { status: result.init?.status ?? 200, data: result.data };
}

describe("the pre-selection form's server side", () => {
  beforeAll(() => {
    vi.stubEnv("DATA_DIR", "memory://");
    vi.stubEnv("SUBMISSION_RATE_LIMIT", "3");
  });
  afterAll(async () => {
    await closeDatabase();
    vi.unstubAllEnvs();
  });

  it("stores a valid application as Pendente with history and a queued confirmation", async () => {
    expect(await answer(post(valid))).toEqual({ status: 200, data: { status: "sent" } });
    const db = await getDatabase();
    const [stored] = await db
      .select()
      .from(submissions)
      .where(eq(submissions.emailNormalized, "ana.souza@example.com"));
    expect(stored).toMatchObject({
      status: "Pendente",
      source: "register",
      language: "de",
      fullName: "Ana Beatriz Souza",
      email: "Ana.Souza@Example.com",
      age: 24,
      whatsapp: "+5548999999999",
      instagram: "@ana.souza",
      experience: "beginner",
      referralCode: "ANA-2026",
      consentVersion: "2026-11-22/de",
    });
    expect(stored!.consentedAt).toBeInstanceOf(Date);
    const history = await db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, stored!.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "Pendente" }]);
    const mail = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "Ana.Souza@Example.com"));
    expect(mail).toMatchObject([
      {
        kind: "confirmation",
        language: "de",
        status: "queued",
        subject: "Wir haben deine Nachricht erhalten",
      },
    ]);
  });

  it("answers field errors and stores nothing when a rule fails", async () => {
    const { status, data } = await answer(post({ ...valid, email: "nope", consent: "" }));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      status: "invalid",
      fieldErrors: { email: "validation.emailInvalid", consent: "validation.consentRequired" },
      values: { email: "nope", fullName: valid.fullName },
    });
    const db = await getDatabase();
    expect(
      await db.select().from(submissions).where(eq(submissions.emailNormalized, "nope")),
    ).toEqual([]);
  });

  it("thanks a bot that filled in the hidden field, and keeps nothing", async () => {
    const email = "bot@example.com";
    expect(await answer(post({ ...valid, email, website: "http://spam.example" }))).toEqual({
      status: 200,
      data: { status: "sent" },
    });
    const db = await getDatabase();
    expect(
      await db.select().from(submissions).where(eq(submissions.emailNormalized, email)),
    ).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    expect((await answer(post(valid, { origin: "https://evil.example" }))).status).toBe(403);
    expect((await answer(post(valid, { "sec-fetch-site": "cross-site" }))).status).toBe(403);
  });

  it("limits applications per address, with Retry-After and the typed values kept", async () => {
    const from = { "x-client-ip": "203.0.113.77" };
    for (let i = 0; i < 3; i++) {
      expect((await answer(post({ ...valid, email: `limit${i}@example.com` }, from))).status).toBe(
        200,
      );
    }
    const result = await handlePreselection(
      post({ ...valid, email: "limit3@example.com" }, from),
      "form",
    );
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(result.data).toMatchObject({
      status: "limited",
      values: { email: "limit3@example.com" },
    });
  });

  it("answers malformed and oversized bodies with a 4xx", async () => {
    const malformed = new Request("http://localhost/register/model", {
      method: "POST",
      body: "{not a form",
      headers: { "content-type": "application/json", origin: "http://localhost" },
    });
    expect(await answer(malformed)).toEqual({ status: 400, data: { status: "malformed" } });
    const huge = post({ ...valid, message: "x".repeat(70 * 1024) });
    expect(await answer(huge)).toEqual({ status: 413, data: { status: "tooLarge" } });
  });
});
