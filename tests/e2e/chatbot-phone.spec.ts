import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { giveLocation, openChat, say, skipPhotos, valid } from "./chatbot-steps.ts";
import { expect, t, test, type Lang } from "./fixtures.ts";

/**
 * The chatbot's phone and document questions as an applicant lives them (issue 26, decision
 * 035): her likely country first in the list, a number typed the way her country writes it
 * read with its calling code, a passport with letters taken and shown masked.
 */

const GEO = "x-test-country"; // GEO_COUNTRY_HEADER of the test server (playwright.config.ts)

/** Up to the location question, and the country list as the chat offers it. */
async function upToLocation(page: Page, lang: Lang) {
  const c = await openChat(page, lang);
  await c.button("chatbot.begin").click();
  await say(page, valid.fullName);
  await say(page, valid.dateOfBirth);
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.location"));
  return c;
}

/** The first country offered after the placeholder. */
const firstCountry = (page: Page) =>
  page.locator("#chat-country option").nth(1).getAttribute("value");

for (const { lang, country, name, city, typed, shown } of [
  {
    lang: "pt",
    country: "BR",
    name: "Brasil",
    city: "Florianópolis – SC",
    typed: "(48) 99123-4567",
    shown: "+55 48 99123 4567",
  },
  {
    lang: "it",
    country: "IT",
    name: "Italia",
    city: "Milano",
    typed: "333 123 4567",
    shown: "+39 333 123 4567",
  },
  {
    lang: "sv",
    country: "SE",
    name: "Sverige",
    city: "Stockholm",
    typed: "070-123 45 67",
    shown: "+46 70 123 45 67",
  },
] as const) {
  test(`on a ${lang} page, ${name} comes first and ${typed} is ${shown}`, async ({ page }) => {
    const c = await upToLocation(page, lang);
    expect(await firstCountry(page)).toBe(country);
    await expect(page.locator("#chat-country option").nth(1)).toHaveText(name);
    await giveLocation(page, country, city);

    await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.phone"));
    // The hint names the calling code her number will get, and the box is described by it.
    const hint = t(lang, "chatbot.phoneHint", { country: name, code: shown.split(" ")[0]! });
    await expect(c.dialog.locator("#chat-phone-hint")).toHaveText(hint);
    await expect(c.answer).toHaveAccessibleDescription(hint);
    await say(page, typed);
    // Her bubble shows the number as it will be stored, calling code included.
    await expect(c.log.getByRole("listitem").nth(-2)).toContainText(shown);
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.email"));

    await say(page, `${lang}.${Date.now()}@example.com`);
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.ask.document"));
    // A passport number with letters, typed in lower case.
    await say(page, "ya 1234567");
    await expect(c.log.getByRole("listitem").nth(-2)).toContainText("•••••4567");
    await c.button("chatbot.skip").click();
    await c.button("preselection.experienceOptions.beginner").click();
    await c.button("chatbot.skip").click();
    await skipPhotos(page, lang);
    await expect(c.lastMessage).toContainText(t(lang, "chatbot.summary"));
    await expect(c.lastMessage).toContainText(shown);

    await c.dialog.locator("#chat-consent").check();
    const sent = page.waitForRequest("**/api/chatbot?**");
    const answered = page.waitForResponse("**/api/chatbot?**");
    await c.button("chatbot.confirm").click();
    // The browser sends what she typed; the server reads it with her country and answers sent.
    expect((await sent).postDataJSON()).toMatchObject({ country, phone: typed });
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "sent", reply: { whatsapp: true } });
  });
}

test("the geo lookup's country comes first, whatever the page's language", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { [GEO]: "PT" } });
  const page = await context.newPage();
  const c = await upToLocation(page, "es");
  await expect.poll(() => firstCountry(page)).toBe("PT");
  await giveLocation(page, "PT", "Lisboa");
  await say(page, "912 345 678");
  await expect(c.log.getByRole("listitem").nth(-2)).toContainText("+351 912 345 678");
  await expect(c.lastMessage).toContainText(t("es", "chatbot.ask.email"));
  await context.close();
});

test("the geo lookup names the country also where it maps to no language", async ({ request }) => {
  const japan = await request.get("/api/geo-language", { headers: { [GEO]: "JP" } });
  expect(await japan.json()).toEqual({
    language: null,
    country: "JP",
    error: "unsupported-country",
  });
  const none = await request.get("/api/geo-language");
  expect(await none.json()).toEqual({ language: null, error: "unknown-country" });
});

test("a Brazilian number for Portugal is refused, with the reason, and kept to correct", async ({
  page,
}) => {
  const c = await upToLocation(page, "en");
  await giveLocation(page, "PT", "Porto");
  await say(page, "(48) 99123-4567");
  await expect(c.lastMessage).toContainText(t("en", "chatbot.errors.phone"));
  await expect(c.answer).toHaveValue("(48) 99123-4567");
  await expect(c.answer).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "the chat's phone question, refused");
  // With its own code it is hers, whatever the country.
  await say(page, "+55 48 99123-4567");
  await expect(c.lastMessage).toContainText(t("en", "chatbot.ask.email"));
});
