import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { createAccount } from "./accounts.ts";
import { droppingProxy } from "./dropping-proxy.ts";
import { slow3g } from "./first-tap.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";
import { recipientsOf } from "#app/test/smtp-server.ts";
import { scratchDatabase, type ScratchDatabase } from "./scratch-database.ts";
import { startSmtp } from "./smtp.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The welcome call (issue 29), on a phone: an approved model in Lisbon finds her manager's free
 * times in her own zone, books one, moves it and cancels it, then books again; both mails arrive
 * over SMTP with the invitation; once the call's time has come her manager marks it held on her
 * agenda, which completes the step. On a server of its own on PostgreSQL, so the spec can give
 * her an approved application with a manager (a screen of another part of issue 29). Axe on
 * each screen; screenshots at 390 and 1366 px in SHOTS_DIR when set.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const offset = Number(process.env.E2E_PORT ?? 3210);
const SHOTS = process.env.SHOTS_DIR;
const PASSWORD = "conversa-de-boas-vindas-2026";
const MODEL = "luana.call@example.com";
/** A second model of the same manager, for the slow phone's booking. */
const SLOW_MODEL = "bia.devagar@example.com";
const MANAGER = "marta.agenda@example.com";
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

test.skip(!baseUrl, "needs PostgreSQL: set TEST_DATABASE_URL (CI does)");
test.describe.configure({ mode: "serial", timeout: paced(180_000) });

let database: ScratchDatabase;
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: OwnServer;
let submissionId: number;
let slowSubmissionId: number;

test.beforeAll(async () => {
  // Two servers (or one) started on a busy machine: more than a test's usual half minute.
  test.setTimeout(paced(120_000));
  database = await scratchDatabase("mare_call_e2e");
  smtp = await startSmtp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-call-e2e-"));
  server = await ownServer(offset + 86, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: `http://127.0.0.1:${offset + 86}`,
    TRUST_PROXY: "loopback",
    MAIL_POLL_SECONDS: "1",
  });
  for (const email of [MODEL, SLOW_MODEL]) {
    await createAccount({
      email,
      role: "model",
      password: PASSWORD,
      database: { url: database.url },
    });
  }
  await createAccount({
    email: MANAGER,
    role: "approver",
    password: PASSWORD,
    database: { url: database.url },
  });
  await database.query(`update "user" set name = 'Luana Costa', language = 'en' where email = $1`, [
    MODEL,
  ]);
  await database.query(`update "user" set name = 'Marta Reis' where email = $1`, [MANAGER]);
  const [manager] = await database.query<{ id: string }>(`select id from "user" where email = $1`, [
    MANAGER,
  ]);
  // Her hours: every day 09:00-12:00 and 14:00-17:00 in Brasília, as her availability page saves.
  await database.query(
    `insert into staff_profiles (user_id, display_name, meeting_url, notice_hours)
     values ($1, 'Marta Reis', 'https://meet.example/marta', 4)`,
    [manager!.id],
  );
  await database.query(
    `insert into staff_availability (user_id, weekday, start_minute, end_minute)
     select $1, d, s, e from generate_series(0, 6) d, (values (540, 720), (840, 1020)) r(s, e)`,
    [manager!.id],
  );
  submissionId = await approvedWithCallStep(MODEL, "Luana Costa", "en", "PT", manager!.id);
  slowSubmissionId = await approvedWithCallStep(SLOW_MODEL, "Bia Souza", "pt", "BR", manager!.id);
});

/** An approved application with her manager, and her onboarding's welcome-call step. */
async function approvedWithCallStep(
  email: string,
  name: string,
  language: string,
  country: string,
  managerId: string,
) {
  const [application] = await database.query<{ id: string }>(
    `insert into submissions (source, language, full_name, email, email_normalized, consent_version,
       consented_at, status, manager_id, country)
     values ('form', $3, $4, $1, $1, 'test', now(), 'Aprovado', $2, $5)
     returning id`,
    [email, managerId, language, name, country],
  );
  const id = Number(application!.id);
  // The step as her approval begins it.
  await database.query(
    `insert into submission_onboarding_steps (submission_id, step_id, position, owner_id, due_on)
     select $1, id, position, $2, current_date + 3 from onboarding_steps where key = 'welcome-call'`,
    [id, managerId],
  );
  return id;
}

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width < 600 });
  }
  await page.setViewportSize(size);
}

async function signedIn(browser: Browser, email: string, where: string, ip: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: "Europe/Lisbon",
    locale: "en-GB",
  });
  const page = await context.newPage();
  const response = await context.request.post(`${server.origin}/login`, {
    form: { email, password: PASSWORD },
    headers: { origin: server.origin, "x-forwarded-for": ip },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await page.goto(`${server.origin}${where}`);
  await waitForHydration(page);
  return page;
}

test("she books, moves and cancels her call on her phone; her manager marks it held", async ({
  browser,
}) => {
  const page = await signedIn(browser, MODEL, "/dashboard/model?lang=en", "203.0.113.71");
  const card = page.locator("#welcome-call");
  await expect(card.getByRole("heading", { name: en("welcomeCall.card.title") })).toBeVisible();
  // Her browser's zone reached the server: the times are Lisbon's, and the card says so.
  await expect(card.getByText(/Western European Time \(Lisbon\)/)).toBeVisible();
  await expect(card.getByText(en("welcomeCall.card.intro", { manager: "Marta" }))).toBeVisible();
  // Each time reads as Lisbon's clock shows that instant (Brasília's 09:00 is Lisbon's noon).
  const firstDay = card.locator("fieldset").first();
  const instant = await firstDay.locator("input[name=start]").first().getAttribute("value");
  const lisbon = new Intl.DateTimeFormat("en", { timeZone: "Europe/Lisbon", timeStyle: "short" });
  const brasilia = new Intl.DateTimeFormat("en", {
    timeZone: "America/Sao_Paulo",
    timeStyle: "short",
  });
  await expect(firstDay.locator("label").first()).toHaveText(lisbon.format(new Date(instant!)));
  expect(lisbon.format(new Date(instant!))).not.toBe(brasilia.format(new Date(instant!)));
  await expectAccessible(page, "her dashboard with free times");
  await shoot(page, "1-times");
  // The same card in Portuguese, then back to English.
  await page.goto(`${server.origin}/dashboard/model?lang=pt`);
  await expect(
    card.getByRole("heading", { name: t("pt", "welcomeCall.card.title") }),
  ).toBeVisible();
  await expect(card.getByText(/Horário da Europa Ocidental \(Lisbon\)/)).toBeVisible();
  await expectAccessible(page, "her dashboard with free times, in Portuguese");
  await shoot(page, "1-times-pt");
  await page.goto(`${server.origin}/dashboard/model?lang=en`);
  await waitForHydration(page);

  // She chooses with the keyboard: the first time, then Enter on the button.
  await firstDay.locator("label").first().click();
  const chosen = await firstDay.locator("label").first().textContent();
  await card.getByRole("button", { name: en("welcomeCall.card.book") }).click();
  await expect(page).toHaveURL(/\/dashboard\/model\?call=booked/);
  await expect(card.getByText(en("welcomeCall.card.notice.booked"))).toBeVisible();
  await expect(card.locator("time")).toContainText(chosen!.trim());
  await expect(card.getByRole("link", { name: en("welcomeCall.card.join") })).toHaveAttribute(
    "href",
    "https://meet.example/marta",
  );
  await expectAccessible(page, "her dashboard with her call booked");
  await shoot(page, "2-booked");

  // Both mails arrive over SMTP, each with the invitation.
  const hers = await smtp.mailTo(MODEL, 0, 20_000);
  expect(hers.subject).toBe(en("welcomeCall.mail.model.subject.booked"));
  // Her manager's invitation: not the first mail to her on a server started after the hour of
  // the staff's daily digest, which goes out to approvers first.
  let managers: ParsedMail | undefined;
  await expect
    .poll(
      () =>
        (managers = smtp.received.find(
          (mail) =>
            recipientsOf(mail).includes(MANAGER) &&
            mail.attachments.some((part) => part.contentType.startsWith("text/calendar")),
        )),
      { message: "her manager's invitation", timeout: paced(20_000) },
    )
    .toBeTruthy();
  for (const mail of [hers, managers!]) {
    const ics = mail.attachments.find((part) => part.contentType.startsWith("text/calendar"));
    expect(ics?.content.toString("utf8")).toContain("METHOD:REQUEST");
  }
  expect(
    hers.attachments
      .find((part) => part.contentType.startsWith("text/calendar"))!
      .content.toString(),
  ).toContain("TZID=Europe/Lisbon");

  // She moves it to another time.
  await card.getByText(en("welcomeCall.card.moveSummary")).click();
  const other = card.locator("details fieldset").nth(1).locator("label").first();
  await other.click();
  await card.getByRole("button", { name: en("welcomeCall.card.move") }).click();
  await expect(card.getByText(en("welcomeCall.card.notice.moved"))).toBeVisible();
  expect((await smtp.mailTo(MODEL, 1, 20_000)).subject).toBe(
    en("welcomeCall.mail.model.subject.moved"),
  );
  const [moved] = await database.query<{ sequence: number }>(
    `select sequence from welcome_calls where submission_id = $1 and state = 'booked'`,
    [submissionId],
  );
  expect(moved!.sequence).toBe(1);

  // And cancels it.
  await card.getByRole("button", { name: en("welcomeCall.card.cancel") }).click();
  await expect(card.getByText(en("welcomeCall.card.notice.cancelled"))).toBeVisible();
  const cancelled = await smtp.mailTo(MODEL, 2, 20_000);
  expect(
    cancelled.attachments
      .find((part) => part.contentType.startsWith("text/calendar"))!
      .content.toString(),
  ).toContain("METHOD:CANCEL");
  await shoot(page, "3-cancelled");

  // She books again; then the call's time comes (moved into the past here).
  await card.locator("fieldset").first().locator("label").first().click();
  await card.getByRole("button", { name: en("welcomeCall.card.book") }).click();
  await expect(card.getByText(en("welcomeCall.card.notice.booked"))).toBeVisible();
  await database.query(
    `update welcome_calls set starts_at = now() - interval '5 minutes', ends_at = now() + interval '25 minutes'
     where submission_id = $1 and state = 'booked'`,
    [submissionId],
  );

  const agenda = await signedIn(browser, MANAGER, "/admin/agenda?lang=en", "203.0.113.72");
  const call = agenda.getByRole("listitem").filter({ hasText: "Luana Costa" });
  await expect(call.getByRole("link", { name: "Luana Costa" })).toHaveAttribute(
    "href",
    `/admin/cadastros/${submissionId}`,
  );
  await expect(call.getByText(/Her time: .* \(Europe\/Lisbon\)/)).toBeVisible();
  await expectAccessible(agenda, "the manager's agenda");
  await shoot(agenda, "4-agenda");
  await call.getByRole("button", { name: new RegExp(`^${en("welcomeCall.agenda.held")}`) }).click();
  await expect(agenda.getByText(en("welcomeCall.agenda.marked.held"))).toBeVisible();
  await expect(call.getByText(en("welcomeCall.agenda.states.held"))).toBeVisible();
  await shoot(agenda, "5-held");

  // Her availability: a day written wrong is refused with the reason, what she typed kept.
  await agenda.getByRole("link", { name: en("welcomeCall.agenda.availability") }).click();
  await expect(agenda.locator("h1")).toHaveText(en("welcomeCall.availability.title"));
  await waitForHydration(agenda);
  const monday = agenda.getByLabel("Monday", { exact: true });
  await expect(monday).toHaveValue("09:00-12:00, 14:00-17:00");
  await monday.fill("09:00-12:00, 11:00-13:00");
  await agenda.getByRole("button", { name: en("welcomeCall.availability.save") }).click();
  await expect(agenda.getByText(en("welcomeCall.availability.errors.overlap"))).toBeVisible();
  await expect(monday).toHaveValue("09:00-12:00, 11:00-13:00");
  await expect(monday).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(agenda, "her availability with an error");
  await shoot(agenda, "7-availability");
  await monday.fill("09:00-12:00, 13:00-18:00");
  await agenda.getByRole("button", { name: en("welcomeCall.availability.save") }).click();
  await expect(agenda.getByText(en("welcomeCall.availability.done.hours"))).toBeVisible();
  const [{ count }] = (await database.query<{ count: string }>(
    `select count(*) from staff_availability a join "user" u on u.id = a.user_id
     where u.email = $1 and weekday = 1 and start_minute = 780 and end_minute = 1080`,
    [MANAGER],
  )) as [{ count: string }];
  expect(Number(count)).toBe(1);

  const [step] = await database.query<{ state: string }>(
    `select s.state from submission_onboarding_steps s join onboarding_steps o on o.id = s.step_id
     where s.submission_id = $1 and o.key = 'welcome-call'`,
    [submissionId],
  );
  expect(step!.state).toBe("done");
  await page.reload();
  await expect(card.getByText(en("welcomeCall.card.held", { manager: "Marta" }))).toBeVisible();
  await expectAccessible(page, "her dashboard after the call");
  await shoot(page, "6-held");
});

/**
 * Her booking as she lives it on a slow phone (the processor four times slower, "Slow 3G", her
 * first tap a second after the page appears), with the signal lost twice: once while her choice
 * is on its way (nothing is booked; she is told, her choice is still there, and the next tap
 * books it), once after the server moved her call but before she heard (a reload shows the call
 * where she moved it, booked once, and each change mailed once).
 */
test("on a slow phone, a lost connection neither loses her booking nor books it twice", async ({
  browser,
}) => {
  const pt = (key: string, vars?: Record<string, string | number>) => t("pt", key, vars);
  const proxy = await droppingProxy(new URL(server.origin), {
    post: "/dashboard/model/welcome-call",
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: "America/Sao_Paulo",
    locale: "pt-BR",
  });
  try {
    // Her session cookie is the host's, whatever the port: the proxy's pages carry it too.
    const response = await context.request.post(`${server.origin}/login`, {
      form: { email: SLOW_MODEL, password: PASSWORD },
      headers: { origin: server.origin, "x-forwarded-for": "203.0.113.73" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", slow3g);
    await page.goto(`${proxy.origin}/dashboard/model?lang=pt`);
    await page.waitForTimeout(1_000);

    const card = page.locator("#welcome-call");
    const first = card.locator("fieldset").first().locator("label").first();
    await first.tap();
    // She takes her time to choose: by her tap on "book" the page's code is running.
    await waitForHydration(page);
    // Chosen before the page's code ran, still chosen after (the page in Brasília's zone once
    // re-made itself on hydration, its times formatted in another zone than the server's).
    await expect(first.locator("input")).toBeChecked();
    const booked = () =>
      database.query<{ starts_at: Date; sequence: number }>(
        `select starts_at, sequence from welcome_calls where submission_id = $1 and state = 'booked'`,
        [slowSubmissionId],
      );

    // The signal goes while her choice is on its way: nothing is booked, and she is told.
    const lost = page.getByRole("alert").filter({ hasText: pt("welcomeCall.errors.unreachable") });
    proxy.arm({ cut: "request", after: 40 });
    await card.getByRole("button", { name: pt("welcomeCall.card.book") }).tap();
    await expect(lost).toBeVisible({ timeout: paced(60_000) });
    expect(proxy.cuts).toBeGreaterThan(0);
    expect(await booked()).toEqual([]);
    await expect(
      card.locator("fieldset").first().locator("input[name=start]").first(),
    ).toBeChecked();

    // The signal is back: the same tap books it.
    proxy.disarm();
    await card.getByRole("button", { name: pt("welcomeCall.card.book") }).tap();
    await expect(card.getByText(pt("welcomeCall.card.notice.booked"))).toBeVisible({
      timeout: paced(60_000),
    });
    // Booked, the card says only that: the lost connection's message is gone.
    await expect(lost).toHaveCount(0);
    expect(await booked()).toHaveLength(1);

    // She moves it; the server moves it, and the answer is lost on the way back.
    await card.getByText(pt("welcomeCall.card.moveSummary")).tap();
    const other = card.locator("details fieldset").nth(1).locator("label").first();
    const otherTime = (await other.textContent())!.trim();
    await other.tap();
    await expect(other.locator("input")).toBeChecked();
    const cutsBefore = proxy.cuts;
    proxy.arm({ cut: "answer" });
    await card.getByRole("button", { name: pt("welcomeCall.card.move") }).tap();
    await expect(lost).toBeVisible({ timeout: paced(60_000) });
    expect(proxy.cuts).toBeGreaterThan(cutsBefore);
    proxy.disarm();
    // A reload shows her call where she moved it: once, not twice.
    await page.reload();
    await expect(card.locator("time")).toContainText(otherTime, { timeout: paced(60_000) });
    const [call, ...more] = await booked();
    expect(more).toEqual([]);
    expect(call!.sequence).toBe(1);
    // Each change reached her mailbox once: booked, then moved.
    expect((await smtp.mailTo(SLOW_MODEL, 0, 20_000)).subject).toBe(
      pt("welcomeCall.mail.model.subject.booked"),
    );
    expect((await smtp.mailTo(SLOW_MODEL, 1, 20_000)).subject).toBe(
      pt("welcomeCall.mail.model.subject.moved"),
    );
    await expectAccessible(page, "her booked call after a lost connection");
    expect(pageErrors, "no error on her page (a hydration mismatch is one)").toEqual([]);
  } finally {
    await context.close();
    await proxy.close();
  }
});
