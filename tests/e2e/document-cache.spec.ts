import type { Browser, Page, Response } from "@playwright/test";
import {
  expect,
  isSameDocument,
  markDocument,
  post,
  t,
  test,
  waitForHydration,
} from "./fixtures.ts";

/**
 * Public pages are stored once rendered and later sent as the same bytes to everyone
 * (app/utils/document-cache.server.ts), so their CSP names the hashes of their inline scripts
 * instead of a per-response nonce. A stored page must run exactly as a rendered one: hydrate,
 * navigate on the client, and provoke no CSP violation (the fixtures fail the test on any).
 */

function scriptSources(response: Response | null) {
  const policy = response?.headers()["content-security-policy"] ?? "";
  return /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
}

async function openBlog(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "blog.title"));
  await waitForHydration(page);
  return response;
}

/** From the blog list to an article without a page load, and back. */
async function navigateOnTheClient(page: Page) {
  await markDocument(page);
  const { title } = await post("security-and-anonymity", "en");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "blog.title"));
  expect(await isSameDocument(page), "client-side navigation, no page load").toBe(true);
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  // The fixtures' CSP listener is on the test's own context: this one reports violations too.
  const violations: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") violations.push(message.text());
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return { page: await context.newPage(), context, violations };
}

test("a stored page hydrates and navigates with its hash-based CSP, cold and warm", async ({
  page,
  browser,
}) => {
  // A query no other test asks for: the first visit renders it and stores it.
  const url = `/blog?lang=en&visit=${Date.now()}`;

  const cold = await openBlog(page, url);
  const sources = scriptSources(cold);
  expect(sources.some((source) => source.startsWith("'sha256-"))).toBe(true);
  expect(sources.join(" ")).not.toContain("nonce");
  expect(cold?.headers().etag).toMatch(/^"[\w-]+"$/);
  const html = await cold!.text();
  expect(html).not.toContain("nonce=");
  await navigateOnTheClient(page);

  // Another visitor (a browser with nothing kept): the stored bytes, before React Router runs.
  const other = await freshPage(browser);
  const warm = await openBlog(other.page, url);
  expect(warm?.headers().etag).toBe(cold?.headers().etag);
  expect(await warm!.text()).toBe(html);
  await navigateOnTheClient(other.page);
  await other.context.close();
  expect(other.violations).toEqual([]);

  // The first visitor comes back: her browser revalidates with the ETag it kept.
  const again = await openBlog(page, url);
  expect(await again!.request().headerValue("if-none-match")).toBe(cold?.headers().etag);
  await navigateOnTheClient(page);
});
