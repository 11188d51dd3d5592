import { and, eq, ilike, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  mailTemplates,
  outbox,
  rateLimits,
  submissions,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";
import {
  confirmationLimit,
  storeApplication,
} from "#app/features/submissions/submissions.server.ts";
import { handlePreselection } from "./preselection.server.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertMailTemplate } from "#app/test/factories.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { testRun } from "#app/test/test-run.ts";

describe.each(databaseTargets)("the pre-selection form's server side on %s", (_name, kind) => {
  const { marker, ipPrefix, emailOf, nextIp } = testRun();

  const valid = {
    fullName: "Ana Beatriz Souza",
    age: "24",
    email: emailOf("Ana.Souza"),
    whatsapp: "+55 (48) 99999-9999",
    instagram: "@ana.souza",
    experience: "beginner",
    message: "Quero transformar meu perfil em uma carreira.",
    consent: "on",
    // /register/model creates her account too.
    password: "um-sonho-de-floripa",
  };

  /** A form post as a browser on this site sends it, from its own address. */
  function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
    return new Request("http://localhost/register/model?lang=de", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        origin: "http://localhost",
        "x-client-ip": nextIp(),
        cookie: "ref=ANA-2026",
        ...headers,
      },
    });
  }

  /** The landing page's form: the application alone, without the account of /register/model. */
  async function form(request: Request) {
    const result = await handlePreselection(request, "form");
    return { status: result.init?.status ?? 200, data: result.data };
  }

  async function answer(request: Request) {
    const result = await handlePreselection(request, "register");
    return { status: result.init?.status ?? 200, data: result.data };
  }

  beforeAll(async () => {
    await openAppDatabase(kind, { SUBMISSION_RATE_LIMIT: "3" });
  }, 60_000);
  afterAll(async () => {
    const db = await getDatabase();
    // Any address with this run's marker, in any case or with a +tag.
    await db.delete(submissions).where(ilike(submissions.emailNormalized, `%${marker}%`));
    await db.delete(outbox).where(ilike(outbox.recipient, `%${marker}%`));
    await db.delete(user).where(like(user.email, `%.${marker}@%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `submission:${ipPrefix}%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `confirmations:%${marker}%`));
    await closeAppDatabase();
  });

  it("runs on the database it is meant to", async () => {
    const db = await getDatabase();
    // Both drivers answer { rows }; the shared database type does not say so.
    const { rows } = (await db.execute("select version()")) as unknown as {
      rows: { version: string }[];
    };
    expect(rows[0]!.version.includes("PGlite")).toBe(kind === "pglite");
  });

  it("stores a valid application as Pendente with history and a queued confirmation", async () => {
    expect(await answer(post(valid))).toEqual({ status: 200, data: { status: "sent" } });
    const db = await getDatabase();
    const stored = await db
      .select()
      .from(submissions)
      .where(eq(submissions.emailNormalized, valid.email.toLowerCase()));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: "Pendente",
      source: "register",
      language: "de",
      fullName: "Ana Beatriz Souza",
      email: valid.email,
      age: 24,
      whatsapp: "+5548999999999",
      instagram: "@ana.souza",
      experience: "beginner",
      referralCode: "ANA-2026",
      consentVersion: "2026-11-22/de",
    });
    expect(stored[0]!.consentedAt).toBeInstanceOf(Date);
    const history = await db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, stored[0]!.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "Pendente" }]);
    const mail = await db.select().from(outbox).where(eq(outbox.recipient, valid.email));
    expect(mail).toMatchObject([
      {
        kind: "confirmation",
        language: "de",
        status: "queued",
        subject: "Wir haben deine Nachricht erhalten",
      },
    ]);
  });

  it("creates her model account, waiting for her to confirm the address, and never echoes the password", async () => {
    const email = emailOf("Conta");
    expect(await answer(post({ ...valid, email }))).toEqual({
      status: 200,
      data: { status: "sent" },
    });
    const db = await getDatabase();
    const [account] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
    expect(account).toMatchObject({ role: "model", emailVerified: false, language: "de" });
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, email.toLowerCase()));
    expect(mails.map((m) => m.kind)).toContain("verification");

    const refused = await answer(
      post({ ...valid, email: emailOf("weak"), password: "password123" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      fieldErrors: { password: "auth.errors.passwordCommon" },
    });
    expect(JSON.stringify(refused.data)).not.toContain("password123");
    expect(
      await db
        .select()
        .from(submissions)
        .where(eq(submissions.emailNormalized, emailOf("weak").toLowerCase())),
    ).toEqual([]);

    // A second application with the same address: stored, same answer, no second account.
    expect((await answer(post({ ...valid, email }))).status).toBe(200);
    expect(await db.select().from(user).where(eq(user.email, email.toLowerCase()))).toHaveLength(1);
  });

  it("answers field errors and stores nothing when a rule fails", async () => {
    const email = `nope.${marker}`;
    const { status, data } = await answer(post({ ...valid, email, consent: "" }));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      status: "invalid",
      fieldErrors: { email: "validation.emailInvalid", consent: "validation.consentRequired" },
      values: { email, fullName: valid.fullName },
    });
    const db = await getDatabase();
    expect(
      await db.select().from(submissions).where(eq(submissions.emailNormalized, email)),
    ).toEqual([]);
  });

  it("thanks a bot that filled in the hidden field, and keeps nothing", async () => {
    const email = emailOf("bot");
    expect(await answer(post({ ...valid, email, website: "http://spam.example" }))).toEqual({
      status: 200,
      data: { status: "sent" },
    });
    const db = await getDatabase();
    expect(
      await db
        .select()
        .from(submissions)
        .where(eq(submissions.emailNormalized, email.toLowerCase())),
    ).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    expect((await answer(post(valid, { origin: "https://evil.example" }))).status).toBe(403);
    expect((await answer(post(valid, { "sec-fetch-site": "cross-site" }))).status).toBe(403);
  });

  it("limits applications per address, with Retry-After and the typed values kept", async () => {
    const from = { "x-client-ip": `${ipPrefix}limit` };
    for (let i = 0; i < 3; i++) {
      expect((await answer(post({ ...valid, email: emailOf(`limit${i}`) }, from))).status).toBe(
        200,
      );
    }
    const result = await handlePreselection(
      post({ ...valid, email: emailOf("limit3") }, from),
      "form",
    );
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(result.data).toMatchObject({
      status: "limited",
      values: { email: emailOf("limit3") },
    });
  });

  it("mails one mailbox at most three confirmations a day, however many client addresses apply for it", async () => {
    const db = await getDatabase();
    /** Applies from a new client address each time; answers the statuses. */
    const applyAs = (emails: string[]) =>
      Promise.all(emails.map(async (email) => (await form(post({ ...valid, email }))).status));
    const stored = async (mailbox: string) =>
      (
        await db
          .select({ id: submissions.id })
          .from(submissions)
          .where(like(submissions.emailNormalized, mailbox))
      ).length;
    const confirmations = async (mailbox: string) =>
      (
        await db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.kind, "confirmation"), ilike(outbox.recipient, mailbox)))
      ).length;

    // The attack: five applications naming her address, written five ways, from five clients.
    const victim = `vitima.${marker}@example.com`;
    const written = [victim, victim.toUpperCase(), ` ${victim}`, `Vitima.${marker}@Example.COM`];
    for (const email of [...written, victim]) expect(await applyAs([email])).toEqual([200]);
    expect(await stored(victim)).toBe(5);
    expect(await confirmations(victim)).toBe(3);

    // Someone else's mailbox is untouched.
    const other = `outra.${marker}@example.com`;
    expect(await applyAs([other])).toEqual([200]);
    expect(await confirmations(other)).toBe(1);

    // Gmail reads dots and +tags as the same mailbox: so does the count.
    const gmail = [
      `bia.bomba.${marker}@gmail.com`,
      `biabomba.${marker}+1@gmail.com`,
      `b.i.a.bomba.${marker}@googlemail.com`,
      `BiaBomba.${marker}+x@Gmail.com`,
    ];
    for (const email of gmail) expect(await applyAs([email])).toEqual([200]);
    expect(await confirmations(`%bomba.${marker}%@g%mail.com`)).toBe(3);

    // Sent all at once (each on its own connection on PostgreSQL), still three.
    const burst = `rajada.${marker}@example.com`;
    expect(await applyAs(Array.from({ length: 6 }, () => burst))).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    expect(await stored(burst)).toBe(6);
    expect(await confirmations(burst)).toBe(3);
  });

  it("sends the confirmation template saved for her language, her name filled in", async () => {
    const db = await getDatabase();
    const email = emailOf("Template");
    await insertMailTemplate(db, {
      template: "confirmation",
      language: "de",
      subject: "Danke, {{name}}",
      body: "Hallo {{name}}, wir melden uns.",
    });
    try {
      expect(await form(post({ ...valid, email }))).toEqual({
        status: 200,
        data: { status: "sent" },
      });
    } finally {
      await db
        .delete(mailTemplates)
        .where(and(eq(mailTemplates.template, "confirmation"), eq(mailTemplates.language, "de")));
    }
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail).toMatchObject({ kind: "confirmation", language: "de", subject: "Danke, Ana" });
    expect(mail!.text).toContain("Hallo Ana, wir melden uns.");
  });

  it("stores the application, its history and its mail in the caller's transaction only", async () => {
    const db = await getDatabase();
    const email = emailOf("Undone");
    const input = {
      source: "form" as const,
      language: "de" as const,
      fullName: "Ana Beatriz Souza",
      email,
      consentVersion: "test",
    };
    // Everything it writes goes through the transaction it is given: undone with it.
    const undone = new Error("undone on purpose");
    await expect(
      db.transaction(async (tx) => {
        await storeApplication(tx, input);
        throw undone;
      }),
    ).rejects.toBe(undone);
    const normalized = email.toLowerCase();
    expect(
      await db.select().from(submissions).where(eq(submissions.emailNormalized, normalized)),
    ).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, confirmationLimit.key(email))),
    ).toEqual([]);

    // Committed, all three are there.
    const id = await db.transaction((tx) => storeApplication(tx, input));
    expect(
      await db
        .select({ to: submissionStatusHistory.toStatus })
        .from(submissionStatusHistory)
        .where(eq(submissionStatusHistory.submissionId, id)),
    ).toEqual([{ to: "Pendente" }]);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(1);
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
