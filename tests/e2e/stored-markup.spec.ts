import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer } from "./fixtures.ts";

/**
 * Stored script, in a real browser: applications whose answers are markup that would run (alert
 * boxes, handlers that set a global), sent through the form and the chatbot, read by an admin
 * who also types markup into her note. No dialog opens, nothing runs, no CSP violation is even
 * provoked (the markup never reaches the DOM as markup), the text shows literally, and the
 * server's HTML carries it escaped, hydration data included. Then the CSP itself: inline script
 * and handlers added to the page are blocked. (The in-process fuzz of the same pages is
 * app/routes/admin/stored-markup.server.test.tsx.)
 */
const form = {
  fullName: `<script>window.__pwned="name";alert("name")</script>`,
  email: "markup.form@example.com",
  age: "27",
  instagram: `"><img src=x onerror="window.__pwned='instagram'">`,
  experience: "beginner",
  message: `Olá! <svg onload="window.__pwned='message'"></svg> "><iframe src="javascript:alert(1)"></iframe> ‮‏ 👩🏽‍💻`,
  consent: "on",
};
const chat = {
  fullName: `"><body onload=alert("chat")>`,
  email: "markup.chat@example.com",
  dateOfBirth: "1995-03-09",
  country: "BR",
  city: `</textarea><script>alert("city")</script>`,
  phone: "+55 48 99999-1234",
  document: "123.456.789-09",
  instagram: "@markup",
  experience: "advanced",
  message: `<a href="javascript:alert('link')">clique</a> {{constructor.constructor('alert(1)')()}}`,
  consent: "on",
};
const NOTE = `<b onmouseover="alert('note')">ok</b><script>alert("note")</script>`;

/** Payload text the server's HTML must never carry as it is (only escaped). */
const raw = [
  form.fullName,
  form.instagram,
  form.message,
  chat.fullName,
  chat.city,
  chat.message,
  NOTE,
];

test.describe("stored markup in the back office", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ app, request }) => {
    const headers = { origin: app.origin };
    const sent = await request.post(`${app.origin}/?index&lang=en`, { headers, form });
    expect(sent.status()).toBe(200);
    const chatted = await request.post(`${app.origin}/api/chatbot`, { headers, data: chat });
    expect(chatted.status(), await chatted.text()).toBe(200);
  });

  /** A signed-in admin's page that records every dialog (and dismisses it). */
  async function adminPage(app: AppServer, page: Page, dialogs: string[]) {
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await app.signIn(page, "admin");
  }

  const pwned = (page: Page) =>
    page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null);

  test("the admin reads them as text, types markup into her note, and nothing runs", async ({
    app,
    page,
  }) => {
    const dialogs: string[] = [];
    await adminPage(app, page, dialogs);

    await page.goto(`${app.origin}/admin/cadastros`);
    await waitForHydration(page);
    const table = page.getByRole("table");
    await expect(table.getByRole("link", { name: form.fullName, exact: true })).toBeVisible();
    await expect(table.getByRole("link", { name: chat.fullName, exact: true })).toBeVisible();

    // The form's application: every answer literally, on the page a reviewer decides on.
    await table.getByRole("link", { name: form.fullName, exact: true }).click();
    await expect(page.locator("h1")).toHaveText(form.fullName);
    await waitForHydration(page);
    await expect(page.getByText(form.instagram, { exact: true })).toBeVisible();
    await expect(page.getByText(form.message, { exact: true })).toBeVisible();
    const formPage = page.url();

    // Her note, typed into the real form, comes back in the history as text.
    await page.getByLabel(t("en", "admin.notes.toApplicant"), { exact: true }).fill(NOTE);
    await page.getByRole("button", { name: t("en", "admin.detail.toAprovado") }).click();
    const history = page.getByRole("region", { name: t("en", "admin.detail.history") });
    await expect(history).toContainText(NOTE);
    await history.getByText(NOTE).hover();
    await expectAccessible(page, "an application of markup");

    // The chatbot's application, loaded afresh (a full page, not a client-side navigation).
    await page.goto(`${app.origin}/admin/cadastros`);
    await page.getByRole("table").getByRole("link", { name: chat.fullName, exact: true }).click();
    await expect(page.locator("h1")).toHaveText(chat.fullName);
    await waitForHydration(page);
    await expect(page.getByText(chat.message, { exact: true })).toBeVisible();
    await expect(page.getByText(chat.city, { exact: false })).toBeVisible();
    const chatPage = page.url();

    expect(await pwned(page)).toBeNull();
    expect(dialogs).toEqual([]);

    // The server's HTML, as sent: the text escaped, in the page and in its hydration data.
    for (const url of [formPage, chatPage, `${app.origin}/admin/cadastros`]) {
      const html = await (await page.request.get(url)).text();
      for (const payload of raw) {
        expect(html, `${url} carries ${payload} unescaped`).not.toContain(payload);
      }
      expect(html).not.toMatch(/<script>alert|<script>window\.__pwned/);
    }
    const html = await (await page.request.get(formPage)).text();
    expect(html).toContain(
      "&lt;script&gt;window.__pwned=&quot;name&quot;;alert(&quot;name&quot;)&lt;/script&gt;",
    );
  });

  test("had the server let markup through, the page's CSP would block it", async ({
    app,
    page,
    browserErrors,
  }) => {
    const dialogs: string[] = [];
    await adminPage(app, page, dialogs);
    // The list as the server sends it, with stored markup in it unescaped, as a bug would
    // leave it: a parser-inserted script and inline handlers, none with the page's nonce.
    const injected =
      `<script>window.__pwned = "script"; alert("script")</script>` +
      `<img src="data:," onerror="window.__pwned = 'img'">` +
      `<svg onload="window.__pwned = 'svg'"></svg>`;
    await page.route(`${app.origin}/admin/cadastros`, async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), "accept-encoding": "identity" },
      });
      const html = await response.text();
      expect(response.headers()["content-security-policy"]).toMatch(/script-src 'nonce-/);
      await route.fulfill({ response, body: html.replace("</body>", `${injected}</body>`) });
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(event.effectiveDirective),
      );
    });
    // Expected here, and only here: the violations the injected markup provokes.
    browserErrors.allow(/CSP violation: script-src-(elem|attr) blocked inline/);
    browserErrors.allow(
      /(Executing inline (script|event handler)|Refused to execute inline).*Content Security Policy/,
    );
    await page.goto(`${app.origin}/admin/cadastros`);
    await waitForHydration(page);
    // Markup a script of the page would add through innerHTML: its handler is blocked as well.
    await page.evaluate(() => {
      const holder = document.createElement("div");
      holder.innerHTML = `<img src="data:," onerror="window.__pwned = 'innerHTML'">`;
      document.body.append(holder);
    });
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
      )
      .toEqual(expect.arrayContaining(["script-src-elem", "script-src-attr"]));
    expect(
      await page.evaluate(
        () => (window as unknown as { __violations: string[] }).__violations.length,
      ),
    ).toBeGreaterThanOrEqual(4);
    expect(await pwned(page)).toBeNull();
    expect(dialogs).toEqual([]);
    // The page itself still works: its own scripts carry the nonce.
    await expect(page.getByRole("table").getByRole("link", { name: form.fullName })).toBeVisible();
  });
});
