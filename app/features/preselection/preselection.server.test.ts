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
import { promisedReplyDays } from "#app/features/site/site-settings.server.ts";
import { takeThankYou } from "#app/features/submissions/thank-you.server.ts";
import { handlePreselection } from "./preselection.server.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertMailTemplate } from "#app/test/factories.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { testRun } from "#app/test/test-run.ts";
import { paced } from "#app/test/pace.ts";

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
  }, paced(60_000));
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
    expect(await answer(post(valid))).toEqual({
      status: 200,
      data: {
        status: "sent",
        reply: { days: expect.any(Number), email: valid.email, whatsapp: true },
      },
    });
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
      data: { status: "sent", reply: { days: expect.any(Number), email: email, whatsapp: true } },
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
      data: { status: "sent", reply: { days: expect.any(Number), email: email, whatsapp: true } },
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
        data: { status: "sent", reply: { days: expect.any(Number), email: email, whatsapp: true } },
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

  it("tells her when the agency answers and where: her address, and WhatsApp only if she gave it", async () => {
    const email = emailOf("Promise");
    const { data } = await answer(post({ ...valid, email: `  ${email} `, whatsapp: "" }));
    expect(data).toEqual({
      status: "sent",
      reply: { days: await promisedReplyDays(await getDatabase()), email, whatsapp: false },
    });
  });

  describe("sent by the page itself (a plain form: no JavaScript, or not yet)", () => {
    const asPageLoad = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };

    /** The redirect React Router sends on for a thrown Response. */
    async function redirected(request: Request, source: "form" | "register" = "register") {
      try {
        await handlePreselection(request, source);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
      throw new Error("answered in place, not redirected");
    }

    it("once stored, goes back to the form's section, so a reload sends nothing again", async () => {
      const email = emailOf("Plain");
      const response = await redirected(post({ ...valid, email }, asPageLoad));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/register/model#preselection");
      const cookies = response.headers.getSetCookie();
      // The proof that this browser chose the password is still set (account-claim.server.ts).
      expect(cookies.some((cookie) => cookie.includes(".signed_up="))).toBe(true);
      const applied = cookies.find((cookie) => cookie.startsWith("applied="));
      expect(applied).toMatch(/; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);

      const db = await getDatabase();
      const stored = await db
        .select()
        .from(submissions)
        .where(eq(submissions.emailNormalized, email.toLowerCase()));
      expect(stored).toHaveLength(1);

      // The page it lands on shows the panel once, and is this visitor's alone.
      const next = await takeThankYou(pageLoad(applied!.split(";")[0]!));
      expect(next.thanks).toEqual({
        days: await promisedReplyDays(db),
        email,
        whatsapp: true,
      });
      expect(next.headers?.get("cache-control")).toBe("private, no-store");
      expect(next.headers?.getSetCookie()).toEqual([
        "applied=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
      ]);
      // Reloaded (the cookie is gone): the page as everyone gets it.
      expect(await takeThankYou(pageLoad("lang=de"))).toEqual({ thanks: null });
    });

    it("from the home page, goes back to the home page's form", async () => {
      const { age: _age, password: _password, ...fields } = valid;
      const response = await redirected(
        post({ ...fields, age: "30", email: emailOf("Home") }, asPageLoad),
        "form",
      );
      expect(response.headers.get("location")).toBe("/#preselection");
    });

    it("goes back to its own page, whatever the request names", async () => {
      const request = new Request(
        "http://localhost/register/model?redirectTo=https%3A%2F%2Fevil.example&next=%2F%2Fevil.example",
        {
          method: "POST",
          body: new URLSearchParams({ ...valid, email: emailOf("Nowhere") }),
          headers: {
            origin: "http://localhost",
            referer: "https://evil.example/",
            "x-client-ip": nextIp(),
            ...asPageLoad,
          },
        },
      );
      expect((await redirected(request)).headers.get("location")).toBe(
        "/register/model#preselection",
      );
    });

    it("refused, is answered in place with her values and the errors: nothing redirects them away", async () => {
      const { status, data } = await answer(post({ ...valid, email: "" }, asPageLoad));
      expect(status).toBe(400);
      expect(data).toMatchObject({
        status: "invalid",
        fieldErrors: { email: "applying.emailRequired" },
        values: { fullName: valid.fullName, message: valid.message },
      });
    });

    it("shows no panel for a cookie it did not write, and clears it", async () => {
      for (const value of [
        "not-json",
        encodeURIComponent("[1,2]"),
        encodeURIComponent(JSON.stringify({ email: "a@b.co", whatsapp: "yes" })),
        encodeURIComponent(JSON.stringify({ email: `${"a".repeat(250)}@b.co`, whatsapp: false })),
        "%E0%A4%A",
      ]) {
        const next = await takeThankYou(pageLoad(`applied=${value}`));
        expect(next.thanks, value).toBeNull();
        expect(next.headers?.getSetCookie(), value).toEqual([
          "applied=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
        ]);
      }
    });
  });
});

function pageLoad(cookie: string) {
  return new Request("http://localhost/register/model", { headers: { cookie } });
}
