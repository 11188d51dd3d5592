import type { Browser, Locator, Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { answerAll, chat, openChat, toasts } from "./chatbot-steps.ts";
import { expect, t, test, waitForHydration, type Lang } from "./fixtures.ts";

/**
 * Issue 26, "She knows it worked": after an application, from the home page's form,
 * /register/model or the chat, a panel that stays says it was received, when and how the agency
 * answers, to look in the spam folder and how to withdraw. A plain form's post (no JavaScript,
 * or not yet) lands on the form's section, refused or accepted, and a reload sends nothing again.
 */

// Screenshots to look at, only when asked for (SHOTS_DIR=<folder>).
const SHOTS = process.env.SHOTS_DIR;
const REPLY_DAYS = 5; // the stand-in's promise (app/features/submissions/reply-promise.server.ts)

const unique = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

const field = (page: Page, lang: Lang, key: string) =>
  page.getByLabel(t(lang, `preselection.${key}`), { exact: true });

async function fillApplication(
  page: Page,
  lang: Lang,
  { email, whatsapp = "", password }: { email: string; whatsapp?: string; password?: boolean },
) {
  await field(page, lang, "fullName").fill("Lívia Prado");
  await field(page, lang, "age").fill("26");
  await field(page, lang, "email").fill(email);
  await field(page, lang, "whatsapp").fill(whatsapp);
  await field(page, lang, "instagram").fill("@livia.prado");
  if (password) await page.locator('input[name="password"]').fill(`senha-de-verdade-${Date.now()}`);
  await field(page, lang, "experienceOptions.beginner").check();
  await field(page, lang, "message").fill("Quero começar com uma equipe séria e cuidadosa.");
  await field(page, lang, "consent").check();
}

const panelOf = (page: Page | Locator, lang: Lang) =>
  page.getByRole("region", { name: t(lang, "thanks.title") });

/** Everything the panel promises, in her language. */
async function expectPanel(
  panel: Locator,
  lang: Lang,
  { email, whatsapp, account = false }: { email: string; whatsapp: boolean; account?: boolean },
) {
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(t(lang, "thanks.when_other", { count: REPLY_DAYS }));
  await expect(panel).toContainText(`${t(lang, "thanks.byEmail")} ${email}`);
  await expect(panel).toContainText(t(lang, "thanks.spam"));
  await expect(panel).toContainText(t(lang, "thanks.withdraw"));
  await expect(panel.getByRole("link", { name: t(lang, "thanks.withdrawLink") })).toHaveAttribute(
    "href",
    "/privacy/request",
  );
  if (whatsapp) await expect(panel).toContainText(t(lang, "thanks.byWhatsapp"));
  else await expect(panel).not.toContainText(t(lang, "thanks.byWhatsapp"));
  if (account) await expect(panel).toContainText(t(lang, "thanks.account"));
  else await expect(panel).not.toContainText(t(lang, "thanks.account"));
}

async function withoutJavaScript(browser: Browser, baseURL: string | undefined, width = 1366) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  return { context, page: await context.newPage() };
}

async function submit(page: Page, lang: Lang, scope: Page | Locator = page) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    scope.getByRole("button", { name: t(lang, "preselection.submit") }).click(),
  ]);
  return response;
}

test.describe("the home page's form", () => {
  test("with JavaScript: the panel replaces the form, takes the focus, passes axe; a reload shows the form", async ({
    page,
  }) => {
    const lang = "pt";
    const email = unique("livia.js");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?lang=${lang}#preselection`);
    await waitForHydration(page, "#preselection form");
    await fillApplication(page, lang, { email, whatsapp: "+55 48 99123-4567" });
    const response = await submit(page, lang, page.locator("#preselection"));
    expect(response.status()).toBe(200);

    const panel = panelOf(page.locator("#preselection"), lang);
    await expectPanel(panel, lang, { email, whatsapp: true });
    await expect(page.locator("#preselection form")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: t(lang, "thanks.title") })).toBeFocused();
    await expect(panel).toBeInViewport();
    // The toast says it too, as before.
    await expect(page.locator("li[data-variant]")).toContainText(t(lang, "preselection.sentTitle"));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-panel-390.png` });
    await expectAccessible(page, "/ with the thank-you panel");

    // Lasting: it stays while she reads, long after the toast has gone.
    await page.waitForTimeout(5500);
    await expect(panel).toBeVisible();

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.reload();
    await waitForHydration(page, "#preselection form");
    await expect(field(page, lang, "fullName")).toHaveValue("");
    await expect(panelOf(page, lang)).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("with JavaScript on a wide screen, in English, without WhatsApp", async ({ page }) => {
    const lang = "en";
    const email = unique("olivia.wide");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/?lang=${lang}#preselection`);
    await waitForHydration(page, "#preselection form");
    await fillApplication(page, lang, { email });
    await submit(page, lang, page.locator("#preselection"));
    await expectPanel(panelOf(page, lang), lang, { email, whatsapp: false });
    if (SHOTS)
      await page.locator("#preselection").screenshot({ path: `${SHOTS}/home-panel-1366.png` });
  });

  test("without JavaScript: refused, she lands on the form with her answers and the reasons; accepted, on the panel; a reload sends nothing again", async ({
    browser,
    baseURL,
  }) => {
    const lang = "pt";
    const { context, page } = await withoutJavaScript(browser, baseURL, 390);
    try {
      await page.goto(`/?lang=${lang}`);
      await fillApplication(page, lang, { email: "" });
      await field(page, lang, "message").fill("curta");
      const refused = await submit(page, lang, page.locator("#preselection"));
      expect(refused.status()).toBe(400);
      await page.waitForLoadState();
      expect(new URL(page.url()).hash).toBe("#preselection");
      await expect(page.locator("#preselection")).toBeInViewport();
      await expect(page.locator("#email-error")).toHaveText(t(lang, "applying.emailRequired"));
      await expect(page.locator("#message-error")).toHaveText(t(lang, "validation.messageMin"));
      await expect(field(page, lang, "fullName")).toHaveValue("Lívia Prado");
      await expect(field(page, lang, "message")).toHaveValue("curta");
      await expect(field(page, lang, "consent")).toBeChecked();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-refused-nojs-390.png` });

      const email = unique("livia.nojs");
      await field(page, lang, "email").fill(email);
      await field(page, lang, "message").fill("Agora sim, uma mensagem completa.");
      const accepted = await submit(page, lang, page.locator("#preselection"));
      expect(accepted.status()).toBe(303);
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname).toBe("/");
      expect(new URL(page.url()).hash).toBe("#preselection");
      const panel = panelOf(page, lang);
      await expectPanel(panel, lang, { email, whatsapp: false });
      await expect(panel).toBeInViewport();
      await expect(page.locator("#preselection form")).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-panel-nojs-390.png` });

      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.method()));
      await page.reload();
      expect(requests[0]).toBe("GET");
      await expect(page.locator("#preselection form")).toBeVisible();
      await expect(panelOf(page, lang)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("with JavaScript still on its way, a post lands on the form's section with the panel", async ({
    page,
  }) => {
    const lang = "en";
    const email = unique("early");
    // The home page's code is held back: the form is the server's plain form.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`/?lang=${lang}`);
      await fillApplication(page, lang, { email });
      const response = await submit(page, lang, page.locator("#preselection"));
      expect(response.status()).toBe(303);
      await page.waitForURL(/\/#preselection$/, { waitUntil: "commit" });
      await expectPanel(panelOf(page, lang), lang, { email, whatsapp: false });
      await expect(panelOf(page, lang)).toBeInViewport();
    } finally {
      release();
    }
  });
});

test.describe("/register/model", () => {
  test("says it creates an account and why a password", async ({ page }) => {
    for (const lang of ["pt", "sv"] as const) {
      await page.goto(`/register/model?lang=${lang}`);
      const note = page.getByRole("region", { name: t(lang, "applying.accountTitle") });
      await expect(note).toContainText(t(lang, "applying.accountWhy"));
    }
  });

  test("with JavaScript: the panel says how to activate the account, and passes axe", async ({
    page,
  }) => {
    const lang = "pt";
    const email = unique("conta.js");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/register/model?lang=${lang}`);
    await waitForHydration(page);
    await fillApplication(page, lang, { email, whatsapp: "+55 48 99123-4567", password: true });
    await submit(page, lang);
    const panel = panelOf(page, lang);
    await expectPanel(panel, lang, { email, whatsapp: true, account: true });
    await expect(
      page.getByRole("heading", { level: 2, name: t(lang, "thanks.title") }),
    ).toBeFocused();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-panel-1366.png`, fullPage: true });
    await expectAccessible(page, "/register/model with the thank-you panel");
  });

  test("without JavaScript: back to the form's card with the panel", async ({
    browser,
    baseURL,
  }) => {
    const lang = "en";
    const email = unique("account.nojs");
    const { context, page } = await withoutJavaScript(browser, baseURL, 390);
    try {
      await page.goto(`/register/model?lang=${lang}`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-form-390.png` });
      await fillApplication(page, lang, { email, password: true });
      const response = await submit(page, lang);
      expect(response.status()).toBe(303);
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname).toBe("/register/model");
      expect(new URL(page.url()).hash).toBe("#preselection");
      const panel = panelOf(page, lang);
      await expectPanel(panel, lang, { email, whatsapp: false, account: true });
      await expect(panel).toBeInViewport();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-panel-nojs-390.png` });
    } finally {
      await context.close();
    }
  });
});

test.describe("the form's help", () => {
  test("an empty e-mail is asked for; the message counts down to its minimum, told politely once she pauses", async ({
    page,
  }) => {
    const lang = "en";
    await page.goto(`/register/model?lang=${lang}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: t(lang, "preselection.submit") }).click();
    await expect(page.locator("#email-error")).toHaveText(t(lang, "applying.emailRequired"));

    const message = field(page, lang, "message");
    await expect(message).toHaveAccessibleDescription(
      new RegExp(t(lang, "applying.messageRule_other", { count: 10 }).replace(".", "\\.")),
    );
    const counter = page.locator("#message-counter");
    const spoken = page.locator("#message-counter-spoken");
    await expect(spoken).toHaveAttribute("aria-live", "polite");
    // Every text the screen reader's region ever holds.
    await spoken.evaluate((region) => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await message.fill("");
    await message.pressSequentially("Hi th", { delay: 60 });
    await expect(counter).toHaveText(t(lang, "applying.messageMissing_other", { count: 5 }));
    await expect(spoken).toHaveText(t(lang, "applying.messageMissing_other", { count: 5 }));
    // Five keys, one announcement: the count once she paused.
    expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([
      t(lang, "applying.messageMissing_other", { count: 5 }),
    ]);
    await message.pressSequentially("ere", { delay: 60 });
    await expect(counter).toHaveText(t(lang, "applying.messageMissing_other", { count: 2 }));
    await message.pressSequentially(" Ana");
    await expect(counter).toHaveText("");
    await expect(page.locator("#message-error")).toHaveCount(0);
    await page.locator("#message").scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/message-counter.png` });
  });
});

test.describe("the chat", () => {
  for (const width of [390, 1366]) {
    test(`at ${width} px: the panel replaces the composer, the toast covers none of its buttons, axe passes`, async ({
      page,
    }) => {
      const lang = "en";
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const c = await openChat(page, lang);
      await c.button("chatbot.begin").click();
      const email = unique("marina.chat");
      await answerAll(page, lang, {
        fullName: "Marina Alves",
        dateOfBirth: "1999-03-14",
        country: "BR",
        city: "Florianópolis – SC",
        phone: "+55 (48) 99876-5432",
        email,
        document: "123.456.789-09",
        instagram: "@marina.alves",
        experience: "intermediate",
        message: "I would like to grow with a professional team behind me.",
      });
      await c.dialog.locator("#chat-consent").check();
      await c.button("chatbot.confirm").click();

      const footer = c.dialog.locator("footer");
      const panel = panelOf(footer, lang);
      await expectPanel(panel, lang, { email, whatsapp: true });
      await expect(c.dialog.getByRole("heading", { name: t(lang, "thanks.title") })).toBeFocused();
      await expect(footer.getByRole("button", { name: t(lang, "chatbot.close") })).toBeVisible();
      await expect(
        panel.getByRole("link", { name: t(lang, "thanks.withdrawLink") }),
      ).toHaveAttribute("target", "_blank");
      const toast = toasts(page);
      await expect(toast).toContainText(t(lang, "preselection.sentTitle"));
      await expectNoOverlap(toast, c.dialog.locator("header, footer").getByRole("button"));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/chat-panel-${width}.png` });
      await expectAccessible(page, `the chat's thank-you panel at ${width} px`);

      await footer.getByRole("button", { name: t(lang, "chatbot.close") }).click();
      await expect(chat(page, lang).dialog).toBeHidden();
    });
  }
});

/** No button of `buttons` lies under the toast. */
async function expectNoOverlap(toast: Locator, buttons: Locator) {
  const over = await toast.boundingBox();
  expect(over).not.toBeNull();
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    if (!box) continue;
    const apart =
      box.x + box.width <= over!.x ||
      over!.x + over!.width <= box.x ||
      box.y + box.height <= over!.y ||
      over!.y + over!.height <= box.y;
    expect(apart, `the toast covers "${await button.textContent()}"`).toBe(true);
  }
}
