import { formatBirthDate } from "#app/features/chatbot/format.ts";
import {
  chat,
  expectNothingStored,
  giveLocation,
  maskedDocument,
  secretsOf,
  valid,
} from "./chatbot-steps.ts";
import { expect, t, test, waitForHydration, type Lang } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

// The "phone" project of playwright.config.ts (Pixel 7) runs this file.
test.skip(({ isMobile }) => !isMobile, "phone only");

/**
 * The chatbot's resume on a phone (issue 24, point 6), where it matters: a shared phone, a slow
 * one (its processor four times slower), her fingers. The whole path is chatbot-storage.spec.ts.
 */
test("on a slow phone, a reload asks for the date of birth and the document again, masks the number and sends", async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  const lang: Lang = "pt";
  const secrets = secretsOf(lang);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

  /** Types an answer and taps the send button, as she would. */
  async function tapAnswer(value: string) {
    const answer = page.getByRole("dialog").locator("#chat-answer");
    await expect(answer).toBeFocused();
    await answer.fill(value);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: t(lang, "chatbot.send") })
      .tap();
  }

  await page.goto(`/contact?lang=${lang}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: t(lang, "contact.chatStart") }).tap();
  const c = chat(page, lang);
  await c.button("chatbot.begin").tap();
  await tapAnswer(valid.fullName);
  await tapAnswer(valid.dateOfBirth);
  await giveLocation(page, valid.country, valid.city);
  await tapAnswer(valid.phone);
  await tapAnswer(valid.email);
  await tapAnswer(valid.document);
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.instagram"));
  await expect(c.log).toContainText(maskedDocument);
  await expect(c.log).not.toContainText(valid.document);
  await expectNothingStored(page, secrets, "on the phone, before the reload");

  await page.reload();
  await waitForHydration(page);
  await expectNothingStored(page, secrets, "on the phone, after the reload");
  await page.getByRole("button", { name: t(lang, "chatbot.resume") }).tap();
  await expect(c.log.getByText(t(lang, "chatbot.askAgain.both"))).toBeVisible();
  await expect(c.log).toContainText(valid.email);
  await tapAnswer(valid.dateOfBirth);
  await tapAnswer(valid.document);
  // Back where she was: the question after the document, then on to the summary.
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.instagram"));
  await tapAnswer(valid.instagram);
  await c.button(`preselection.experienceOptions.${valid.experience}`).tap();
  await tapAnswer(valid.message);
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.photos.ask"));
  await c.button("chatbot.skip").tap();

  const summary = c.lastMessage;
  await expect(summary).toContainText(t(lang, "chatbot.summary"));
  await expect(summary).toContainText(maskedDocument);
  await expect(summary).toContainText(formatBirthDate(valid.dateOfBirth, lang));
  const show = summary.getByRole("button", { name: t(lang, "chatbot.showDocument") });
  await show.tap();
  await expect(summary).toContainText(valid.document);
  // The button and the number fit the screen: nothing sticks out sideways.
  const overflow = await c.dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBe(0);
  await expectNothingStored(page, secrets, "on the phone, with the number shown");

  const sent = page.waitForResponse((response) => response.url().includes("/api/chatbot"));
  await c.dialog.locator("#chat-consent").tap();
  await c.button("chatbot.confirm").tap();
  const body = (await sent).request().postDataJSON() as Record<string, string>;
  expect(body).toMatchObject({ document: valid.document, dateOfBirth: valid.dateOfBirth });
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.sent"));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});
