import type AxeBuilder from "@axe-core/playwright";
import { expectAccessible } from "./axe.ts";
import { expect, t, test } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * /admin/email end to end, on a server started WITHOUT SMTP_URL: the admin points the SMTP
 * settings at a real test SMTP server, a test mail arrives there (no restart), she goes to the
 * templates by the keyboard, edits one and sees its preview; an old link of the single page
 * still opens what it named; axe finds no violation of any impact on any of its screens.
 */
// A server of its own started without SMTP_URL (its test SMTP server is there all the same):
// the settings saved here would send the other specs' mail from another sender.
test.use({ serverEnv: { SMTP_URL: "" } });

// The mail preview is a sandboxed frame without scripts: axe cannot run inside it (the mail's own
// markup is checked by the mail tests), so it checks the screen around it.
const previewExcluded = (axe: AxeBuilder) => axe.exclude("iframe").setLegacyMode(true);

test.describe("the e-mail settings", () => {
  test.describe.configure({ mode: "serial" });
  test("SMTP settings, a test mail that arrives, a template edit with its preview", async ({
    app,
    page,
    browserErrors,
  }) => {
    // Five screens, each checked by axe.
    test.setTimeout(paced(90_000));
    // Chromium's note when a script is refused in the sandboxed preview (axe's, not the page's).
    browserErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    const admin = await app.signIn(page, "admin");

    await page
      .getByRole("navigation", { name: t("en", "admin.nav.label") })
      .getByRole("link", { name: t("en", "admin.email.nav") })
      .click();
    // The sidebar's entry opens the first screen, its tab marked as the open page.
    await expect(page).toHaveURL(`${app.origin}/admin/email/smtp`);
    await expect(page.locator("h1")).toHaveText(t("en", "admin.email.title"));
    const tabs = page.getByRole("navigation", { name: t("en", "admin.email.tabs.label") });
    const tab = (screen: string) =>
      tabs.getByRole("link", { name: t("en", `admin.email.tabs.${screen}`), exact: true });
    await expect(tab("smtp")).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(t("en", "admin.email.smtp.notConfigured"))).toBeVisible();
    await expectAccessible(page, "the e-mail server screen");

    // The SMTP settings, pointing at the test server (no authentication, no TLS).
    const port = new URL(app.mail.url).port;
    await page.getByLabel(t("en", "admin.email.smtp.host"), { exact: true }).fill("127.0.0.1");
    await page.getByLabel(t("en", "admin.email.smtp.port"), { exact: true }).fill(port);
    await page
      .getByLabel(t("en", "admin.email.smtp.security"), { exact: true })
      .selectOption({ label: t("en", "admin.email.smtp.securities.none") });
    await page
      .getByLabel(t("en", "admin.email.smtp.password"), { exact: true })
      .fill("never-shown-again");
    await page
      .getByLabel(t("en", "admin.email.smtp.senderName"), { exact: true })
      .fill("Maré Casting");
    await page
      .getByLabel(t("en", "admin.email.smtp.senderAddress"), { exact: true })
      .fill("casting@example.com");
    await page.getByRole("button", { name: t("en", "admin.email.smtp.save") }).click();
    await expect(page.getByText(t("en", "admin.email.smtp.saved"))).toBeVisible();
    await expect(page.getByText(t("en", "admin.email.smtp.fromSettings"))).toBeVisible();
    await expect(page.getByText(t("en", "admin.email.smtp.passwordSet"))).toBeVisible();
    // The password is not in the page, and its field is empty again.
    await expect(
      page.getByLabel(t("en", "admin.email.smtp.password"), { exact: true }),
    ).toHaveValue("");
    expect(await page.content()).not.toContain("never-shown-again");

    // A test mail to the admin's own address (the default) arrives, from the saved sender.
    await expect(page.getByLabel(t("en", "admin.email.test.to"), { exact: true })).toHaveValue(
      admin.email,
    );
    await page.getByRole("button", { name: t("en", "admin.email.test.send") }).click();
    await expect(
      page.getByText(t("en", "admin.email.test.sent", { to: admin.email })),
    ).toBeVisible();
    const mail = await app.mail.mailTo(admin.email);
    expect(mail.subject).toBe(t("en", "admin.email.test.mailSubject"));
    expect(mail.from?.value[0]).toMatchObject({
      name: "Maré Casting",
      address: "casting@example.com",
    });

    // The templates' tab, by the keyboard: the editor opens on the confirmation in Portuguese,
    // previewed at once with sample values. (Chromium paints the sandboxed frame only once it
    // comes near the viewport: a full-page screenshot of the page as loaded shows it empty, but
    // its document is there.)
    await tab("templates").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${app.origin}/admin/email/templates`);
    await expect(tab("templates")).toHaveAttribute("aria-current", "page");
    await expect(tab("smtp")).not.toHaveAttribute("aria-current", "page");
    const frame = page.frameLocator(
      `iframe[title="${t("en", "admin.email.templates.previewFrame")}"]`,
    );
    await expect(page.getByText(t("en", "admin.email.templates.previewSaved"))).toBeVisible();
    await expect(page.getByTestId("preview-subject")).toHaveText(
      t("pt", "mail.confirmation.subject"),
    );
    await expect(
      frame.getByText(t("pt", "mail.confirmation.greeting", { name: "Ana" })),
    ).toBeVisible();
    await expectAccessible(page, "the templates screen", previewExcluded);

    // A template: German confirmation, edited, previewed in the real layout, then saved.
    await page
      .getByRole("link", {
        name: `${t("en", "admin.email.kinds.confirmation")}, Deutsch: ${t("en", "admin.email.templates.builtIn")}`,
      })
      .click();
    await expect(page).toHaveURL(/\/admin\/email\/templates\?template=confirmation&language=de/);
    const subject = page.getByLabel(t("en", "admin.email.templates.subject"), { exact: true });
    await subject.fill("Danke, {{name}}!");
    await page
      .getByLabel(t("en", "admin.email.templates.body"), { exact: true })
      .fill("Hallo {{name}},\n\nwir melden uns bald.");
    await page.getByRole("button", { name: t("en", "admin.email.templates.preview") }).click();
    await expect(page.getByText(t("en", "admin.email.templates.previewDraft"))).toBeVisible();
    await expect(page.getByTestId("preview-subject")).toHaveText("Danke, Ana!");
    await expect(frame.getByText("Hallo Ana,")).toBeVisible();
    await expect(frame.getByText("Maré Talent", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: t("en", "admin.email.templates.save") }).click();
    await expect(page.getByText(t("en", "admin.email.templates.saved"))).toBeVisible();
    await expect(page.getByText(t("en", "admin.email.templates.usingEdited"))).toBeVisible();
    await expectAccessible(page, "the templates screen with the template editor", previewExcluded);

    // The other screens, each with its own sections only.
    const screens = [
      ["whatsapp", "admin.email.whatsapp.heading"],
      ["reasons", "admin.email.reasons.heading"],
      ["outbox", "admin.email.outbox.heading"],
    ] as const;
    for (const [screen, heading] of screens) {
      await tab(screen).click();
      await expect(page).toHaveURL(`${app.origin}/admin/email/${screen}`);
      await expect(page.getByRole("heading", { level: 2, name: t("en", heading) })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2 })).toHaveCount(
        screen === "reasons" ? 2 : 1,
      );
      await expectAccessible(page, `the ${screen} screen`);
    }
  });

  test("an old link of the single e-mail page opens the screen it named", async ({
    app,
    page,
    browserErrors,
  }) => {
    // The headless shell notes a script of the test tools' refused in the sandboxed preview,
    // where the page puts none (a mail carries no script).
    browserErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    await app.signIn(page, "admin");
    await page.goto(`${app.origin}/admin/email?template=confirmation&language=de#editor`);
    await expect(page).toHaveURL(
      `${app.origin}/admin/email/templates?template=confirmation&language=de#editor`,
    );
    await expect(page.locator("#editor h3").first()).toHaveText(
      `${t("en", "admin.email.kinds.confirmation")} · Deutsch`,
    );
    await page.goto(`${app.origin}/admin/email?status=failed`);
    await expect(page).toHaveURL(`${app.origin}/admin/email/outbox?status=failed`);
    await expect(page.getByLabel(t("en", "admin.email.outbox.filter"))).toHaveValue("failed");
  });
});
