import { readdirSync, readFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { appFixture, type ServerWorkerFixtures } from "./server-fixture.ts";
import { paced } from "#app/test/pace.ts";

export { waitForHydration } from "./hydration.ts";
export type { Account, AppServer, Role } from "./server-fixture.ts";

/**
 * Shared fixtures and helpers of the browser tests. `app` is a server of the worker's own, with
 * its mail and accounts (server-fixture.ts); the rest of a spec uses the shared server at baseURL.
 *
 * Every browser context a test uses fails the test on an unexpected `console.error` or uncaught
 * page error. Content-Security-Policy violations and React hydration mismatches reach the console
 * as errors, so every page visit also checks the CSP and the hydration. A test that provokes an
 * error on purpose (a 404 document, a 503 answer) declares it with `browserErrors.allow(pattern)`.
 */

export const languages = ["pt", "es", "en", "it", "de", "sv"] as const;
export type Lang = (typeof languages)[number];

export const slugs = [
  "security-and-anonymity",
  "5-tips-to-increase-subscriptions",
  "common-beginner-mistakes",
  "turning-followers-into-paying-fans",
] as const;
export type Slug = (typeof slugs)[number];

const appDir = new URL("../../app/", import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, appDir), "utf8"));

type Messages = Record<string, unknown>;
const messageCache = new Map<Lang, Messages>();

function merge(into: Messages, from: Messages): Messages {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] =
      existing && typeof existing === "object" && value && typeof value === "object"
        ? merge(existing as Messages, value as Messages)
        : value;
  }
  return into;
}

/** The interface strings of a language: every file of app/i18n/locales/<lang>/, merged. */
export function messages(lang: Lang): Messages {
  let value = messageCache.get(lang);
  if (!value) {
    const folder = new URL(`i18n/locales/${lang}/`, appDir);
    value = {};
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
      merge(value, readJson(`i18n/locales/${lang}/${file}`) as Messages);
    }
    messageCache.set(lang, value);
  }
  return value;
}

/** `t("en", "footer.copyright", { year: 2026 })`, with i18next's `{{name}}` interpolation. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = messages(lang);
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== "string") throw new Error(`No string ${key} in locales/${lang}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}

export { faq, post, testimonials, type PostText } from "./initial-content.ts";

/** The page title pattern of inner pages: "Page | Maré Talent". */
export const pageTitle = (page: string) => `${page} | Maré Talent`;

/** The text of the first <h1> of raw server HTML, tags stripped and entities decoded. */
export function h1Of(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? decodeEntities(match[1]!.replace(/<[^>]*>/g, "")).trim() : null;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The attributes of the raw HTML's <html> element. */
export function htmlAttributes(html: string): { lang?: string; dir?: string } {
  const tag = /<html\b[^>]*>/.exec(html)?.[0] ?? "";
  return {
    lang: /\slang="([^"]*)"/.exec(tag)?.[1],
    dir: /\sdir="([^"]*)"/.exec(tag)?.[1],
  };
}

/** Marks the current document, to tell a client-side navigation from a full page load. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

export interface BrowserErrors {
  /** Accepts console errors matching this pattern for the rest of the test. */
  allow(pattern: RegExp): void;
}

/** The console message Chromium logs for every response with an error status. */
export const failedResource = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

export const test = base.extend<
  { browserErrors: BrowserErrors & { seen: string[] } },
  ServerWorkerFixtures
>({
  serverEnv: [{}, { scope: "worker", option: true }],
  movableClock: [false, { scope: "worker", option: true }],
  // A server's start (from a copy of the named accounts' database) and its SMTP server.
  app: [appFixture, { scope: "worker", timeout: paced(90_000) }],

  // Checked after the context has closed, so every late message has arrived.
  // eslint-disable-next-line no-empty-pattern
  browserErrors: async ({}, use) => {
    const allowed: RegExp[] = [];
    const seen: string[] = [];
    await use({ seen, allow: (pattern) => allowed.push(pattern) });
    const unexpected = seen.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, "unexpected console errors or page errors in the browser").toEqual([]);
  },

  context: async ({ context, browserErrors }, use) => {
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const { url, lineNumber } = message.location();
      browserErrors.seen.push(
        `console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ""}`,
      );
    });
    context.on("weberror", (webError) => {
      const error = webError.error();
      browserErrors.seen.push(`page error: ${error.stack ?? error.message}`);
    });
    // Make CSP violations explicit whatever the browser logs about them.
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
        );
      });
    });
    await use(context);
  },
});

export { expect };

/** A form's body as text (a script's post is URL-encoded: spaces as "+", accents escaped). */
export function sentFormText(body: string | null) {
  try {
    return decodeURIComponent((body ?? "").replace(/\+/g, " "));
  } catch {
    return body ?? "";
  }
}
