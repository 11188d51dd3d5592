import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Result } from "axe-core";
import { expect, failedResource, slugs, t, test, waitForHydration } from "./fixtures.ts";

const pages = [
  { name: "home", path: "/" },
  { name: "contact", path: "/contact" },
  { name: "blog", path: "/blog" },
  { name: "blog post", path: `/blog/${slugs[0]}` },
  { name: "pre-selection", path: "/register/model" },
  { name: "permission denied", path: "/permission-denied" },
  { name: "privacy notice", path: "/privacy" },
  { name: "not found", path: "/no-such-page" },
  { name: "log in", path: "/login" },
  { name: "affiliate sign-up", path: "/register/affiliate" },
  { name: "forgot password", path: "/forgot-password" },
];

async function severeViolations(page: Page, path: string, lang: string) {
  await page.goto(`${path}?lang=${lang}`);
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
}

function formatViolations(violations: Result[]) {
  return violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(" ")}: ${node.html}\n      ${node.failureSummary}`)
          .join("\n"),
    )
    .join("\n");
}

for (const lang of ["pt", "en"] as const) {
  test.describe(`accessibility (${lang})`, () => {
    for (const { name, path } of pages) {
      test(`${name} has no axe violation of any impact`, async ({ page, browserErrors }) => {
        browserErrors.allow(failedResource(404)); // the not-found page
        const violations = await severeViolations(page, path, lang);
        expect(violations, `axe on ${path}?lang=${lang}:\n${formatViolations(violations)}`).toEqual(
          [],
        );
      });
    }
  });
}

test("the chatbot has no axe violation of any impact, wherever the conversation is", async ({
  page,
}) => {
  const lang = "pt";
  await page.goto(`/contact?lang=${lang}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: t(lang, "contact.chatStart") }).click();
  const dialog = page.getByRole("dialog");
  const check = async (moment: string) => {
    // Messages fade in: mid-fade their text is paler than it will be, and axe would measure that.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    const results = await new AxeBuilder({ page }).include("dialog").analyze();
    const violations = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(violations, `axe on the chatbot (${moment}):\n${formatViolations(violations)}`).toEqual(
      [],
    );
  };
  await expect(dialog.getByRole("log")).toContainText(t(lang, "chatbot.welcome"));
  await check("welcome");

  await dialog.getByRole("button", { name: t(lang, "chatbot.begin") }).click();
  const answer = dialog.locator("#chat-answer");
  await answer.fill("Al");
  await answer.press("Enter");
  await expect(dialog.getByRole("log")).toContainText(t(lang, "chatbot.errors.fullName"));
  await check("a wrong answer");

  const answers = ["Marina Alves", "1999-03-08"];
  for (const value of answers) {
    await answer.fill(value);
    await answer.press("Enter");
  }
  await dialog.locator("#chat-country").selectOption("BR");
  await dialog.locator("#chat-city").fill("Florianópolis");
  await dialog.locator("#chat-city").press("Enter");
  for (const value of ["+5548998765432", "marina@example.com", "12345678909", "@marina"]) {
    await answer.fill(value);
    await answer.press("Enter");
  }
  await dialog
    .getByRole("button", { name: t(lang, "preselection.experienceOptions.beginner") })
    .click();
  await dialog.getByRole("button", { name: t(lang, "chatbot.skip") }).click();
  await expect(dialog.getByRole("log")).toContainText(t(lang, "chatbot.photos.ask"));
  await check("the photo step");
  await dialog.getByRole("button", { name: t(lang, "chatbot.skip") }).click();
  await expect(dialog.getByRole("log")).toContainText(t(lang, "chatbot.summary"));
  await check("the summary");

  await dialog.getByRole("button", { name: t(lang, "chatbot.decline") }).click();
  await check("choosing an answer to change");
});
