import type { Page } from "@playwright/test";
import { formatBirthDate } from "#app/features/chatbot/format.ts";
import { expectAccessible } from "./axe.ts";
import {
  answerAll,
  chat,
  expectNothingStored,
  maskedDocument,
  openChat,
  say,
  secretsOf,
  skipPhotos,
  STORAGE_KEY,
  valid,
} from "./chatbot-steps.ts";
import { expect, t, test, waitForHydration, type Lang } from "./fixtures.ts";

/**
 * Issue 24, point 6, as someone who picks up a shared phone after her: the chatbot must leave
 * neither her document number nor her date of birth anywhere in the browser, and must not show
 * the number in clear unless she asks to check it. After a reload it asks for both again.
 */

const digits = valid.document.replace(/\D/g, "");

/** Whether the number is anywhere in the chat's markup, attributes included. */
async function numberInPage(page: Page) {
  const html = await page.getByRole("dialog").innerHTML();
  return html.includes(digits) || html.includes(valid.document);
}

test.describe("the chatbot on a shared phone", () => {
  test("keeps neither the document nor the date of birth in the browser, and shows the number masked until she asks", async ({
    page,
  }) => {
    const lang: Lang = "pt";
    const secrets = secretsOf(lang);
    const c = await openChat(page, lang);
    await c.button("chatbot.begin").click();
    await say(page, valid.fullName);
    await say(page, valid.dateOfBirth);
    // The date of birth may be read back while the page is open…
    await expect(c.log).toContainText(formatBirthDate(valid.dateOfBirth, lang));
    // …but is not written down.
    await expect(c.dialog.locator("#chat-country")).toBeFocused();
    await expectNothingStored(page, secrets, "after her date of birth");

    await c.dialog.locator("#chat-country").selectOption(valid.country);
    await c.dialog.locator("#chat-city").fill(valid.city);
    await c.dialog.locator("#chat-city").press("Enter");
    await say(page, valid.phone);
    await say(page, valid.email);
    // Typed, not sent yet: every keystroke is saved, the number never.
    await expect(c.answer).toBeFocused();
    await c.answer.pressSequentially(valid.document);
    const typing = await expectNothingStored(page, secrets, "while she types her document");
    expect(typing, "what she typed elsewhere is kept").toContain(valid.email);

    await c.answer.press("Enter");
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.instagram"));
    // Her bubble shows the number masked; a screen reader hears how it ends.
    const bubble = c.log.getByRole("listitem").filter({ hasText: maskedDocument }).first();
    await expect(bubble).toContainText(maskedDocument);
    await expect(bubble).toContainText(t(lang, "chatbot.documentEnding", { ending: "8 9 0 9" }));
    expect(await numberInPage(page), "the number in the chat's markup").toBe(false);

    await say(page, valid.instagram);
    await c.button(`preselection.experienceOptions.${valid.experience}`).click();
    await say(page, valid.message);
    await skipPhotos(page, lang);
    const summary = c.lastMessage;
    await expect(summary).toContainText(t(lang, "chatbot.summary"));
    await expect(summary).toContainText(maskedDocument);
    await expect(summary).toContainText(formatBirthDate(valid.dateOfBirth, lang));
    expect(await numberInPage(page), "the number in the summary's markup").toBe(false);
    await expectNothingStored(page, secrets, "at the summary");
    await expectAccessible(page, "the summary, the number masked");

    // She checks it from the keyboard: the button is just before the consent, which has the focus.
    await expect(c.dialog.locator("#chat-consent")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    const show = summary.getByRole("button", { name: t(lang, "chatbot.showDocument") });
    await expect(show).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(summary).toContainText(valid.document);
    await expect(summary).not.toContainText(maskedDocument);
    const hide = summary.getByRole("button", { name: t(lang, "chatbot.hideDocument") });
    await expect(hide).toBeFocused();
    await expectAccessible(page, "the summary, the number shown");
    await expectNothingStored(page, secrets, "with the number shown");
    // Only the summary shows it: her bubble above keeps it masked.
    await expect(bubble).not.toContainText(valid.document);
    await page.keyboard.press("Space");
    await expect(summary).toContainText(maskedDocument);
    expect(await numberInPage(page), "the number once hidden again").toBe(false);
  });

  test("after a reload asks for the document and the date of birth again, and only those, then sends them", async ({
    app,
    page,
    browser,
  }) => {
    const lang: Lang = "en";
    const secrets = secretsOf(lang);
    const email = `marina.resumed.${Date.now()}@example.com`;
    const c = await openChat(page, lang, `${app.origin}/contact`);
    await c.button("chatbot.begin").click();
    await answerAll(page, lang, { ...valid, email });

    await page.reload();
    await waitForHydration(page);
    await expectNothingStored(page, secrets, "after the reload");
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    for (const kept of [valid.fullName, valid.city, valid.phone, email, valid.message]) {
      expect(stored, "her other answers are kept").toContain(kept);
    }

    await page.getByRole("button", { name: t(lang, "chatbot.resume") }).click();
    await expect(c.log.getByText(t(lang, "chatbot.askAgain.both"))).toBeVisible();
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.dateOfBirth"));
    // Where they were, the transcript says they were not kept; the rest is all there.
    await expect(c.log.getByText(t(lang, "chatbot.notKept"))).not.toHaveCount(0);
    await expect(c.log).not.toContainText(maskedDocument);
    for (const kept of [valid.fullName, valid.city, email]) await expect(c.log).toContainText(kept);

    await say(page, valid.dateOfBirth);
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.document"));
    await say(page, valid.document);
    // Then straight back to the summary: nothing else is asked again.
    const summary = c.lastMessage;
    await expect(summary).toContainText(t(lang, "chatbot.summary"));
    await expect(summary).toContainText(maskedDocument);
    await expect(summary).toContainText(formatBirthDate(valid.dateOfBirth, lang));
    await expect(summary).toContainText(email);
    await expect(c.log.getByText(t(lang, "chatbot.ask.phone"))).toHaveCount(1);
    await expectNothingStored(page, secrets, "after she gave them again");

    await c.dialog.locator("#chat-consent").check();
    await c.button("chatbot.confirm").click();
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.sent"));
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();

    // The application was stored with both: a reviewer sees the date and reveals the number.
    const context = await browser.newContext();
    const review = await context.newPage();
    await app.signIn(review, "approver", { lang });
    await review.goto(`${app.origin}/admin/cadastros?q=${encodeURIComponent(email)}`);
    await review.getByRole("link", { name: valid.fullName }).first().click();
    await expect(review.getByText(formatBirthDate(valid.dateOfBirth, lang)).first()).toBeVisible();
    await review.getByRole("button", { name: t(lang, "admin.detail.reveal") }).click();
    await expect(review.getByRole("status").filter({ hasText: digits })).toBeVisible();
    await context.close();
  });

  test("a conversation saved by the old code, with the number inside, is cleaned as the page loads", async ({
    page,
  }) => {
    const lang: Lang = "es";
    const secrets = secretsOf(lang);
    const c = await openChat(page, lang);
    await c.button("chatbot.begin").click();
    await answerAll(page, lang);
    // What version 1 wrote: every answer, sensitive ones too, in the answers and the transcript.
    await page.evaluate(
      ({ key, answers }) => {
        const saved = JSON.parse(localStorage.getItem(key)!) as {
          conversation: { answers: object; resume?: unknown; entries: object[] };
        };
        saved.conversation.answers = { ...saved.conversation.answers, ...answers };
        delete saved.conversation.resume;
        const id = saved.conversation.entries.length + 1;
        saved.conversation.entries.push({ id, from: "bot", line: { kind: "summary", answers } });
        localStorage.setItem(key, JSON.stringify({ ...saved, version: 1 }));
      },
      { key: STORAGE_KEY, answers: { dateOfBirth: valid.dateOfBirth, document: valid.document } },
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toContain(
      valid.document,
    );

    // The next page that offers the chat cleans it, before she opens anything.
    await page.goto(`/contact?lang=${lang}`);
    await waitForHydration(page);
    const resume = page.getByRole("button", { name: t(lang, "chatbot.resume") });
    await expect(resume).toBeVisible();
    await expectNothingStored(page, secrets, "once the page has loaded");
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toContain(
      valid.fullName,
    );

    await resume.click();
    await expect(chat(page, lang).lastMessage).toContainText(t(lang, "chatbot.ask.dateOfBirth"));
    await expect(c.log).not.toContainText(valid.document);
    await expectAccessible(page, "the chat asking again after a reload");
  });
});
