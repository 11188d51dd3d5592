import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { accessLog, settings } from "#app/db/schema.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import {
  defaultHowItWorks,
  figureField,
  PROFILE_KEY,
  promisedReplyDays,
  resetSiteTexts,
  saveSitePart,
  siteFooter,
  siteForEditing,
  siteHome,
  stepField,
} from "./site-settings.server.ts";

const codes = languages.map((l) => l.code);

/** A whole figure in slot 1: its value and a label in each language. */
const figure = (value: string, slot = 1) =>
  Object.fromEntries([
    [figureField(slot, "value"), value],
    ...codes.map((code) => [figureField(slot, code), `criadoras ${code}`]),
  ]);

const steps = (prefix: string) => ({
  work: `${prefix}: conteúdo adulto em plataformas de assinatura, com anonimato.`,
  [stepField(1, "title")]: `${prefix} 1`,
  [stepField(1, "text")]: "Você se inscreve.",
  [stepField(2, "title")]: `${prefix} 2`,
  [stepField(2, "text")]: "Conversamos.",
  [stepField(3, "title")]: `${prefix} 3`,
  [stepField(3, "text")]: "Começamos.",
});

/**
 * The Site screen's rules through the function its action calls: what each part refuses (the
 * attacks on the profile links among it), that a refused save stores nothing, and that a saved
 * one is logged, versioned and shown by the public reads at once.
 */
describe.each(databaseTargets)("the site's own facts on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const actor = { id: "site-editor", ip: "203.0.113.36" };
  const db = () => database.db;

  const stored = async () =>
    (await db().select().from(settings).where(like(settings.key, "site.%"))).map((row) => ({
      key: row.key,
      value: row.value,
    }));
  const logged = () =>
    db()
      .select({ action: accessLog.action, subject: accessLog.subject, details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.actorId, actor.id))
      .orderBy(asc(accessLog.id));

  /** A save that must be refused with these field errors, storing and logging nothing. */
  async function refused(
    part: Parameters<typeof saveSitePart>[2],
    input: Record<string, unknown>,
    errors: Record<string, string>,
  ) {
    const before = { rows: await stored(), log: await logged() };
    const answer = await saveSitePart(db(), actor, part, input);
    expect(answer).toEqual({ ok: false, errors: expect.objectContaining(errors) });
    expect(await stored()).toEqual(before.rows);
    expect(await logged()).toEqual(before.log);
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertAccount(database.db, {
      id: actor.id,
      name: "Sara Site",
      email: "sara.site@example.com",
      role: "editor",
    });
  });
  afterAll(() => database.close());

  it("shows today's site when nothing is set: no links, no figures, the default steps", async () => {
    expect(await siteFooter(db())).toEqual({
      social: {},
      whatsapp: null,
      legalName: "",
      cnpj: null,
    });
    for (const code of codes) {
      const home = await siteHome(db(), code);
      expect(home.figures).toEqual([]);
      expect(home.howItWorks).toEqual(defaultHowItWorks(code));
      expect(home.howItWorks.steps).toHaveLength(3);
      expect(home.howItWorks.work.length).toBeGreaterThan(40);
    }
    expect(defaultHowItWorks("en").work).not.toBe(defaultHowItWorks("pt").work);
    expect(await promisedReplyDays(db())).toBe(5);
  });

  it.each([
    ["javascript:", "javascript:alert(document.domain)//https://www.instagram.com/a"],
    ["JavaScript: in capitals", "JaVaScRiPt:alert(1)"],
    ["data:", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["plain http", "http://www.instagram.com/maretalent"],
    ["a protocol-relative address", "//www.instagram.com/maretalent"],
    ["a lookalike suffix", "https://instagram.com.evil.example/maretalent"],
    ["a lookalike prefix", "https://evil-instagram.com/maretalent"],
    ["a homoglyph (Cyrillic а)", "https://www.instаgram.com/maretalent"],
    ["a user name before another host", "https://www.instagram.com@evil.example/maretalent"],
    ["a backslash", "https://evil.example\\@www.instagram.com/maretalent"],
    ["a tab inside", "https://www.insta\tgram.com/maretalent"],
    ["a line feed inside", "https://www.instagram.com/mare\ntalent"],
    ["a NUL", "https://www.instagram.com/mare\u0000talent"],
    ["a right-to-left override", "https://www.instagram.com/\u202etnelaterам"],
    ["a port", "https://www.instagram.com:8443/maretalent"],
    ["a trailing dot on the host", "https://www.instagram.com./maretalent"],
    ["another network's host", "https://www.facebook.com/maretalent"],
    ["the bare host", "https://www.instagram.com/"],
    ["a very long address", `https://www.instagram.com/${"a".repeat(300)}`],
  ])("refuses a profile link with %s", async (_case, url) => {
    await refused("social", { instagram: url }, { instagram: "admin.site.errors.profileUrl" });
  });

  it.each([
    ["letters", "+55 48 ABCD-4567"],
    ["no country code sign", "5548991234567"],
    ["a country code starting with 0", "+0448991234567"],
    ["too few digits", "+55 123"],
    ["too many digits", "+55 48 99123 4567 8901"],
    ["a script", "+55<script>"],
  ])("refuses a WhatsApp number with %s", async (_case, number) => {
    await refused("social", { whatsapp: number }, { whatsapp: "admin.site.errors.whatsapp" });
  });

  it.each([
    ["a wrong check digit", "11.222.333/0001-80"],
    ["thirteen digits", "11.222.333/0001-8"],
    ["one digit repeated", "00.000.000/0000-00"],
    ["letters in the check digits", "12.ABC.345/01DE-3A"],
    ["a symbol", "11.222.333/0001-8!"],
  ])("refuses a CNPJ with %s", async (_case, cnpj) => {
    await refused("company", { cnpj, replyDays: "5" }, { cnpj: "admin.site.errors.cnpj" });
  });

  it.each(["0", "31", "2.5", "1e1", "-3", "", "cinco"])(
    "refuses %j business days",
    async (days) => {
      await refused("company", { replyDays: days }, { replyDays: "admin.site.errors.replyDays" });
    },
  );

  it("refuses a figure missing a language's label, or a value, and too long a text", async () => {
    const { [figureField(1, "sv")]: _sv, ...withoutSwedish } = figure("120+");
    await refused("figures", withoutSwedish, {
      [figureField(1, "sv")]: "admin.site.errors.figureLabel",
    });
    const { [figureField(1, "value")]: _value, ...withoutValue } = figure("120+");
    await refused("figures", withoutValue, {
      [figureField(1, "value")]: "admin.site.errors.figureValue",
    });
    await refused("figures", figure("1".repeat(17)), {
      [figureField(1, "value")]: "admin.site.errors.tooLong",
    });
    await refused(
      "company",
      { legalName: "L".repeat(121), replyDays: "5" },
      {
        legalName: "admin.site.errors.tooLong",
      },
    );
  });

  it("refuses steps with an empty field, whatever else is right", async () => {
    await refused(
      "texts",
      { ...steps("Como"), [stepField(2, "text")]: " \u200b " },
      {
        [stepField(2, "text")]: "admin.site.errors.required",
      },
    );
  });

  it("stores each part, logs it, bumps the content version and shows it at once", async () => {
    const footerBefore = await siteFooter(db());
    expect(footerBefore.whatsapp).toBeNull();

    expect(
      await saveSitePart(db(), actor, "social", {
        instagram: " https://www.instagram.com/maretalent ",
        linkedin: "https://br.linkedin.com/company/mare-talent",
        facebook: "",
        whatsapp: "+55 (48) 99123-4567",
      }),
    ).toEqual({ ok: true });
    expect(
      await saveSitePart(db(), actor, "company", {
        legalName: "  Maré Talent   Agenciamento Ltda ",
        cnpj: "11222333000181",
        replyDays: "3",
      }),
    ).toEqual({ ok: true });
    expect(
      await saveSitePart(db(), actor, "figures", { ...figure("48 h", 2), ...figure("120+", 1) }),
    ).toEqual({ ok: true });
    expect(await saveSitePart(db(), actor, "texts", steps("Assim"), "en")).toEqual({ ok: true });

    // Each part replaced only its own members of the one row.
    expect(await siteFooter(db())).toEqual({
      social: {
        instagram: "https://www.instagram.com/maretalent",
        linkedin: "https://br.linkedin.com/company/mare-talent",
      },
      whatsapp: "+5548991234567",
      legalName: "Maré Talent Agenciamento Ltda",
      cnpj: "11.222.333/0001-81",
    });
    expect(await promisedReplyDays(db())).toBe(3);
    const en = await siteHome(db(), "en");
    expect(en.figures).toEqual([
      { value: "120+", label: "criadoras en" },
      { value: "48 h", label: "criadoras en" },
    ]);
    expect(en.howItWorks.steps.map((step) => step.title)).toEqual([
      "Assim 1",
      "Assim 2",
      "Assim 3",
    ]);
    // Another language keeps its default steps.
    expect((await siteHome(db(), "pt")).howItWorks).toEqual(defaultHowItWorks("pt"));
    expect((await siteForEditing(db(), "en")).custom).toBe(true);

    expect(await logged()).toEqual([
      { action: "content.site", subject: `settings:${PROFILE_KEY}`, details: { part: "social" } },
      { action: "content.site", subject: `settings:${PROFILE_KEY}`, details: { part: "company" } },
      { action: "content.site", subject: `settings:${PROFILE_KEY}`, details: { part: "figures" } },
      {
        action: "content.site",
        subject: "settings:site.texts.en",
        details: { part: "texts", language: "en" },
      },
    ]);
    const [version] = await db().select().from(settings).where(eq(settings.key, "content.version"));
    expect(Number(version!.value.n)).toBeGreaterThanOrEqual(4);

    // Clearing a profile takes its link away again (the icon goes back to "coming soon").
    await saveSitePart(db(), actor, "social", { instagram: "", linkedin: "", whatsapp: "" });
    expect(await siteFooter(db())).toMatchObject({ social: {}, whatsapp: null });

    await resetSiteTexts(db(), actor, "en");
    expect((await siteHome(db(), "en")).howItWorks).toEqual(defaultHowItWorks("en"));
    expect((await logged()).at(-1)?.details).toEqual({
      part: "texts",
      language: "en",
      reset: true,
    });
  });

  it("accepts an alphanumeric CNPJ (issued since July 2026) and shows it formatted", async () => {
    expect(
      await saveSitePart(db(), actor, "company", { cnpj: "12abc34501de35", replyDays: "5" }),
    ).toEqual({ ok: true });
    expect((await siteFooter(db())).cnpj).toBe("12.ABC.345/01DE-35");
  });

  it("never links to what a hand-edited row holds that the form would refuse", async () => {
    await db()
      .update(settings)
      .set({
        value: {
          social: { instagram: "javascript:alert(1)", x: "https://x.com/maretalent" },
          whatsapp: "+55 javascript",
          cnpj: "11222333000180",
          replyDays: 999,
          figures: [{ value: "9", labels: { pt: "só em português" } }],
        },
      })
      .where(eq(settings.key, PROFILE_KEY));
    // A save forgets what this instance read; so does any content change.
    await saveSitePart(db(), actor, "texts", steps("Outra"), "sv");
    expect(await siteFooter(db())).toEqual({
      social: { x: "https://x.com/maretalent" },
      whatsapp: null,
      legalName: "",
      cnpj: null,
    });
    expect(await promisedReplyDays(db())).toBe(5);
    expect((await siteHome(db(), "pt")).figures).toEqual([]);
  });
});
