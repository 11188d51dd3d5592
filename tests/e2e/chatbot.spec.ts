import type { Locator } from "@playwright/test";
import {
  answerAll,
  chat,
  giveLocation,
  maskedDocument,
  openChat,
  say,
  skipPhotos,
  STORAGE_KEY,
  toasts,
  valid,
  yearsAgo,
} from "./chatbot-steps.ts";
import { expect, t, test, waitForHydration, type Lang } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The pre-selection chatbot on /contact (spec section 4): the questions in order with their
 * checks, the summary, changing an answer, starting over, picking up after a reload, and a send
 * that fails without losing anything (on a server of the test's own, stopped under it). The
 * submission limit is chatbot-limit.spec.ts.
 */

async function expectAsked(c: ReturnType<typeof chat>, lang: Lang, question: string) {
  await expect(c.lastMessage).toContainText(t(lang, `chatbot.ask.${question}`));
}

async function expectInvalid(
  c: ReturnType<typeof chat>,
  lang: Lang,
  key: string,
  control: Locator,
) {
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.invalid"));
  await expect(c.lastMessage).toContainText(t(lang, key));
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(t(lang, key))));
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("chatbot", () => {
  test("asks the nine questions in order and answers each wrong answer with its message", async ({
    page,
  }) => {
    const lang = "pt";
    const c = await openChat(page, lang);
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.welcome"));
    await c.button("chatbot.begin").click();

    await expectAsked(c, lang, "fullName");
    await say(page, "Al");
    await expectInvalid(c, lang, "chatbot.errors.fullName", c.answer);
    // What she typed stays in the box for her to correct.
    await expect(c.answer).toHaveValue("Al");
    await say(page, valid.fullName);

    await expectAsked(c, lang, "dateOfBirth");
    await expect(
      c.dialog.getByText(t(lang, "chatbot.progress", { current: 2, total: 9 })),
    ).toBeVisible();
    await say(page, yearsAgo(18, 1)); // 18 tomorrow
    await expectInvalid(c, lang, "chatbot.errors.dateOfBirthMinor", c.answer);
    await say(page, yearsAgo(18)); // 18 today

    await expectAsked(c, lang, "location");
    await giveLocation(page, "BR", "");
    await expectInvalid(c, lang, "chatbot.errors.location", c.dialog.locator("#chat-city"));
    await giveLocation(page, "BR", valid.city);

    await expectAsked(c, lang, "phone");
    // Too short for a number of Brasil, the country she chose (a full one needs no +55).
    await say(page, "48 9876");
    await expectInvalid(c, lang, "chatbot.errors.phone", c.answer);
    await say(page, valid.phone);

    await expectAsked(c, lang, "email");
    await say(page, "marina@");
    await expectInvalid(c, lang, "chatbot.errors.email", c.answer);
    await say(page, valid.email);

    await expectAsked(c, lang, "document");
    // Letters alone are no document number (a passport's letters with digits are: decision 035).
    await say(page, "ABCD");
    await expectInvalid(c, lang, "chatbot.errors.document", c.answer);
    await say(page, valid.document);

    await expectAsked(c, lang, "instagram");
    await say(page, "@marina..alves");
    await expectInvalid(c, lang, "chatbot.errors.instagram", c.answer);
    await c.button("chatbot.skip").click();

    await expectAsked(c, lang, "experience");
    await c.button("preselection.experienceOptions.beginner").click();

    await expectAsked(c, lang, "message");
    await say(page, "Oi!");
    await expectInvalid(c, lang, "chatbot.errors.message", c.answer);
    await say(page, valid.message);
    await skipPhotos(page, lang);

    // The summary shows every answer, the document masked (chatbot-storage.spec.ts), the
    // skipped one as such.
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.summary"));
    for (const text of [
      valid.fullName,
      valid.city,
      "Brasil",
      // As it is stored, read with the calling code of Brasil (decision 035).
      "+55 48 99876 5432",
      valid.email,
      maskedDocument,
    ]) {
      await expect(c.lastMessage).toContainText(text);
    }
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.skipped"));
    await expect(c.lastMessage).toContainText(t(lang, "preselection.experienceOptions.beginner"));
  });

  test("decline → change an answer → confirm sends it, with the success message and toast", async ({
    page,
  }) => {
    const lang = "en";
    const c = await openChat(page, lang);
    await c.button("chatbot.begin").click();
    await answerAll(page, lang);

    await c.button("chatbot.decline").click();
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.editPrompt"));
    await c.button("chatbot.fields.email").click();
    await expectAsked(c, lang, "email");
    // The box holds her earlier answer.
    await expect(c.answer).toHaveValue(valid.email);
    await say(page, "marina.new@example.com");
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.summary"));
    await expect(c.lastMessage).toContainText("marina.new@example.com");

    // Consent is required before anything is sent.
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/chatbot")) requests.push(request.postData() ?? "");
    });
    await c.button("chatbot.confirm").click();
    await expect(c.dialog.getByText(t(lang, "validation.consentRequired"))).toBeVisible();
    await expect(c.dialog.locator("#chat-consent")).toBeFocused();
    expect(requests).toEqual([]);

    await c.dialog.locator("#chat-consent").check();
    await c.button("chatbot.confirm").click();
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.sent"));
    await expect(toasts(page)).toContainText(t(lang, "preselection.sentTitle"));
    await expect(toasts(page)).toContainText(t(lang, "preselection.sentDescription"));
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]!)).toMatchObject({
      email: "marina.new@example.com",
      document: valid.document,
      country: "BR",
      consent: "on",
    });
    // Once sent, nothing of hers stays in the browser.
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();

    await c.dialog
      .locator("footer")
      .getByRole("button", { name: t(lang, "chatbot.close") })
      .click();
    await expect(c.dialog).toBeHidden();
    await expect(page.getByRole("button", { name: t(lang, "contact.chatStart") })).toBeFocused();
  });

  test("start over erases the answers and begins again", async ({ page }) => {
    const lang = "es";
    const c = await openChat(page, lang);
    await c.button("chatbot.begin").click();
    await say(page, valid.fullName);
    await say(page, valid.dateOfBirth);

    await c.dialog.getByRole("button", { name: t(lang, "chatbot.restart") }).click();
    await expect(c.dialog.getByText(t(lang, "chatbot.restartConfirm"))).toBeVisible();
    await c.button("chatbot.restartNo").click();
    await expect(c.log).toContainText(valid.fullName);

    await c.dialog.getByRole("button", { name: t(lang, "chatbot.restart") }).click();
    await c.button("chatbot.restartYes").click();
    await expect(c.log.getByRole("listitem")).toHaveCount(1);
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.welcome"));
    await expect(c.log).not.toContainText(valid.fullName);
    await expect(c.button("chatbot.begin")).toBeFocused();
    const saved = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    expect(saved ?? "").not.toContain(valid.fullName);
  });

  test("a reload keeps the answers and what she was typing, asking her date of birth again first", async ({
    page,
  }) => {
    const lang = "de";
    const c = await openChat(page, lang);
    await c.button("chatbot.begin").click();
    await say(page, valid.fullName);
    await say(page, valid.dateOfBirth);
    await giveLocation(page, valid.country, valid.city);
    await c.answer.fill("+55 48 9");

    await page.reload();
    await waitForHydration(page);
    const resume = page.getByRole("button", { name: t(lang, "chatbot.resume") });
    await expect(resume).toBeVisible();
    await resume.click();
    await expect(c.log).toContainText(valid.fullName);
    await expect(c.log).toContainText(valid.city);
    // Never kept in the browser, so asked for again (chatbot-storage.spec.ts); then on from there.
    await expect(c.log).toContainText(t(lang, "chatbot.askAgain.dateOfBirth"));
    await expectAsked(c, lang, "dateOfBirth");
    await say(page, valid.dateOfBirth);
    await expectAsked(c, lang, "phone");
    await expect(c.answer).toHaveValue("+55 48 9");
    await expect(c.answer).toBeFocused();

    // …and goes on from there.
    await say(page, valid.phone);
    await expectAsked(c, lang, "email");
  });

  test("the whole conversation works from the keyboard alone", async ({ browser }) => {
    // The date field's segments follow the browser's locale.
    const page = await browser.newPage({ locale: "en-US" });
    const lang = "en";
    await page.goto(`/contact?lang=${lang}`);
    await waitForHydration(page);
    const launcher = page.getByRole("button", { name: t(lang, "contact.chatStart") });
    await launcher.focus();
    await page.keyboard.press("Enter");
    const c = chat(page, lang);
    await expect(c.button("chatbot.begin")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(c.answer).toBeFocused();
    await page.keyboard.type(valid.fullName);
    await page.keyboard.press("Enter");
    // The browser's date field, in the en-US order: month, day, year.
    const [year, month, day] = valid.dateOfBirth.split("-");
    await expect(c.answer).toBeFocused();
    await page.keyboard.type(`${month}${day}${year}`);
    await page.keyboard.press("Enter");
    await expect(c.dialog.locator("#chat-country")).toBeFocused();
    await page.keyboard.type("Brazil");
    await page.keyboard.press("Tab");
    await page.keyboard.type(valid.city);
    await page.keyboard.press("Enter");
    for (const value of [valid.phone, valid.email, valid.document, valid.instagram]) {
      await expect(c.answer).toBeFocused();
      await page.keyboard.type(value);
      await page.keyboard.press("Enter");
    }
    await expect(c.button("preselection.experienceOptions.beginner")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(c.answer).toBeFocused();
    await page.keyboard.type(valid.message);
    await page.keyboard.press("Enter");
    // The photo step: the picker has the focus, "Skip" is the next stop.
    await expect(c.dialog.getByLabel(t(lang, "chatbot.photos.choose"))).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(c.button("chatbot.skip")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.summary"));
    await expect(c.lastMessage).toContainText("Brazil");
    await expect(c.lastMessage).toContainText(
      t(lang, "preselection.experienceOptions.intermediate"),
    );
    await expect(c.dialog.locator("#chat-consent")).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab"); // the privacy link
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.sent"));

    // Escape closes it and gives the focus back.
    await page.keyboard.press("Escape");
    await expect(c.dialog).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test("a send while the server is down keeps everything, says so, and can be sent again", async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allow(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
    // Its server starts twice: on a busy machine that alone can take most of 30 seconds.
    test.setTimeout(paced(90_000));
    const port = Number(process.env.E2E_PORT ?? 3210) + 17;
    const server = await ownServer(port);
    try {
      const lang = "it";
      await page.goto(`${server.origin}/contact?lang=${lang}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: t(lang, "contact.chatStart") }).click();
      const c = chat(page, lang);
      await c.button("chatbot.begin").click();
      await answerAll(page, lang);
      await c.dialog.locator("#chat-consent").check();

      await server.stop();
      await c.button("chatbot.confirm").click();
      await expect(c.lastMessage).toContainText(t(lang, "preselection.errorDescription"));
      await expect(toasts(page)).toContainText(t(lang, "preselection.errorTitle"));
      await expect(toasts(page)).toContainText(t(lang, "preselection.errorDescription"));
      // Nothing is lost: the answers are still on screen and kept in the browser (all but the
      // date of birth and the document, which a reload asks for again).
      const saved = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
      for (const value of [valid.fullName, valid.email, valid.message]) {
        expect(saved).toContain(value);
      }
      expect(saved).not.toContain(valid.document);
      await expect(c.dialog.locator("#chat-consent")).toBeChecked();

      await server.start();
      await c.button("chatbot.retry").click();
      await expect(c.lastMessage).toContainText(t(lang, "chatbot.sent"));
      await expect(toasts(page)).toContainText(t(lang, "preselection.sentTitle"));
    } finally {
      await server.stop();
    }
  });
});
