import { randomBytes } from "node:crypto";
import type { ParsedMail } from "mailparser";
import type { Page } from "@playwright/test";
import { expect, failedResource, t, test, waitForHydration, type Lang } from "./fixtures.ts";

/**
 * Accounts by e-mail, end to end: the worker's server sends its mail to a real SMTP server in
 * the test's process, and the test follows the links in what arrives, as she would.
 */

const linkIn = (mail: ParsedMail) => {
  const link = /https?:\/\/\S+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
};

const alert = (page: Page) => page.getByRole("alert");
const notice = (page: Page) => page.getByRole("status");

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.getByLabel(t(lang, "auth.email")).fill(email);
  await page.getByLabel(t(lang, "auth.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t(lang, "auth.signIn"), exact: true }).click();
}

test.describe("accounts by e-mail", () => {
  // These steps follow one account.
  test.describe.configure({ mode: "serial" });

  const lang: Lang = "es";
  const email = `lia.${randomBytes(4).toString("hex")}@example.com`;
  const password = "maré-talent-2026!";
  const newPassword = "outra-senha-bem-longa";
  test("an affiliate signs up, confirms her address from the e-mail, lands in her portal and logs out", async ({
    app,
    page,
  }) => {
    await page.goto(`${app.origin}/register/affiliate?lang=${lang}`);
    await waitForHydration(page);
    await page.getByLabel(t(lang, "auth.name")).fill("Lia Costa");
    await page.getByLabel(t(lang, "auth.email")).fill(email);
    await page.getByLabel(t(lang, "auth.password")).fill(password);
    await page
      .getByLabel(t(lang, "auth.affiliate.promotion"))
      .fill("Mi Instagram sobre creación de contenido.");
    await page.getByRole("button", { name: t(lang, "auth.affiliate.submit") }).click();
    await expect(page).toHaveURL(`${app.origin}/login?notice=check-email`);
    await expect(notice(page)).toHaveText(t(lang, "auth.notices.check-email"));

    // Discreet, and in the language of the page she signed up on.
    const mail = await app.mail.mailTo(email);
    expect(mail.subject).toBe(t(lang, "mail.verification.subject"));
    expect(mail.from?.value[0]?.name).toBe("Maré Talent");
    const link = linkIn(mail);
    expect(link.startsWith(`${app.origin}/verify-email?token=`)).toBe(true);

    // Her mail provider's scanner opens the link first, as such scanners do, more than once.
    for (let i = 0; i < 3; i++) {
      const scanned = await fetch(link, { redirect: "follow" });
      expect(scanned.status).toBe(200);
      expect(scanned.headers.get("cache-control")).toBe("no-store");
    }
    // Then she does: the page asks her to confirm, and her tap does it, as if no one had been there.
    await page.goto(link);
    await expect(page.locator("h1")).toHaveText(t(lang, "auth.verify.title"));
    await page.getByRole("button", { name: t(lang, "auth.verify.submit") }).click();
    await expect(page).toHaveURL(`${app.origin}/portal`);
    await expect(page.locator("h1")).toHaveText(t(lang, "portal.title"));
    await waitForHydration(page);

    const menu = page.locator("summary", { hasText: t(lang, "account.dashboard") });
    await menu.click();
    await page.getByRole("button", { name: t(lang, "account.logout") }).click();
    await expect(page).toHaveURL(`${app.origin}/`);
    await expect(menu).toHaveCount(0);
    await page.goto(`${app.origin}/portal`);
    await expect(page).toHaveURL(`${app.origin}/login?redirect=%2Fportal`);
  });

  test("she forgets her password, chooses a new one from the e-mail, and only the new one works", async ({
    app,
    page,
    browserErrors,
  }) => {
    browserErrors.allow(failedResource(401)); // the old password, refused
    await page.goto(`${app.origin}/forgot-password?lang=${lang}`);
    await waitForHydration(page);
    await page.getByLabel(t(lang, "auth.email")).fill(email);
    await page.getByRole("button", { name: t(lang, "auth.forgot.submit") }).click();
    await expect(notice(page)).toHaveText(t(lang, "auth.forgot.sent"));

    const mail = await app.mail.mailTo(email, 1);
    expect(mail.subject).toBe(t(lang, "mail.reset.subject"));
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${app.origin}/password-reset#access_token=[^&\\s]+$`));

    await page.goto(link);
    await waitForHydration(page);
    await page.getByLabel(t(lang, "auth.newPassword")).fill(newPassword);
    await page.getByRole("button", { name: t(lang, "auth.reset.submit") }).click();
    await expect(page).toHaveURL(`${app.origin}/login?notice=reset`);
    await expect(notice(page)).toHaveText(t(lang, "auth.notices.reset"));

    await waitForHydration(page);
    await signIn(page, lang, email, password);
    await expect(alert(page)).toHaveText(t(lang, "auth.errors.invalidCredentials"));
    await signIn(page, lang, email, newPassword);
    await expect(page).toHaveURL(`${app.origin}/portal`);
  });

  test("someone signs up with her address: her link, in her own browser, makes her choose her own password", async ({
    app,
    browser,
    browserErrors,
  }) => {
    browserErrors.allow(failedResource(401)); // his password, refused at the end
    const victim = `ana.${randomBytes(4).toString("hex")}@example.com`;
    const attackerPassword = "escolhida-por-outra-pessoa";
    // Someone else's browser: the sign-up with her address and a password of his.
    const attacker = await (await browser.newContext()).newPage();
    await attacker.goto(`${app.origin}/register/affiliate?lang=${lang}`);
    await waitForHydration(attacker);
    await attacker.getByLabel(t(lang, "auth.name")).fill("Ana Souza");
    await attacker.getByLabel(t(lang, "auth.email")).fill(victim);
    await attacker.getByLabel(t(lang, "auth.password")).fill(attackerPassword);
    await attacker
      .getByLabel(t(lang, "auth.affiliate.promotion"))
      .fill("Mi Instagram sobre creación de contenido.");
    await attacker.getByRole("button", { name: t(lang, "auth.affiliate.submit") }).click();
    await expect(attacker).toHaveURL(`${app.origin}/login?notice=check-email`);

    // Hers: the genuine mail, opened where she reads her mail.
    const mail = await app.mail.mailTo(victim);
    const page = await (await browser.newContext()).newPage();
    await page.goto(linkIn(mail));
    await page.getByRole("button", { name: t(lang, "auth.verify.submit") }).click();
    await expect(page).toHaveURL(/\/password-reset\?claim=1&lang=es#access_token=/);
    await expect(page.locator("h1")).toHaveText(t(lang, "auth.reset.claimTitle"));
    await expect(page.getByText(t(lang, "auth.reset.claimSubtitle"))).toBeVisible();
    await waitForHydration(page);
    // Nothing he typed is shown to her or kept: she gives her name and chooses her role.
    await expect(page.getByLabel(t(lang, "auth.name"))).toHaveValue("");
    await page.getByLabel(t(lang, "auth.name")).fill("Ana Beatriz");
    await page.getByLabel(t(lang, "auth.claim.affiliate")).check();
    await page.getByLabel(t(lang, "auth.newPassword")).fill(newPassword);
    await page.getByRole("button", { name: t(lang, "auth.reset.submit") }).click();
    await expect(page).toHaveURL(`${app.origin}/login?notice=reset`);
    await waitForHydration(page);
    await signIn(page, lang, victim, newPassword);
    await expect(page).toHaveURL(`${app.origin}/portal`);

    // His password opens nothing.
    await attacker.goto(`${app.origin}/login?lang=${lang}`);
    await waitForHydration(attacker);
    await signIn(attacker, lang, victim, attackerPassword);
    await expect(alert(attacker)).toHaveText(t(lang, "auth.errors.invalidCredentials"));
  });
});

test("/password-reset without a link's token goes to /login, replacing itself in the history", async ({
  page,
}) => {
  await page.goto("/?lang=pt");
  await page.goto("/password-reset");
  await expect(page).toHaveURL("/login");
  await page.goBack();
  await expect(page).toHaveURL("/?lang=pt");
});
