import { expectAccessible } from "./axe.ts";
import { expect, t, test } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * A reviewer's alerts end to end: an approver finds Notifications in her account menu, chooses to
 * hear at once, and the next application through the landing form reaches her mailbox (a real
 * SMTP server) in her language, naming the applicant by first name and initial only, with a link
 * into the back office. Axe on the screen, before and after saving.
 */
const REVIEWER = "vera.reviewer@example.com";

test("an approver chooses alerts at once and the next application is mailed to her", async ({
  app,
  browser,
  request,
}) => {
  test.setTimeout(paced(90_000));
  await app.account("approver", { email: REVIEWER });
  const page = await (await browser.newContext()).newPage();
  await app.signIn(page, "approver", { email: REVIEWER });

  await page.getByText(t("en", "account.dashboard")).first().click();
  await page.getByRole("link", { name: t("en", "account.notifications") }).click();
  await expect(page).toHaveURL(`${app.origin}/account/notifications`);
  await expect(page.locator("h1")).toHaveText(t("en", "notifications.title"));
  // A new approver hears once a day, at 08:00 Brasília time.
  await expect(
    page.getByRole("radio", { name: t("en", "notifications.modes.digest") }),
  ).toBeChecked();
  await expect(page.getByLabel(t("en", "notifications.hour"))).toHaveValue("8");
  await expectAccessible(page, "the notifications screen");

  await page.getByRole("radio", { name: t("en", "notifications.modes.instant") }).check();
  await page.getByRole("button", { name: t("en", "notifications.save") }).click();
  await expect(page.getByRole("status")).toHaveText(t("en", "notifications.saved"));
  await page.reload();
  await expect(
    page.getByRole("radio", { name: t("en", "notifications.modes.instant") }),
  ).toBeChecked();
  await expectAccessible(page, "the notifications screen once saved");

  const sent = await request.post(`${app.origin}/?index&lang=pt`, {
    headers: { origin: app.origin },
    form: {
      fullName: "Helena Prado Vasconcelos",
      age: "27",
      email: "helena.applicant@example.com",
      instagram: "@helena.pv",
      experience: "beginner",
      message: "Quero conhecer a agência e o trabalho de vocês.",
      consent: "on",
    },
  });
  expect(sent.status()).toBe(200);

  // The job looks every five seconds; her account was made in Portuguese (npm run user:create).
  // From now on she hears of every application on this server: hers is the one naming Helena.
  const mail = await app.mail.mailAbout(REVIEWER, "Helena V.", 25_000);
  expect(mail.subject).toBe(t("pt", "mail.staff.alert.subject"));
  expect(mail.text).toContain("Helena V.");
  expect(mail.text).toMatch(/\/admin\/cadastros\/\d+/);
  for (const secret of ["Prado", "Vasconcelos", "helena.applicant", "@helena.pv", "conhecer"]) {
    expect(`${mail.subject}${mail.text}${mail.html}`, secret).not.toContain(secret);
  }
});
