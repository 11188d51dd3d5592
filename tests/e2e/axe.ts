import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * No axe violation of any impact, minor included, on the page as it is now (the project's bar).
 * `configure` narrows the scan where axe cannot run, e.g. a sandboxed frame.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe,
) {
  const results = await configure(new AxeBuilder({ page })).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}
