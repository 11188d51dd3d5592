import type { Browser, Page } from "@playwright/test";
import { ownServer } from "./own-server.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";

/** Radix renders the toasts in a labelled region holding an <ol>; one <li> per toast. */
const toastRegion = (page: Page) =>
  page.locator('[role="region"]').filter({ has: page.locator("ol") });
const toasts = (page: Page) => toastRegion(page).locator("ol > li");

const socialButtons = ["Facebook", "X (Twitter)", "Instagram", "LinkedIn"];

test.describe("social links in the footer", () => {
  test("each shows the 'under construction' toast", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    for (const name of socialButtons) {
      await footer.getByRole("button", { name, exact: true }).click();
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).toBeVisible();
      await expect(toasts(page)).toContainText(t("pt", "footer.socialSoon"));
    }
    // The spec's wording (section 8).
    await expect(toasts(page)).toContainText(
      "Funcionalidade em construção! Este link estará disponível em breve...",
    );
  });

  test("only one toast is shown at a time", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    const facebook = page.getByRole("contentinfo").getByRole("button", { name: "Facebook" });
    await facebook.click();
    await expect(toasts(page)).toHaveCount(1);
    await facebook.click();
    await expect(toasts(page)).toHaveCount(1);
    await page.getByRole("contentinfo").getByRole("button", { name: "LinkedIn" }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toBeVisible();
  });

  test("the toast closes by itself after 5 seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Instagram" }).click();
    const toast = toasts(page);
    await expect(toast).toBeVisible();
    // Away from the toast: hovering it would pause its timer.
    await page.mouse.move(5, 5);

    await page.clock.runFor(4000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(2500);
    // A short wait: the fake clock closed it, not 5 real seconds.
    await expect(toast).toBeHidden({ timeout: 3000 });
  });

  test("F8 moves the focus to the notifications region", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Facebook" }).click();
    await expect(toasts(page)).toBeVisible();
    await expect(toastRegion(page)).toHaveAttribute("aria-label", /F8/);

    await page.keyboard.press("F8");
    await expect(toastRegion(page).locator("ol")).toBeFocused();
    const focusInRegion = await toastRegion(page).evaluate((region) =>
      region.contains(document.activeElement),
    );
    expect(focusInRegion).toBe(true);
  });

  test("a swipe to the right of more than 50 px dismisses the toast", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Facebook" }).click();
    const toast = toasts(page);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute("data-state", "open");
    // Measured once it has slid in: mid-animation the box is not where the pointer will land.
    await toast.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast has no box");
    const x = box.x + 24;
    const y = box.y + box.height / 2;

    // 30 px is not enough: the toast springs back.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 6 });
    await page.mouse.up();
    await expect(toast).toHaveAttribute("data-swipe", "cancel");
    await expect(toast).toBeVisible();
    // Back in place before the next swipe: pressed while it still springs back (a busy machine),
    // the pointer would land beside it, not on it.
    await toast.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
    );

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 120, y, { steps: 12 });
    await page.mouse.up();
    await expect(toast).toBeHidden();
  });

  test("the notifications region is named in the page's language", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Facebook" }).click();
    await expect(toastRegion(page)).toHaveAttribute(
      "aria-label",
      t("pt", "a11y.notifications", { hotkey: "F8" }),
      { timeout: 2000 },
    );
  });
});

const validApplication = {
  fullName: "Ana Beatriz Souza",
  age: "24",
  email: "ana.souza@example.com",
  whatsapp: "+55 48 99999-9999",
  instagram: "@ana.souza",
  message: "Quero transformar meu perfil em uma carreira, com segurança.",
};

/** The form's text fields, found by their translated labels. */
function fields(page: Page) {
  const byLabel = (key: string) => page.getByLabel(t("pt", `preselection.${key}`), { exact: true });
  return {
    fullName: byLabel("fullName"),
    age: byLabel("age"),
    email: byLabel("email"),
    whatsapp: byLabel("whatsapp"),
    instagram: byLabel("instagram"),
    message: byLabel("message"),
    beginner: byLabel("experienceOptions.beginner"),
    consent: byLabel("consent"),
  };
}

async function fillValid(page: Page) {
  const form = fields(page);
  for (const [name, value] of Object.entries(validApplication)) {
    await form[name as keyof typeof validApplication].fill(value);
  }
  // /register/model creates her account as well, so it asks for a password.
  const password = page.locator('input[name="password"]');
  if (await password.count()) await password.fill(`senha-forte-${Date.now()}`);
  await form.beginner.check();
  await form.consent.check();
}

/** /register/model in a browser context without JavaScript (closed with the test's context). */
async function pageWithoutJavaScript(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/register/model?lang=pt");
  return { context, page };
}

/** Sends the form with its button and returns the server's answer to the post. */
async function submitForm(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: t("pt", "preselection.submit") }).click(),
  ]);
  return response;
}

async function expectValuesKept(page: Page, values: Partial<typeof validApplication>) {
  const form = fields(page);
  for (const [name, value] of Object.entries(values)) {
    await expect(form[name as keyof typeof validApplication]).toHaveValue(value);
  }
}

test.describe("pre-selection form", () => {
  test("sending it empty shows translated errors without any request", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      // The funnel's count of a started form (a beacon) is not the application.
      if (request.method() !== "GET" && new URL(request.url()).pathname !== "/api/count") {
        posts.push(`${request.method()} ${request.url()}`);
      }
    });
    await page.goto("/register/model?lang=pt");
    await waitForHydration(page);
    await page.getByRole("button", { name: t("pt", "preselection.submit") }).click();

    await expect(page.getByRole("alert")).toHaveText(t("pt", "validation.fixFields"));
    const form = fields(page);
    const expected = {
      fullName: "validation.fullNameRequired",
      age: "validation.ageInvalid",
      email: "applying.emailRequired",
      instagram: "validation.instagramRequired",
      message: "validation.messageMin",
    } as const;
    for (const [name, key] of Object.entries(expected)) {
      const field = form[name as keyof typeof expected];
      await expect(field, name).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`#${name}-error`)).toHaveText(t("pt", key));
      await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(t("pt", key))));
    }
    await expect(page.locator("fieldset")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#experience-error")).toHaveText(
      t("pt", "validation.experienceRequired"),
    );
    await expect(page.locator("#consent-error")).toHaveText(t("pt", "validation.consentRequired"));
    await expect(form.consent).toHaveAttribute("aria-invalid", "true");
    // The optional field has no error.
    await expect(form.whatsapp).not.toHaveAttribute("aria-invalid");
    await expect(page.locator("#whatsapp-error")).toHaveCount(0);
    // The first field with an error takes the focus.
    await expect(form.fullName).toBeFocused();

    // The errors follow the corrections.
    await form.fullName.fill(validApplication.fullName);
    await expect(form.fullName).not.toHaveAttribute("aria-invalid");
    await form.age.fill("16");
    await expect(page.locator("#age-error")).toHaveText(t("pt", "validation.ageMin"));
    expect(posts).toEqual([]);
  });

  test("a valid form is sent, shows 'sending', then the success toast and the thank-you panel", async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const posted: string[] = [];
    await page.route(
      (url) => url.pathname.startsWith("/register/model"),
      async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        posted.push(route.request().url());
        await held;
        await route.fallback();
      },
    );

    await page.goto("/register/model?lang=pt");
    await waitForHydration(page);
    await fillValid(page);
    const button = page.locator('button[type="submit"]');
    await expect(button).toHaveText(t("pt", "preselection.submit"));
    await button.click();

    await expect(button).toHaveText(t("pt", "preselection.sending"));
    await expect(button).toBeDisabled();
    expect(posted).toHaveLength(1);
    release();

    const toast = toasts(page);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(t("pt", "preselection.sentTitle"));
    // /register/model made her account too: the toast says how to activate it.
    await expect(toast).toContainText(t("pt", "preselection.registeredDescription"));
    // The form gives way to the thank-you panel (thank-you.spec.ts).
    await expect(page.getByRole("region", { name: t("pt", "thanks.title") })).toBeVisible();
    await expect(button).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the form on the home page is sent to the home page's action", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    await page.locator("#preselection").scrollIntoViewIfNeeded();
    // Sent by the form's code once it has come with the scroll (decision 019).
    await waitForHydration(page, "#preselection form");
    await fillValid(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.locator('#preselection button[type="submit"]').click(),
    ]);
    // The index route's action: "/?index", as "/_.data?index" when JavaScript sends it.
    expect(new URL(response.url()).pathname).toMatch(/^\/(_\.data)?$/);
    expect(new URL(response.url()).searchParams.has("index")).toBe(true);
    expect(response.status()).toBe(200);
    await expect(toasts(page)).toContainText(t("pt", "preselection.sentTitle"));
  });

  test("a send while the server is down shows the error toast and keeps what she typed", async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allow(/ERR_CONNECTION_REFUSED/);
    const server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 19);
    try {
      await page.goto(`${server.origin}/register/model?lang=pt`);
      await waitForHydration(page);
      await fillValid(page);
      await server.stop();
      await page.getByRole("button", { name: t("pt", "preselection.submit") }).click();
      await expect(toasts(page)).toContainText(t("pt", "preselection.errorTitle"));
      await expect(toasts(page)).toContainText(t("pt", "preselection.errorDescription"));
      await expectValuesKept(page, validApplication);
      await expect(fields(page).consent).toBeChecked();
      await expect(
        page.getByRole("button", { name: t("pt", "preselection.submit") }),
      ).toBeEnabled();
    } finally {
      await server.stop();
    }
  });

  test.describe("without JavaScript", () => {
    test("invalid data gets the server's errors inline, with the typed values kept", async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await pageWithoutJavaScript(browser, baseURL);
      const form = fields(page);
      await form.fullName.fill("Ana");
      await form.age.fill("16");
      await form.email.fill("ana@");
      await form.message.fill("curta");
      const response = await submitForm(page);
      expect(response.status()).toBe(400);
      await page.waitForLoadState();

      await expect(page.getByRole("alert")).toHaveText(t("pt", "validation.fixFields"));
      await expect(page.locator("#age-error")).toHaveText(t("pt", "validation.ageMin"));
      await expect(page.locator("#email-error")).toHaveText(t("pt", "validation.emailInvalid"));
      await expect(page.locator("#instagram-error")).toHaveText(
        t("pt", "validation.instagramRequired"),
      );
      await expect(page.locator("#experience-error")).toHaveText(
        t("pt", "validation.experienceRequired"),
      );
      await expect(page.locator("#message-error")).toHaveText(t("pt", "validation.messageMin"));
      await expect(form.age).toHaveAttribute("aria-invalid", "true");
      await expect(form.fullName).not.toHaveAttribute("aria-invalid");
      await expectValuesKept(page, { fullName: "Ana", age: "16", email: "ana@", message: "curta" });
      await context.close();
    });

    test("a valid form is stored and answered with the success message", async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await pageWithoutJavaScript(browser, baseURL);
      await fillValid(page);
      // Redirected back to the page, so a reload does not send it again (thank-you.spec.ts).
      const response = await submitForm(page);
      expect(response.status()).toBe(303);
      await page.waitForLoadState();
      await expect(page.getByRole("region", { name: t("pt", "thanks.title") })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
      await context.close();
    });
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
