import { answerAll, chat, toasts, valid } from "./chatbot-steps.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";

/**
 * The chatbot over the submission limit (SUBMISSION_RATE_LIMIT), on a server allowing one
 * application per address: the visitor is told, in her language, when to try again, and the
 * pre-selection form, which shares the limit, says the same.
 */
test.use({ serverEnv: { SUBMISSION_RATE_LIMIT: "1" } });

test.describe("chatbot", () => {
  test("a visitor over the submission limit is told, in her language, when to try again", async ({
    app,
    page,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 429/);
    const lang = "sv";
    await page.goto(`${app.origin}/contact?lang=${lang}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: t(lang, "contact.chatStart") }).click();
    const c = chat(page, lang);
    await c.button("chatbot.begin").click();
    await answerAll(page, lang);
    await c.dialog.locator("#chat-consent").check();
    await c.button("chatbot.confirm").click();
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.sent"));

    await c.button("chatbot.newApplication").click();
    await c.button("chatbot.begin").click();
    await answerAll(page, lang, { ...valid, email: "second@example.com" });
    await c.dialog.locator("#chat-consent").check();
    await c.button("chatbot.confirm").click();
    await expect(c.lastMessage).toContainText(
      t(lang, "validation.tooManyRequests", { minutes: 10 }),
    );
    await expect(toasts(page)).toContainText(t(lang, "preselection.errorTitle"));

    // The pre-selection form shares the limit (one server path) and says the same inline.
    const response = await page.request.post(`${app.origin}/?index&lang=${lang}`, {
      form: {
        fullName: "Ana",
        age: "30",
        email: "a@example.com",
        instagram: "@ana",
        experience: "beginner",
        message: "Hello there, team!",
        consent: "on",
      },
      headers: { origin: app.origin },
    });
    expect(response.status()).toBe(429);
    expect(response.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(await response.text()).toContain(t(lang, "validation.tooManyRequests", { minutes: 10 }));
  });
});
