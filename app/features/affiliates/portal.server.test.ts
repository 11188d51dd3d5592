import { randomBytes } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  affiliateEntries,
  outbox,
  rateLimits,
  referralClicks,
  referralClickVisitors,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import * as root from "#app/root.tsx";
import * as portal from "#app/routes/areas/portal.tsx";
import * as submissionDetail from "#app/routes/admin/submission.tsx";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertAffiliate, insertApplicationRow } from "#app/test/factories.ts";
import { affiliateForCode, mailboxOf, phoneDigits, samePhone } from "./affiliates.server.ts";
import { parsePortalQuery, shortName } from "./portal.server.ts";
import {
  isReferralVisit,
  referralClicksSettled,
  VISITORS_PER_ADDRESS,
} from "./referral-clicks.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The affiliate portal and what feeds it, through the real paths (the root loader for clicks,
 * the pre-selection form's action for applications, the portal's loader) with real sessions, on
 * PGlite and (when TEST_DATABASE_URL is set) PostgreSQL: an affiliate sees her own referrals and
 * never their contact data nor anyone else's; clicks count once per visit; self-referrals and
 * suspended links attribute nothing; voided ledger entries count for nothing.
 */

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("the portal's pure parts", () => {
  it("shows a first name and the initial of the last one, nothing more", () => {
    expect(shortName("Ana Beatriz Souza")).toBe("Ana S.");
    expect(shortName("  maria   da silva ")).toBe("maria S.");
    expect(shortName("Luíza")).toBe("Luíza");
    expect(shortName("Ana Émile")).toBe("Ana É.");
    expect(shortName("")).toBeNull();
    expect(shortName(null)).toBeNull();
  });

  it("matches a phone with or without its country code, never a short fragment", () => {
    expect(samePhone("+55 (48) 98888-7777", "48988887777")).toBe(true);
    expect(samePhone("+5548988887777", "+55 48 98888 7777")).toBe(true);
    expect(samePhone("+5548988887777", "+5548988887778")).toBe(false);
    expect(samePhone("8777", "+5548988887777")).toBe(false);
    expect(samePhone(null, "+5548988887777")).toBe(false);
    expect(samePhone("+5548988887777", null)).toBe(false);
  });

  it("compares addresses as mailboxes and phones as E.164 digits", () => {
    expect(mailboxOf(" Ana.Silva@Gmail.com ")).toBe("anasilva@gmail.com");
    expect(mailboxOf("anasilva+x@googlemail.com")).toBe("anasilva@gmail.com");
    expect(mailboxOf("ana.silva+promo@outlook.com.br")).toBe("ana.silva@outlook.com.br");
    expect(mailboxOf("Ana+1@ICLOUD.com")).toBe("ana@icloud.com");
    expect(mailboxOf("ana+1@proton.me")).toBe("ana@proton.me");
    // Elsewhere a dot or a +tag may be another mailbox: only the case is ignored.
    expect(mailboxOf("ana.silva+1@example.com")).toBe("ana.silva+1@example.com");
    for (const written of [
      "+55 (48) 99999-0000",
      "5548999990000",
      "0055 48 99999 0000",
      "048 99999-0000",
      "(48) 99999-0000",
    ]) {
      expect(phoneDigits(written), written).toBe("5548999990000");
    }
    expect(samePhone("048 99999-0000", "+55 (48) 99999-0000")).toBe(true);
    expect(samePhone("048 99999-0000", "+55 (48) 99999-0001")).toBe(false);
  });

  it("reads only the weeks and the page from the query string", () => {
    expect(parsePortalQuery(new URLSearchParams(""))).toEqual({ weeks: 12, page: 1, error: null });
    expect(parsePortalQuery(new URLSearchParams("weeks=26&page=3"))).toEqual({
      weeks: 26,
      page: 3,
      error: null,
    });
    expect(parsePortalQuery(new URLSearchParams("weeks=7"))).toMatchObject({
      weeks: 12,
      error: "portal.errors.weeks",
    });
    expect(parsePortalQuery(new URLSearchParams("page=-1"))).toMatchObject({
      page: 1,
      error: "portal.errors.page",
    });
  });

  it("counts a referral visit only for a browser's first document request with that code", () => {
    const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      isReferralVisit(
        new Request(`${TEST_ORIGIN}${path}`, {
          method,
          headers: { "user-agent": BROWSER, ...headers },
        }),
        "ANA",
      );
    expect(visit("/?ref=ana")).toBe(true);
    expect(visit("/blog?ref=ana", { cookie: "ref=OTHER" })).toBe(true);
    expect(visit("/?ref=ana", { cookie: "lang=pt; ref=ANA" })).toBe(false); // a reload
    expect(visit("/_.data?ref=ana")).toBe(false); // a client-side data request
    expect(visit("/blog.data?ref=ana")).toBe(false);
    expect(visit("/?ref=ana", { "sec-purpose": "prefetch" })).toBe(false);
    expect(visit("/?ref=ana", { "user-agent": "WhatsApp/2.23.20.0" })).toBe(false);
    expect(visit("/?ref=ana", { "user-agent": "facebookexternalhit/1.1" })).toBe(false);
    expect(visit("/?ref=ana", { "user-agent": "" })).toBe(false);
    expect(visit("/?index&ref=ana", {}, "POST")).toBe(false);
  });
});

describe.each(databaseTargets)("the affiliate portal on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const ipPrefix = `2001:db8:${marker.slice(0, 4)}:${marker.slice(4)}::`;
  const email = (name: string) => `${name}.${marker}@example.com`;
  const code = (name: string) => `${name}${marker}`.toUpperCase();
  const { ids, cookies, account } = namedAccounts(
    marker,
    (who) => `${who[0]!.toUpperCase()}${who.slice(1)} Afiliada ${marker}`,
  );
  const affiliateIds: Record<string, number> = {};
  const LIA_WHATSAPP = "+55 48 98888-7777";
  let ip = 0;

  async function makeAffiliate(who: string, status: "active" | "suspended" = "active") {
    await account(who, "affiliate");
    const created = await insertAffiliate(await getDatabase(), {
      userId: ids[who]!,
      referralCode: code(who),
      status,
    });
    affiliateIds[who] = created.id;
  }

  /** An application through the home page's form, from a visitor who arrived with `ref`. */
  async function apply(ref: string | null, fields: Record<string, string>) {
    ip++;
    const request = new Request(`${TEST_ORIGIN}/?index`, {
      method: "POST",
      body: new URLSearchParams({
        age: "25",
        instagram: "@perfil",
        experience: "beginner",
        message: "Quero crescer como criadora de conteúdo.",
        consent: "on",
        ...fields,
      }),
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": `${ipPrefix}${ip.toString(16)}`,
        ...(ref ? { cookie: `ref=${ref}` } : {}),
      },
    });
    const result = await handlePreselection(request, "form");
    expect(result.data).toMatchObject({ status: "sent", reply: { days: expect.any(Number) } });
    const [stored] = await (
      await getDatabase()
    )
      .select()
      .from(submissions)
      .where(eq(submissions.emailNormalized, fields.email!.toLowerCase()));
    return stored!;
  }

  /** A visit through the root loader, as every document request runs it. */
  let visitor = 0;
  /** A visit by a browser from an address of its own, unless the headers say otherwise. */
  async function visit(path: string, headers: Record<string, string> = {}) {
    visitor++;
    await callRoute(
      root.loader,
      new Request(`${TEST_ORIGIN}${path}`, {
        headers: {
          "user-agent": BROWSER,
          "x-client-ip": `198.18.${visitor >> 8}.${visitor & 255}`,
          ...headers,
        },
      }),
    );
  }

  const portalAs = (who: string | null, query = "") =>
    callRoute(
      portal.loader,
      new Request(`${TEST_ORIGIN}/portal${query}`, {
        headers: { "accept-language": "en", ...(who ? { cookie: cookies[who]! } : {}) },
      }),
    );

  const clicksOf = async (who: string) =>
    (await getDatabase())
      .select()
      .from(referralClicks)
      .where(eq(referralClicks.affiliateId, affiliateIds[who]!));

  // What the applicants wrote that the portal must never show.
  const carla = {
    fullName: "Carla Mendes Rocha",
    email: email("carla.applicant"),
    whatsapp: "+55 48 97777-1234",
    message: `Mensagem particular ${marker} da Carla.`,
  };
  const dora = {
    fullName: "Dora Lima",
    email: email("dora.applicant"),
    whatsapp: "+55 11 96666-4321",
    message: `Outra mensagem ${marker} reservada.`,
  };
  const secretDocument = "AB123456789";

  beforeAll(async () => {
    await openAppDatabase(kind, {
      ...TEST_SERVER_SETTINGS,
      SUBMISSION_RATE_LIMIT: "100",
    });
    await makeAffiliate("lia");
    await makeAffiliate("bea");
    await makeAffiliate("sue", "suspended");
    await account("model", "model");
    await account("approver", "approver");
    await account("admin", "admin");
    const db = await getDatabase();
    await db.update(user).set({ whatsapp: LIA_WHATSAPP }).where(eq(user.id, ids.lia!));
  }, paced(90_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `%${marker}%`));
    await db.delete(rateLimits).where(like(rateLimits.key, `submission:${ipPrefix}%`));
    const all = Object.values(ids);
    // Affiliates, their clicks and ledgers go with the accounts (on delete cascade).
    if (all.length) await db.delete(user).where(inArray(user.id, all));
    await closeAppDatabase();
  });

  it("attributes an application to the active affiliate of the code she arrived with", async () => {
    const stored = await apply(code("lia"), carla);
    expect(stored).toMatchObject({
      referralCode: code("lia"),
      affiliateId: affiliateIds.lia,
      selfReferralAffiliateId: null,
    });
    expect(await apply(code("bea"), dora)).toMatchObject({ affiliateId: affiliateIds.bea });
  });

  it("attributes nothing through a suspended affiliate's link, or an unknown one", async () => {
    expect(await affiliateForCode(await getDatabase(), code("sue"))).toBeNull();
    expect(await affiliateForCode(await getDatabase(), code("lia"))).toMatchObject({
      id: affiliateIds.lia,
    });
    const suspended = await apply(code("sue"), {
      fullName: "Eva Suspensa",
      email: email("eva.applicant"),
      whatsapp: "+55 48 95555-0000",
    });
    expect(suspended).toMatchObject({
      referralCode: code("sue"),
      affiliateId: null,
      selfReferralAffiliateId: null,
    });
    const unknown = await apply(code("nobody"), {
      fullName: "Fabi Sem Dono",
      email: email("fabi.applicant"),
      whatsapp: "+55 48 95555-1111",
    });
    expect(unknown).toMatchObject({ affiliateId: null, selfReferralAffiliateId: null });
  });

  it("refuses a self-referral by e-mail or by WhatsApp, and flags it for reviewers", async () => {
    // Her own account's address, in other capitals.
    const byEmail = await apply(code("lia"), {
      fullName: "Lia Afiliada",
      email: email("LIA"),
      whatsapp: "+55 21 94444-0000",
    });
    expect(byEmail).toMatchObject({ affiliateId: null, selfReferralAffiliateId: affiliateIds.lia });
    // Another address, but her own WhatsApp number.
    const byPhone = await apply(code("lia"), {
      fullName: "Lia Outro Email",
      email: email("lia.other"),
      whatsapp: "+55 48 98888 7777",
    });
    expect(byPhone).toMatchObject({ affiliateId: null, selfReferralAffiliateId: affiliateIds.lia });

    // The reviewer's page says so and names the affiliate.
    const detail = await callRoute(
      submissionDetail.loader,
      new Request(`${TEST_ORIGIN}/admin/cadastros/${byPhone.id}`, {
        headers: { cookie: cookies.approver!, "accept-language": "en" },
      }),
      { id: String(byPhone.id) },
    );
    expect(detail.status).toBe(200);
    expect(detail.data?.selfReferral).toEqual({
      id: affiliateIds.lia,
      name: expect.stringContaining("Lia Afiliada") as unknown as string,
      code: code("lia"),
    });
    const carlaRow = await (
      await getDatabase()
    )
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.emailNormalized, carla.email));
    const plain = await callRoute(
      submissionDetail.loader,
      new Request(`${TEST_ORIGIN}/admin/cadastros/${carlaRow[0]!.id}`, {
        headers: { cookie: cookies.approver!, "accept-language": "en" },
      }),
      { id: String(carlaRow[0]!.id) },
    );
    expect(plain.data?.selfReferral).toBeNull();
  });

  it("refuses a self-referral written differently: her Gmail address as googlemail with a +tag, her number in another form", async () => {
    await makeAffiliate("gabi");
    const db = await getDatabase();
    await db
      .update(user)
      // Her WhatsApp as she wrote it on her profile: national, with the trunk prefix.
      .set({ email: `Gabi.Silva.${marker}@gmail.com`, whatsapp: "048 99123-4567" })
      .where(eq(user.id, ids.gabi!));
    const own = { affiliateId: null, selfReferralAffiliateId: affiliateIds.gabi };

    // She applies through her own link as someone else, with her own address written otherwise.
    const byEmail = await apply(code("gabi"), {
      fullName: "Gabriela Nova",
      email: `gabisilva${marker}+x@googlemail.com`,
      whatsapp: "+55 21 95555-0101",
    });
    expect(byEmail).toMatchObject(own);
    // Or with another address and her own number in its international form (the form takes
    // no other).
    for (const [i, whatsapp] of ["+55 48 99123-4567", "+55 (48) 99123 4567"].entries()) {
      const byPhone = await apply(code("gabi"), {
        fullName: "Gabriela Outra",
        email: email(`gabi.phone${i}`),
        whatsapp,
      });
      expect(byPhone, whatsapp).toMatchObject(own);
    }
    // Someone else (another Gmail mailbox, another number) is her referral.
    const friend = await apply(code("gabi"), {
      fullName: "Amiga da Gabi",
      email: `gabisilva${marker}x@gmail.com`,
      whatsapp: "+55 48 99123-4568",
    });
    expect(friend).toMatchObject({ affiliateId: affiliateIds.gabi, selfReferralAffiliateId: null });
  });

  it("counts a click once per visit, for active codes only, and never for bots", async () => {
    await visit(`/?ref=${code("lia").toLowerCase()}`); // a first visit: counted
    await visit(`/?ref=${code("lia")}`, { cookie: `ref=${code("lia")}` }); // its reload
    await visit(`/_.data?ref=${code("lia")}`); // a client-side data request
    await visit(`/?ref=${code("lia")}`, { "user-agent": "WhatsApp/2.23.20.0" }); // link preview
    await visit(`/?ref=${code("lia")}`, {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await visit(`/blog?ref=${code("lia")}`, { cookie: `ref=${code("bea")}` }); // switched: counted
    await visit(`/?ref=${code("sue")}`); // suspended
    await visit(`/?ref=${code("nobody")}`); // no such affiliate
    await referralClicksSettled();
    const lia = await clicksOf("lia");
    expect(lia).toHaveLength(1);
    expect(lia[0]!.clicks).toBe(2);
    expect(await clicksOf("sue")).toEqual([]);
    expect(await clicksOf("bea")).toEqual([]);
  });

  it("counts a visitor once a day and an address a few times: 25 scripted requests are not 25 clicks", async () => {
    await makeAffiliate("ria");
    const link = `/?ref=${code("ria")}`;
    const total = async () => (await clicksOf("ria")).reduce((sum, row) => sum + row.clicks, 0);
    const scripted = `198.19.${randomBytes(1)[0]}.7`;

    // The attack: the same link requested 25 times, no cookie kept, a browser's User-Agent.
    for (let i = 0; i < 25; i++) await visit(link, { "x-client-ip": scripted });
    await referralClicksSettled();
    expect(await total()).toBe(1);

    // Another User-Agent on every request from one address: counted up to the address's cap.
    const rotating = `198.19.${randomBytes(1)[0]}.8`;
    for (let i = 0; i < 25; i++) {
      await visit(link, { "x-client-ip": rotating, "user-agent": `${BROWSER} Edition/${i}` });
    }
    await referralClicksSettled();
    expect(await total()).toBe(1 + VISITORS_PER_ADDRESS);

    // 25 addresses in one IPv6 /64 are one address: one person holds the whole /64.
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        visit(link, { "x-client-ip": `${ipPrefix}${(i + 1).toString(16)}` }),
      ),
    );
    await referralClicksSettled();
    expect(await total()).toBe(2 + VISITORS_PER_ADDRESS);

    // 25 people on addresses of their own: one click each, even when they arrive at once.
    const people = Array.from({ length: 25 }, (_, i) => `192.0.2.${i + 100}`);
    await Promise.all(people.map((ip) => visit(link, { "x-client-ip": ip })));
    await referralClicksSettled();
    expect(await total()).toBe(27 + VISITORS_PER_ADDRESS);

    // What is stored about them: keyed hashes only, never an address or a browser.
    const stored = await (
      await getDatabase()
    )
      .select()
      .from(referralClickVisitors)
      .where(eq(referralClickVisitors.affiliateId, affiliateIds.ria!));
    expect(stored).toHaveLength(28);
    const text = JSON.stringify(stored);
    for (const ip of [scripted, rotating, ...people]) expect(text).not.toContain(ip);
    expect(text).not.toContain(ipPrefix.slice(0, 9));
    expect(text).not.toContain("Mozilla");
    expect(text).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
  });

  it("shows her own figures, referrals and money, and no contact data of anyone", async () => {
    const db = await getDatabase();
    // A chatbot application with every field the portal must keep to itself.
    await insertApplicationRow(db, {
      source: "chatbot",
      fullName: "Gabi Nunes",
      email: email("gabi.applicant"),
      phone: "+5548933332222",
      city: `Cidade${marker}`,
      country: "BR",
      dateOfBirth: "1999-04-05",
      instagram: `@gabi${marker}`,
      documentEncrypted: `encrypted-${secretDocument}`,
      documentLastDigits: "6789",
      affiliateId: affiliateIds.lia,
      status: "Aprovado",
    });
    const day = new Date("2026-01-10T12:00:00Z");
    await db.insert(affiliateEntries).values([
      {
        affiliateId: affiliateIds.lia!,
        origin: "legacy",
        amountCents: 10_000,
        occurredOn: "2026-01-10",
        payableAt: day,
      },
      {
        affiliateId: affiliateIds.lia!,
        origin: "legacy",
        amountCents: 5_000,
        occurredOn: "2026-01-11",
        payableAt: day,
        voidedAt: new Date(),
        voidReason: "voided-by-hand",
        reason: `Nota interna ${marker}`,
      },
      {
        affiliateId: affiliateIds.lia!,
        origin: "legacy",
        amountCents: -3_000,
        occurredOn: "2026-01-12",
        payableAt: day,
      },
      {
        affiliateId: affiliateIds.bea!,
        origin: "legacy",
        amountCents: 77_700,
        occurredOn: "2026-01-10",
        payableAt: day,
      },
    ]);

    const answer = await portalAs("lia");
    expect(answer.status).toBe(200);
    const page = answer.data!;
    expect(page.code).toBe(code("lia"));
    expect(page.link).toBe(`${TEST_ORIGIN}/?ref=${code("lia")}`);
    expect(page.qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(page.suspended).toBe(false);
    expect(page.figures).toEqual({
      clicks: 2,
      referred: 2,
      byStatus: { Pendente: 1, Aprovado: 1, Reprovado: 0 },
    });
    expect(page.referrals.rows.map((row) => [row.name, row.source, row.status])).toEqual([
      ["Gabi N.", "chatbot", "Aprovado"],
      ["Carla R.", "form", "Pendente"],
    ]);
    expect(page.money.totals).toEqual({
      pendingCents: 0,
      payableCents: 7_000,
      inBatchCents: 0,
      paidCents: 0,
      heldCents: 0,
    });
    expect(
      page.money.entries.map((entry) => [entry.amountCents, entry.state, entry.description]),
    ).toEqual([
      [-3_000, "payable", "Recorded by hand"],
      [5_000, "void", "Recorded by hand"],
      [10_000, "payable", "Recorded by hand"],
    ]);
    expect(page.money.entries[1]!.voidLine).toBe("Voided by the agency.");
    expect(page.money.rule).toBe("The agency has not set a commission rule yet.");
    // The current week holds this test's clicks and referrals; the range is 12 weeks.
    expect(page.overTime).toHaveLength(12);
    expect(page.overTime.at(-1)).toMatchObject({
      clicks: 2,
      referred: { Pendente: 1, Aprovado: 1 },
    });

    const serialized = JSON.stringify(page);
    for (const secret of [
      carla.email,
      "carla.applicant",
      carla.whatsapp,
      "5548977771234",
      "97777",
      carla.message,
      dora.message,
      `Cidade${marker}`,
      `@gabi${marker}`,
      `Nota interna ${marker}`,
      code("bea"),
      "Mendes",
      "Rocha",
      "Nunes",
      "6789",
      secretDocument,
      "1999-04-05",
      "33332222",
      dora.fullName,
      "Dora",
      "77700",
      "Eva",
      "Fabi",
      "Lia Outro",
    ]) {
      expect(serialized, `the portal's data contains ${secret}`).not.toContain(secret);
    }
  });

  it("ignores any parameter that names another affiliate, and shows each only her own", async () => {
    const own = await portalAs("lia");
    const guessed = await portalAs(
      "lia",
      `?affiliate=${affiliateIds.bea}&affiliateId=${affiliateIds.bea}&id=${affiliateIds.bea}` +
        `&user=${ids.bea}&userId=${ids.bea}&code=${code("bea")}&ref=${code("bea")}`,
    );
    expect(guessed.status).toBe(200);
    expect(guessed.data).toEqual(own.data);

    const bea = (await portalAs("bea")).data!;
    expect(bea.code).toBe(code("bea"));
    expect(bea.referrals.rows.map((row) => row.name)).toEqual(["Dora L."]);
    expect(bea.figures.clicks).toBe(0);
    expect(bea.money.totals.payableCents).toBe(77_700);
    expect(JSON.stringify(bea)).not.toMatch(/Carla|Gabi|10000/);
  });

  it("shows an erased referral without a name, still counted", async () => {
    const db = await getDatabase();
    // What the erasure leaves (app/features/privacy): blank personal fields, status and dates.
    await insertApplicationRow(db, {
      fullName: "",
      email: "",
      emailNormalized: email("erased.applicant"),
      affiliateId: affiliateIds.bea,
      status: "Reprovado",
      erasedAt: new Date(),
    });
    const bea = (await portalAs("bea")).data!;
    expect(bea.referrals.rows.map((row) => [row.name, row.status])).toEqual([
      [null, "Reprovado"],
      ["Dora L.", "Pendente"],
    ]);
    expect(bea.figures.byStatus.Reprovado).toBe(1);
    expect(JSON.stringify(bea)).not.toContain("erased.applicant");
  });

  it("tells a suspended affiliate that her link no longer attributes", async () => {
    const answer = await portalAs("sue");
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ suspended: true, code: code("sue") });
    expect(answer.data!.figures.referred).toBe(0);
  });

  it("answers a range it does not offer with 400 and the default range", async () => {
    const answer = await portalAs("lia", "?weeks=1000");
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error: "portal.errors.weeks", weeks: 12 });
    const far = await portalAs("lia", "?page=99");
    expect(far.status).toBe(200);
    expect(far.data!.referrals).toMatchObject({ page: 1, pages: 1 });
  });

  it("sends other roles away: a visitor to sign in, anyone else to permission-denied", async () => {
    expect(await portalAs(null)).toMatchObject({
      status: 302,
      location: `/login?redirect=${encodeURIComponent("/portal")}`,
    });
    for (const who of ["model", "approver", "admin"]) {
      const answer = await portalAs(who);
      expect(answer, who).toMatchObject({ status: 302, location: "/permission-denied" });
    }
  });
});
