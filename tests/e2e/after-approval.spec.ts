import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import { pdfText } from "#app/test/pdf-text.ts";
import { recipientsOf } from "#app/test/smtp-server.ts";
import sharp from "sharp";
import { PASSWORD } from "./accounts.ts";
import { fullSpeed, slow3g, slowDown } from "./first-tap.ts";
import { pendingApplicationId } from "./admin-screens.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * From "Aprovado" to her welcome call held (issue 29), every step through the screens, as the two
 * people live it: Clara applies; Rita, an approver, writes her profile and her hours, approves
 * Clara and becomes her talent manager; Clara, on her phone in Lisbon, finds her onboarding, her
 * manager and free times in her own zone on her dashboard and books one; both receive the
 * invitation over real SMTP; the server's clock moves to the call's hour (libfaketime:
 * server-fixture.ts), the reminder arrives once, Rita marks the call held on her agenda, and the
 * welcome-call step is done on her page and on Clara's dashboard. Axe on every screen; with
 * SHOTS_DIR set, Clara's dashboard at each step at 390 and 1366 px, in Portuguese and English.
 */
test.use({ movableClock: true });
test.describe.configure({ mode: "serial", timeout: paced(240_000) });

const MANAGER = "rita.journey@example.com";
const MODEL = "clara.journey@example.com";
const FULL_NAME = "Clara Journey Ramos";
const SHOTS = process.env.SHOTS_DIR;
/** Clara's application, for the journey's second part. */
let applicationId = 0;
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

/** Her dashboard at both widths and in both languages, then back where she was. */
async function shootDashboard(page: Page, origin: string, step: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const lang of ["pt", "en"] as const) {
    await page.goto(`${origin}/dashboard/model?lang=${lang}`);
    await waitForHydration(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/${step}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(size);
}

/** Clara's phone: 390 px, touch, in Lisbon, signed in. */
async function claraOnHerPhone(browser: Browser, app: AppServer) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: "Europe/Lisbon",
    locale: "pt-PT",
  });
  const page = await context.newPage();
  await app.signIn(page, "model", { email: MODEL, lang: "pt" });
  return page;
}

/** The mails to `to` that `which` picks, once there are at least `count` of them. */
async function mailsWhere(
  app: AppServer,
  to: string,
  which: (mail: ParsedMail) => boolean,
  count = 1,
  timeout = 30_000,
) {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      () => {
        found = app.mail.received.filter((mail) => recipientsOf(mail).includes(to) && which(mail));
        return found.length;
      },
      { message: `mails to ${to}`, timeout },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

const invitation = (mail: ParsedMail) =>
  mail.attachments.some((part) => part.contentType.startsWith("text/calendar"));
/** A reminder, hers or her manager's (whose subject ends with the model's name), in pt or en. */
const reminder = (mail: ParsedMail) =>
  (["pt", "en"] as const).some(
    (lang) =>
      mail.subject === t(lang, "welcomeCall.mail.model.subject.reminder") ||
      (mail.subject ?? "").startsWith(
        t(lang, "welcomeCall.mail.staff.subject.reminder", { model: "" }),
      ),
  );

const calendarOf = (mail: ParsedMail) => {
  const part = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(part, "the mail carries an invitation").toBeDefined();
  return new ICAL.Component(ICAL.parse(part!.content.toString("utf8")));
};

test("approved, her manager named, her call booked on her phone and held: the step is done on both sides", async ({
  app,
  browser,
  playwright,
}) => {
  // Clara applies through the form, in Portuguese.
  const visitor = await playwright.request.newContext();
  const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
    headers: { origin: app.origin },
    form: {
      fullName: FULL_NAME,
      age: "26",
      email: MODEL,
      whatsapp: "+351 912 345 678",
      instagram: "@clara.journey",
      experience: "beginner",
      message: "Quero começar com uma equipe.",
      consent: "on",
    },
  });
  expect(sent.status()).toBe(200);
  await visitor.dispose();
  await app.mail.mailTo(MODEL, 0, 20_000);

  // Rita, at her desk: her profile, then her hours, each through its screen.
  const staff = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1366, height: 900 },
  });
  const desk = await staff.newPage();
  await app.signIn(desk, "approver", { email: MANAGER });
  await desk.goto(`${app.origin}/admin/profile?lang=en`);
  await waitForHydration(desk);
  await desk.getByLabel(en("manager.profile.displayName")).fill("Rita Moreira");
  await desk.getByLabel(en("manager.profile.whatsapp")).fill("(48) 99876-5432");
  await desk.getByLabel(en("manager.profile.meetingUrl")).fill("https://meet.example/rita");
  await desk
    .getByLabel(en("manager.profile.introIn", { language: "Português" }))
    .fill("Oi! Sou a Rita e vou acompanhar você nos primeiros meses.");
  await desk.getByRole("button", { name: en("manager.profile.save") }).click();
  await expect(desk.getByLabel(en("manager.profile.meetingUrl"))).toHaveValue(
    "https://meet.example/rita",
  );
  await expectAccessible(desk, "her profile");

  await desk.goto(`${app.origin}/admin/agenda/availability?lang=en`);
  await waitForHydration(desk);
  for (const day of [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
  ]) {
    await desk.getByLabel(day, { exact: true }).fill("09:00-12:00, 14:00-18:00");
  }
  await desk.getByRole("button", { name: en("welcomeCall.availability.save") }).click();
  await expect(desk.getByText(en("welcomeCall.availability.done.hours"))).toBeVisible();
  await expectAccessible(desk, "her availability");

  // She approves Clara from her page with the keyboard, and becomes her manager.
  const id = await pendingApplicationId(staff.request, MODEL);
  applicationId = id;
  await desk.goto(`${app.origin}/admin/cadastros/${id}?lang=en`);
  await waitForHydration(desk);
  await desk.keyboard.press("a");
  const approve = desk.getByRole("dialog", {
    name: en("admin.keys.approveTitle", { name: FULL_NAME }),
  });
  await expect(approve).toBeVisible();
  await desk.keyboard.press("Enter");
  await expect(approve).toHaveCount(0);
  await expect(desk.getByRole("button", { name: en("admin.undo.button") })).toBeVisible();
  await desk.goto(`${app.origin}/admin/cadastros/${id}?lang=en`);
  await waitForHydration(desk);
  await desk.getByRole("button", { name: en("manager.assign.assignMe") }).click();
  await expect(desk.locator("#onboarding")).toBeVisible();
  await expectAccessible(desk, "her page, approved, with her manager");

  // Clara on her phone: her onboarding, her manager, and free times in Lisbon's time.
  const phone = await claraOnHerPhone(browser, app);
  const pt = (key: string, vars?: Record<string, string | number>) => t("pt", key, vars);
  await expect(phone.getByRole("heading", { name: pt("onboarding.model.title") })).toBeVisible();
  await expect(
    phone.getByText(pt("onboarding.model.stepOf", { current: 1, total: 5 })),
  ).toBeVisible();
  // Her manager right after her onboarding on the phone, by the name and words of her profile.
  const manager = phone.getByRole("region", { name: pt("manager.card.title") });
  await expect(manager).toContainText("Rita");
  await expect(manager).toContainText("Oi! Sou a Rita");
  const regions = await phone
    .getByRole("region")
    .evaluateAll((sections) => sections.map((section) => section.getAttribute("aria-labelledby")));
  expect(regions.slice(0, 3)).toEqual([
    "your-onboarding-title",
    "manager-phone-title",
    expect.any(String),
  ]);
  const whatsapp = phone.locator('a[href^="https://wa.me/"]').first();
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/5548998765432/);
  const card = phone.locator("#welcome-call");
  await expect(card.getByText(/\(Lisbon\)/).first()).toBeVisible();
  await expectAccessible(phone, "her dashboard before booking, on her phone");
  await shootDashboard(phone, app.origin, "1-approved");

  // She taps the first free time and books it.
  await phone.goto(`${app.origin}/dashboard/model?lang=pt`);
  await waitForHydration(phone);
  const firstTime = card.locator("fieldset").first().locator("label").first();
  await firstTime.tap();
  await card.getByRole("button", { name: pt("welcomeCall.card.book") }).tap();
  await expect(card.getByText(pt("welcomeCall.card.notice.booked"))).toBeVisible();
  await expect(
    phone.getByText(pt("onboarding.model.callBookedWith", { manager: "Rita" })),
  ).toBeVisible();
  const startsAt = Date.parse((await card.locator("time").first().getAttribute("datetime"))!);
  const bookedAt = Date.now();
  expect(startsAt).toBeGreaterThan(bookedAt);
  await expect(card.getByRole("link", { name: pt("welcomeCall.card.join") })).toHaveAttribute(
    "href",
    "https://meet.example/rita",
  );
  await expectAccessible(phone, "her dashboard with her call booked");
  await shootDashboard(phone, app.origin, "2-booked");

  // Both invitations over SMTP: the same event, at the instant she chose, hers in her zone.
  const [hers] = await mailsWhere(app, MODEL, invitation);
  const [ritas] = await mailsWhere(app, MANAGER, invitation);
  for (const [mail, zone] of [
    [hers!, "Europe/Lisbon"],
    [ritas!, "America/Sao_Paulo"],
  ] as const) {
    const calendar = calendarOf(mail);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe(zone);
    // Read through the zone the invitation itself defines.
    const vtimezone = calendar.getFirstSubcomponent("vtimezone")!;
    const start = event.startDate.clone();
    start.zone = new ICAL.Timezone(vtimezone);
    expect(start.toJSDate().getTime()).toBe(startsAt);
    expect(event.summary).toBe("Conversa — Maré");
    expect(String(event.location ?? event.description)).toContain("https://meet.example/rita");
  }
  expect(`${hers!.subject} ${hers!.text}`).not.toMatch(/OnlyFans|adult|adulto|conteúdo/i);

  // The day comes: the clock moves to five minutes into the call. Her reminders (a day before,
  // when she booked more than a day ahead, and an hour before) reach each of them once.
  app.moveClock((startsAt - Date.now()) / 1000 + 5 * 60);
  const reminders = startsAt - bookedAt > 24 * 60 * 60 * 1000 ? 2 : 1;
  await mailsWhere(app, MODEL, reminder, reminders);
  await mailsWhere(app, MANAGER, reminder, reminders);

  // Rita's agenda: the call this week, marked held.
  await desk.goto(`${app.origin}/admin/agenda?lang=en`);
  await waitForHydration(desk);
  const call = desk.getByRole("listitem").filter({ hasText: FULL_NAME });
  await expect(call.getByText(/\(Europe\/Lisbon\)/)).toBeVisible();
  await expectAccessible(desk, "her agenda");
  await call.getByRole("button", { name: new RegExp(`^${en("welcomeCall.agenda.held")}`) }).click();
  await expect(desk.getByText(en("welcomeCall.agenda.marked.held"))).toBeVisible();

  // Done on her page ...
  await desk.goto(`${app.origin}/admin/cadastros/${id}?lang=en#onboarding`);
  await waitForHydration(desk);
  const step = desk
    .locator("#onboarding li")
    .filter({ has: desk.getByRole("heading", { name: /Welcome call/ }) });
  await expect(step.locator("data[value=done]")).toBeVisible();

  // ... and on Clara's dashboard: step 2 of 5, her call held.
  await phone.goto(`${app.origin}/dashboard/model?lang=pt`);
  await waitForHydration(phone);
  await expect(
    phone.getByText(pt("onboarding.model.stepOf", { current: 2, total: 5 })),
  ).toBeVisible();
  await expect(card.getByText(pt("welcomeCall.card.held", { manager: "Rita" }))).toBeVisible();
  await expectAccessible(phone, "her dashboard after the call");
  await shootDashboard(phone, app.origin, "3-held");
  // Nothing was sent twice meanwhile.
  expect(
    app.mail.received.filter((m) => recipientsOf(m).includes(MODEL) && reminder(m)),
  ).toHaveLength(reminders);
  await phone.context().close();
  await staff.close();
});

/** A photo as her phone takes it (a plain colour is enough for the pipeline). */
const photo = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

const CONTRACT = [
  "## 1. As partes",
  "{{agency_legal_name}}, CNPJ {{agency_cnpj}}, e {{legal_name}} acordam este agenciamento.",
  "",
  "## 2. Remuneração",
  "- A agência recebe {{agency_share}} dos ganhos brutos, a partir de {{start_date}}.",
].join("\n");

/**
 * Her career after the call (issue 30), the rest of the journey through the screens: Clara sends
 * her identity photos from her phone, Rita confirms them; the admin writes the agency's contract
 * and offers it; Clara, on her phone slowed as a cheap one is (the processor four times slower,
 * "Slow 3G"), reads and signs it with her password and downloads the PDF, whose audit page
 * carries the hash her page showed; the admin countersigns, records her month and publishes it;
 * Clara finds her first statement. Her mails say only that something is ready. Axe on her screens.
 */
test("her identity confirmed, her contract signed on a slow phone and countersigned, her first statement", async ({
  app,
  browser,
}) => {
  expect(applicationId, "the first part approved her").toBeGreaterThan(0);
  const pt = (key: string, vars?: Record<string, string | number>) => t("pt", key, vars);
  const phone = await claraOnHerPhone(browser, app);
  const staff = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1366, height: 900 },
  });
  const desk = await staff.newPage();
  const office = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1366, height: 900 },
  });
  const admin = await office.newPage();
  try {
    // Her identity: from her onboarding card, a passport and a selfie.
    await phone.goto(`${app.origin}/dashboard/model?lang=pt`);
    await waitForHydration(phone);
    await phone
      .getByRole("region", { name: pt("onboarding.model.title") })
      .getByRole("link", { name: pt("identity.card.open") })
      .tap();
    await waitForHydration(phone);
    await phone.getByRole("radio", { name: pt("identity.types.passport") }).check();
    await phone.getByLabel(pt("identity.sides.front")).setInputFiles({
      name: "passaporte.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("#d9c2a7"),
    });
    await phone.getByLabel(pt("identity.sides.selfie")).setInputFiles({
      name: "selfie.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("#a7bcd9"),
    });
    await phone.getByRole("button", { name: pt("identity.her.submit") }).tap();
    await expect(phone.getByText(pt("identity.her.waiting"))).toBeVisible();
    await expectAccessible(phone, "her identity check, sent");

    // Rita confirms it from Clara's page.
    await app.signIn(desk, "approver", { email: MANAGER });
    await desk.goto(`${app.origin}/admin/cadastros/${applicationId}?lang=en`);
    await waitForHydration(desk);
    await desk
      .locator("#identity")
      .getByRole("link", { name: en("identity.staff.review") })
      .click();
    await waitForHydration(desk);
    const confirm = desk.getByRole("region", { name: en("identity.staff.confirm.title") });
    await confirm.getByLabel(en("identity.staff.confirm.type")).selectOption("passport");
    await confirm.getByLabel(en("identity.staff.confirm.matchNoDigits")).check();
    await confirm.getByLabel(en("identity.staff.confirm.bornOn")).fill("2000-03-14");
    await confirm.getByRole("button", { name: en("identity.staff.confirm.submit") }).click();
    await expect(desk.getByText(en("identity.staff.notices.confirmed"))).toBeVisible();

    // The admin writes the agency's contract once, then offers it to Clara at 30 %.
    await app.signIn(admin, "admin");
    await admin.goto(`${app.origin}/admin/contracts?lang=en`);
    await waitForHydration(admin);
    await admin.getByLabel(en("contracts.agency.legalName")).fill("Maré Talent Agenciamento Ltda.");
    await admin.getByLabel(en("contracts.agency.cnpj")).fill("11.222.333/0001-81");
    await admin.getByRole("button", { name: en("contracts.agency.save"), exact: true }).click();
    await expect(admin.getByText(en("contracts.templates.done.agency"))).toBeVisible();
    await admin.getByLabel(en("contracts.templates.titleLabel")).fill("Contrato de agenciamento");
    await admin.getByLabel(en("contracts.templates.bodyLabel")).fill(CONTRACT);
    await admin
      .getByRole("button", { name: en("contracts.templates.publish", { version: 1 }) })
      .click();
    await expect(
      admin.getByText(en("contracts.templates.done.published", { version: 1 })),
    ).toBeVisible();
    const month = new Date().toISOString().slice(0, 7);
    await admin.goto(`${app.origin}/admin/cadastros/${applicationId}?lang=en`);
    await waitForHydration(admin);
    const panel = admin.getByRole("region", { name: en("contracts.panel.title") });
    await panel.getByLabel(en("contracts.panel.share")).fill("30");
    await panel.getByLabel(en("contracts.panel.startsOn")).fill(`${month}-01`);
    await panel.getByRole("button", { name: en("contracts.panel.offer") }).click();
    await expect(admin.getByText(en("contracts.panel.done.offered"))).toBeVisible();

    // Clara signs it on a slow phone: she reads, types her name, ticks, gives her password.
    const cdp = await slowDown(phone);
    await phone.goto(`${app.origin}/dashboard/model/contract?lang=pt`);
    await expect(phone.getByText(/recebe 30\s?% dos ganhos brutos/)).toBeVisible();
    const sign = phone.getByRole("region", { name: pt("contracts.model.signTitle") });
    const shownHash = (await sign.locator('input[name="sha256"]').inputValue()).trim();
    await sign.getByLabel(pt("contracts.model.nameLabel")).fill(FULL_NAME);
    await sign.getByLabel(pt("contracts.model.agree")).check();
    await sign.getByLabel(pt("contracts.model.passwordLabel")).fill(PASSWORD);
    await sign.getByRole("button", { name: pt("contracts.model.sign") }).tap();
    await expect(phone.getByText(pt("contracts.model.done.signed"))).toBeVisible({
      timeout: paced(60_000),
    });
    // Back to a good signal for the rest of the journey.
    await fullSpeed(cdp);
    await expectAccessible(phone, "her signed contract");
    const record = phone.getByRole("region", { name: pt("contracts.model.recordTitle") });
    const downloading = phone.waitForEvent("download");
    await record.getByRole("link", { name: pt("contracts.model.downloadPdf") }).tap();
    const audit = (await pdfText(readFileSync((await (await downloading).path())!))).at(-1)!;
    expect(audit.replace(/\s+/g, "")).toContain(shownHash);
    expect(audit).toContain(FULL_NAME);

    // The admin countersigns, records Clara's month and publishes it.
    await admin.goto(`${app.origin}/admin/cadastros/${applicationId}?lang=en#contract`);
    await waitForHydration(admin);
    await panel.getByLabel(en("contracts.panel.countersignName")).fill("Ana Admin");
    await panel.getByRole("button", { name: en("contracts.panel.countersign") }).click();
    await expect(admin.getByText(en("contracts.panel.done.countersigned"))).toBeVisible();
    await admin.goto(`${app.origin}/admin/statements/${applicationId}/${month}?lang=en`);
    await waitForHydration(admin);
    const add = admin.locator("#add-form");
    await add.getByLabel(en("statements.form.platform")).fill("OnlyFans");
    await add.getByLabel(en("statements.form.amount")).fill("2.000,01");
    await add.getByRole("button", { name: en("statements.form.add") }).click();
    await expect(admin.getByRole("status")).toContainText(en("statements.done.add"));
    await admin.getByText(en("statements.publish.open"), { exact: true }).click();
    await admin.getByRole("button", { name: en("statements.publish.submit") }).click();
    await expect(admin.getByRole("status")).toContainText(en("statements.done.publish"));

    // Clara: her steps done, her first statement (2,000.01 at 30 %: the agency's 600.00).
    await phone.goto(`${app.origin}/dashboard/model?lang=pt`);
    await waitForHydration(phone);
    await expect(
      phone.getByText(pt("onboarding.model.stepOf", { current: 4, total: 5 })),
    ).toBeVisible();
    await phone
      .getByRole("region", { name: pt("statements.card.title") })
      .getByRole("link", { name: pt("statements.card.link") })
      .tap();
    await waitForHydration(phone);
    await expect(phone.getByText("R$ 1.400,01").first()).toBeVisible();
    await expectAccessible(phone, "her first statement");
    await shootDashboard(phone, app.origin, "4-career");

    // Her mails said only that a document or a statement was ready: no figures.
    const told = app.mail.received.filter(
      (mail) =>
        recipientsOf(mail).includes(MODEL) &&
        [
          pt("mail.contracts.signed.subject"),
          pt("mail.contracts.countersigned.subject"),
          pt("statementMail.subject"),
        ].includes(mail.subject ?? ""),
    );
    expect(told.length).toBeGreaterThanOrEqual(2);
    for (const mail of told) {
      for (const figure of ["30", "2.000", "1.400", "600", shownHash]) {
        expect(mail.text ?? "").not.toContain(figure);
      }
    }
  } finally {
    await phone.context().close();
    await staff.close();
    await office.close();
  }
});

test("a referral approved pays her affiliate: pending with its words and a mail, payable after the hold, batched and paid", async ({
  app,
  browser,
  playwright,
}) => {
  const AFFILIATE = "lia.journey@example.com";
  const REFERRED = { fullName: "Bruna Journey Alves", email: "bruna.journey@example.com" };
  const pt = (key: string, vars?: Record<string, string | number>) => t("pt", key, vars);
  const office = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1366, height: 900 },
  });
  const desk = await office.newPage();
  // Lia on her phone, in Portuguese.
  const phoneOf = async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await app.signIn(page, "affiliate", { email: AFFILIATE, lang: "pt" });
    return page;
  };
  let phone = await phoneOf();
  try {
    // The admin states the program: R$ 150,00 when a referred woman is approved.
    await app.signIn(desk, "admin");
    await desk.goto(`${app.origin}/admin/afiliados?lang=pt`);
    await waitForHydration(desk);
    const program = desk.getByRole("region", { name: pt("admin.affiliates.rule.programTitle") });
    await program.getByLabel(pt("admin.affiliates.rule.milestone")).selectOption("approved");
    await program.getByLabel(pt("admin.affiliates.rule.fixed")).fill("150,00");
    await program.getByRole("button", { name: pt("admin.affiliates.rule.saveProgram") }).click();
    await expect(program.getByText(pt("admin.affiliates.notices.program"))).toBeVisible();

    // Lia reads the rule in words on her portal, and her link.
    const money = phone.getByRole("region", { name: pt("portal.money.title") });
    await phone.reload();
    await expect(money).toContainText("R$ 150,00 quando uma mulher indicada por você é aprovada.");
    const link = await phone
      .getByRole("textbox", { name: pt("portal.link.label"), exact: true })
      .inputValue();

    // She gives her PIX key on her phone as it is on a poor signal: the CPU slowed 4×, slow 3G,
    // her first tap a second after the page has loaded, before its code has run.
    const cdp = await slowDown(phone);
    await phone.goto(`${app.origin}/portal?lang=pt#payout-details`);
    await phone.waitForTimeout(1_000);
    const details = phone.getByRole("region", { name: pt("payouts.details.title") });
    const key = details.getByLabel(pt("payouts.details.fields.key"), { exact: true });
    await key.tap();
    await key.pressSequentially("Lia.Pix@", { delay: 60 });
    await waitForHydration(phone);
    // The signal goes while she types. She finishes, gives her password and sends: nothing
    // reached the agency, the page says so, and what she typed is all still there.
    await cdp.send("Network.emulateNetworkConditions", { ...slow3g, offline: true });
    await key.pressSequentially("Example.com", { delay: 60 });
    await details.getByLabel(pt("payouts.details.fields.keyType")).selectOption("email");
    await details.getByLabel(pt("payouts.details.password")).fill(PASSWORD);
    const send = details.getByRole("button", { name: pt("payouts.details.submit") });
    await send.tap();
    await expect(details.getByRole("alert")).toHaveText(pt("payouts.errors.unreachable"));
    await expect(key).toHaveValue("Lia.Pix@Example.com");
    await expect(details.getByLabel(pt("payouts.details.fields.keyType"))).toHaveValue("email");
    await expect(details.getByLabel(pt("payouts.details.password"))).toHaveValue(PASSWORD);
    // The signal comes back, slow: she sends it again as it is, and the link is mailed to her.
    await cdp.send("Network.emulateNetworkConditions", slow3g);
    await send.tap();
    await expect(details.getByRole("status")).toContainText("PIX · l•••@e•••.com", {
      timeout: paced(60_000),
    });
    await fullSpeed(cdp);
    // A reload: the change still waits for her link, and the form is empty again.
    await phone.reload();
    await expect(details.getByRole("status")).toContainText("PIX · l•••@e•••.com");
    await expect(details.getByLabel(pt("payouts.details.password"))).toHaveValue("");
    const confirm = await app.mail.mailTo(AFFILIATE);
    const url = new URL(
      /\S+\/portal\/payout-details\/confirm\?token=[\w-]+/.exec(`${confirm.text}`)![0],
    );
    await phone.goto(`${app.origin}${url.pathname}${url.search}`);
    await phone.getByRole("button", { name: pt("payouts.confirm.button") }).click();
    await expect(details.getByTestId("payout-hint")).toHaveText("PIX · l•••@e•••.com");

    // Bruna opens Lia's link and applies, from a network of her own.
    const visitor = await playwright.request.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "198.51.100.23" },
    });
    await visitor.get(link);
    const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
      headers: { origin: app.origin },
      form: {
        fullName: REFERRED.fullName,
        age: "24",
        email: REFERRED.email,
        whatsapp: "+55 48 98888-3131",
        instagram: "@bruna.journey",
        experience: "beginner",
        message: "A Lia me indicou.",
        consent: "on",
      },
    });
    expect(sent.status()).toBe(200);
    await visitor.dispose();

    // The admin approves her.
    const id = await pendingApplicationId(office.request, REFERRED.email);
    await desk.goto(`${app.origin}/admin/cadastros/${id}?lang=en`);
    await waitForHydration(desk);
    await desk.keyboard.press("a");
    const approve = desk.getByRole("dialog", {
      name: en("admin.keys.approveTitle", { name: REFERRED.fullName }),
    });
    await desk.keyboard.press("Enter");
    await expect(approve).toHaveCount(0);
    await expect(desk.getByRole("button", { name: en("admin.undo.button") })).toBeVisible();

    // Her portal: the entry, in words, pending, first name and initial only.
    await phone.reload();
    const entry = money
      .getByRole("row")
      .filter({ hasText: pt("affiliateProgram.entry.milestone.approved", { name: "Bruna A." }) });
    await expect(entry).toContainText(pt("affiliateProgram.states.pending"));
    await expect(entry).toContainText("150,00");
    await expect(money).not.toContainText("Journey Alves");
    await expectAccessible(phone, "her portal with a pending entry");

    // Thirty-one days go by: the hold (thirty days) has passed. Her mail went out once the
    // approval could no longer be undone; it names Bruna by first name and initial, no amount.
    app.moveClock(31 * 24 * 60 * 60);
    const told = await mailsWhere(app, AFFILIATE, (mail) =>
      (mail.subject ?? "").includes("Bruna A."),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text ?? "").not.toContain("150");
    expect(told[0]!.text ?? "").not.toContain("Alves");
    await phone.context().close();
    phone = await phoneOf();
    const moneyNow = phone.getByRole("region", { name: pt("portal.money.title") });
    await expect(moneyNow.getByRole("row").filter({ hasText: "Bruna A." })).toContainText(
      pt("affiliateProgram.states.payable"),
    );

    // The admin pays. She makes the batch on her phone, on a poor signal (the CPU slowed 4×,
    // slow 3G): her first tap a second after the page has loaded, and, as nothing seems to
    // happen, a second tap. One batch, and she lands on it.
    await app.signIn(desk, "admin");
    await desk.goto(`${app.origin}/admin/afiliados/pagamentos?lang=pt`);
    await waitForHydration(desk);
    const next = desk.getByRole("table", { name: pt("admin.payouts.preview.caption") });
    await expect(next.getByRole("row").filter({ hasText: "Lia Journey" })).toContainText("150,00");
    await expectAccessible(desk, "the payouts, before the batch");
    const batchLinks = (page: Page) => page.getByRole("link", { name: /^Lote nº \d+$/ });
    const batchesBefore = await batchLinks(desk).count();
    const pocket = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const adminPhone = await pocket.newPage();
      await app.signIn(adminPhone, "admin", { lang: "pt" });
      const slow = await slowDown(adminPhone);
      await adminPhone.goto(`${app.origin}/admin/afiliados/pagamentos?lang=pt`, {
        waitUntil: "load",
      });
      await adminPhone.waitForTimeout(1_000);
      // Two taps on the button, a fifth of a second apart, wherever the page is by then.
      const box = (await adminPhone.getByRole("button", { name: /^Criar lote/ }).boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await adminPhone.touchscreen.tap(x, y);
      await adminPhone.waitForTimeout(200);
      await adminPhone.touchscreen.tap(x, y);
      await expect(adminPhone.getByRole("heading", { level: 1 })).toHaveText(/^Lote nº \d+$/, {
        timeout: paced(30_000),
      });
      await fullSpeed(slow);
      await expectAccessible(adminPhone, "the batch, on her phone");
      const batchUrl = adminPhone.url();
      // One batch of Lia's R$ 150,00, not two.
      await adminPhone.goto(`${app.origin}/admin/afiliados/pagamentos?lang=pt`);
      await expect(batchLinks(adminPhone), "one batch made by the two taps").toHaveCount(
        batchesBefore + 1,
      );
      await desk.goto(batchUrl);
      await waitForHydration(desk);
    } finally {
      await pocket.close();
    }
    await expect(desk.getByRole("heading", { level: 1 })).toHaveText(/^Lote nº \d+$/);
    const csvLink = desk.getByRole("link", { name: pt("admin.payouts.batch.csv") });
    const csv = await office.request.get(
      new URL((await csvLink.getAttribute("href"))!, app.origin).href,
    );
    expect(csv.status()).toBe(200);
    const bankFile = await csv.text();
    expect(bankFile).toContain("lia.pix@example.com");
    expect(bankFile).toContain("150,00");
    await desk.getByLabel(pt("admin.payouts.batch.reference")).fill("PIX-LOTE-0001");
    await desk.getByRole("button", { name: pt("admin.payouts.batch.markPaidButton") }).click();
    await expect(desk.getByText(/PIX-LOTE-0001/)).toBeVisible();
    await expectAccessible(desk, "the batch, paid");

    // Lia is told discreetly, and her portal says paid.
    const paidMail = await mailsWhere(
      app,
      AFFILIATE,
      (mail) => mail.subject === t("pt", "payoutMail.sent.subject"),
    );
    expect(paidMail[0]!.text ?? "").not.toContain("150");
    await phone.reload();
    await expect(
      phone
        .getByRole("region", { name: pt("portal.money.title") })
        .getByRole("row")
        .filter({ hasText: "Bruna A." }),
    ).toContainText(pt("affiliateProgram.states.paid"));
    await expect(phone.getByRole("region", { name: pt("payouts.her.title") })).toContainText(
      "150,00",
    );
    await expectAccessible(phone, "her portal, paid");

    // The admin's list at 1366 px, beside the sidebar: her money is in view, whole.
    await desk.goto(`${app.origin}/admin/afiliados?lang=pt`);
    const listed = desk.getByRole("row").filter({ hasText: "Lia Journey" });
    for (const cell of [listed.locator("td").last(), listed.locator("td").nth(-2)]) {
      await expect(cell).toBeInViewport({ ratio: 1 });
    }

    // With SHOTS_DIR: her portal and her page in the back office, with money in them, at both
    // widths and in every language.
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await desk.getByRole("link", { name: "Lia Journey" }).click();
      await desk.waitForURL(/\/admin\/afiliados\/\d+/);
      const staffPage = desk.url().split("?")[0]!;
      for (const lang of ["pt", "en", "es", "it", "de", "sv"] as const) {
        await phone.goto(`${app.origin}/portal?lang=${lang}`);
        await waitForHydration(phone);
        await desk.goto(`${staffPage}?lang=${lang}`);
        await waitForHydration(desk);
        for (const width of [390, 1366]) {
          for (const [who, page] of [
            ["portal", phone],
            ["admin-affiliate", desk],
          ] as const) {
            await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
            await page.screenshot({
              path: `${SHOTS}/affiliate-${who}-${lang}-${width}.png`,
              fullPage: true,
            });
          }
        }
      }
    }
  } finally {
    await phone.context().close();
    await office.close();
  }
});

test("the movable clock itself: the server's time moves by what the spec says, forward or back", async ({
  app,
  request,
}) => {
  /** How far the server's clock is from this machine's, by its Date header. */
  const ahead = async () => {
    // Node keeps its Date header for up to a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const response = await request.get(`${app.origin}/robots.txt`);
    expect(response.ok()).toBe(true);
    return Date.parse(response.headers().date!) - Date.now();
  };
  const day = 24 * 60 * 60;
  const before = await ahead();
  app.moveClock(3 * day);
  expect(Math.abs((await ahead()) - before - 3 * day * 1000)).toBeLessThan(5_000);
  app.moveClock(-day);
  expect(Math.abs((await ahead()) - before - 2 * day * 1000)).toBeLessThan(5_000);
});
