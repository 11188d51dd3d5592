import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * No serious or critical axe violation on the page as it is now (the project's accessibility bar).
 * `configure` narrows the scan where axe cannot run, e.g. a sandboxed frame.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe,
) {
  const results = await configure(new AxeBuilder({ page })).analyze();
  const severe = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe on ${label}`,
  ).toEqual([]);
}
