import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Result } from "axe-core";
import { expect, failedResource, slugs, test, waitForHydration } from "./fixtures";

const pages = [
  { name: "home", path: "/" },
  { name: "contact", path: "/contact" },
  { name: "blog", path: "/blog" },
  { name: "blog post", path: `/blog/${slugs[0]}` },
  { name: "pre-selection", path: "/register/model" },
  { name: "permission denied", path: "/permission-denied" },
  { name: "privacy notice", path: "/privacy" },
  { name: "not found", path: "/no-such-page" },
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
      test(`${name} has no serious or critical axe violations`, async ({ page, browserErrors }) => {
        browserErrors.allow(failedResource(404)); // the not-found page
        const violations = await severeViolations(page, path, lang);
        expect(violations, `axe on ${path}?lang=${lang}:\n${formatViolations(violations)}`).toEqual(
          [],
        );
      });
    }
  });
}
