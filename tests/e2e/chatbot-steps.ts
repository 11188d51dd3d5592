import type { Page } from "@playwright/test";
import { formatBirthDate } from "#app/features/chatbot/format.ts";
import { expect, t, waitForHydration, type Lang } from "./fixtures.ts";

/** The chatbot's conversation as a visitor has it (chatbot.spec.ts, chatbot-limit.spec.ts). */

export const STORAGE_KEY = "mare-talent:chatbot";

/** YYYY-MM-DD, `years` years before today (local time, as the chat checks it). */
export function yearsAgo(years: number, extraDays = 0) {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + extraDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const valid = {
  fullName: "Marina Alves",
  dateOfBirth: yearsAgo(23),
  country: "BR",
  city: "Florianópolis – SC",
  phone: "+55 (48) 99876-5432",
  email: "marina.alves@example.com",
  document: "123.456.789-09",
  instagram: "@marina.alves",
  experience: "intermediate",
  message: "I would like to grow with a professional team behind me.",
};

export function chat(page: Page, lang: Lang) {
  const dialog = page.getByRole("dialog", { name: t(lang, "chatbot.title") });
  return {
    dialog,
    log: dialog.getByRole("log"),
    lastMessage: dialog.getByRole("log").getByRole("listitem").last(),
    answer: dialog.locator("#chat-answer"),
    button: (key: string) => dialog.getByRole("button", { name: t(lang, key), exact: true }),
  };
}

export async function openChat(page: Page, lang: Lang, path = "/contact") {
  await page.goto(`${path}?lang=${lang}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: t(lang, "contact.chatStart") }).click();
  const c = chat(page, lang);
  await expect(c.dialog).toBeVisible();
  return c;
}

/** Types an answer and sends it with Enter, as she would from the keyboard. */
export async function say(page: Page, value: string) {
  const input = page.getByRole("dialog").locator("#chat-answer");
  await expect(input).toBeFocused();
  await input.fill(value);
  await input.press("Enter");
}

export async function giveLocation(page: Page, country: string, city: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.locator("#chat-country")).toBeFocused();
  await dialog.locator("#chat-country").selectOption(country);
  await dialog.locator("#chat-city").fill(city);
  await dialog.locator("#chat-city").press("Enter");
}

/** Answers every question with valid data, up to the summary. */
export async function answerAll(page: Page, lang: Lang, answers = valid) {
  const c = chat(page, lang);
  await say(page, answers.fullName);
  await say(page, answers.dateOfBirth);
  await giveLocation(page, answers.country, answers.city);
  await say(page, answers.phone);
  await say(page, answers.email);
  await say(page, answers.document);
  await say(page, answers.instagram);
  await c.button(`preselection.experienceOptions.${answers.experience}`).click();
  await say(page, answers.message);
  await skipPhotos(page, lang);
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.summary"));
}

/** The photo step after the questions, skipped (the photos' own spec adds some). */
export async function skipPhotos(page: Page, lang: Lang) {
  const c = chat(page, lang);
  await expect(c.lastMessage).toContainText(t(lang, "chatbot.photos.ask"));
  await expect(c.dialog.getByLabel(t(lang, "chatbot.photos.choose"))).toBeFocused();
  await c.button("chatbot.skip").click();
}

export function toasts(page: Page) {
  return page.getByRole("dialog").locator("li[data-variant]");
}

/** The document as the chat shows it once typed (app/features/chatbot/sensitive.ts). */
export const maskedDocument = "•••••••8909";

/**
 * What would give her away on a shared phone: the document number as typed and as digits, its
 * middle, and the date of birth as typed and as the page writes it.
 */
export function secretsOf(lang: Lang, answers = valid) {
  const digits = answers.document.replace(/\D/g, "");
  return [
    answers.document,
    digits,
    digits.slice(2, -4),
    answers.dateOfBirth,
    formatBirthDate(answers.dateOfBirth, lang),
  ];
}

/**
 * Everything the page can leave in this browser, as someone who picks up the phone later could
 * read it: every key and value of localStorage and sessionStorage, every cookie (HttpOnly ones
 * too), the names of IndexedDB databases and Cache Storage caches.
 */
export async function everythingStored(page: Page) {
  const inPage = await page.evaluate(async () => {
    const all = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map(
        (key) => `${key}=${storage.getItem(key)}`,
      );
    const databases = (await indexedDB.databases()).map((database) => `idb:${database.name}`);
    const caches = "caches" in window ? await window.caches.keys() : [];
    return [...all(localStorage), ...all(sessionStorage), ...databases, ...caches];
  });
  const cookies = (await page.context().cookies()).map((c) => `cookie:${c.name}=${c.value}`);
  return [...inPage, ...cookies].join("\n");
}

/** Fails, naming the moment, if anything of `secrets` is in the browser's storage. */
export async function expectNothingStored(page: Page, secrets: string[], moment: string) {
  const stored = await everythingStored(page);
  for (const secret of secrets) {
    expect(stored, `${secret} in the browser's storage ${moment}`).not.toContain(secret);
  }
  return stored;
}
