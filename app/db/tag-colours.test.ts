import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tagColourClasses, tagColours } from "./tag-colours.ts";

/** The theme's colours as app.css defines them (`--color-brand-100: #c9f2ee;`), and white. */
const css = readFileSync(path.resolve(import.meta.dirname, "../app.css"), "utf8");
const theme = new Map([
  ["white", "#ffffff"],
  ...[...css.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]{6});/gi)].map(
    (match) => [match[1]!, match[2]!] as const,
  ),
]);

/** WCAG 2's relative luminance and contrast ratio. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
};

describe("the tags' palette", () => {
  it.each(tagColours)(
    "%s is a background and a text colour of the theme, 4.5:1 or more",
    (colour) => {
      const classes = tagColourClasses[colour].split(" ");
      const background = classes.find((c) => c.startsWith("bg-"))?.slice(3);
      const text = classes.find((c) => c.startsWith("text-"))?.slice(5);
      expect(theme.has(background!), `${background} is not a colour of app.css`).toBe(true);
      expect(theme.has(text!), `${text} is not a colour of app.css`).toBe(true);
      expect(contrast(theme.get(background!)!, theme.get(text!)!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("reads the theme's colours (a test of the reader itself)", () => {
    expect(theme.get("brand-700")).toBe("#0f5c60");
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});
