import { describe, expect, it } from "vitest";
import { getFixedT } from "./i18n.server.ts";
import { languages } from "./languages.ts";
import { resources } from "./resources.server.ts";
import { createTranslate, type Strings } from "./translation.tsx";

/** Every key a page can ask for: leaves, with plural suffixes folded into their base key. */
function keysOf(tree: Strings, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "object") return keysOf(value, path);
    return [path.replace(/_(zero|one|two|few|many|other)$/, "")];
  });
}

// Values for every placeholder the locales use, and counts that reach each plural form.
const values = {
  name: "Ana <b>",
  status: "Aprovado",
  note: "ok & fine",
  max: 20,
  year: 2026,
  total: 3,
  search: "ana",
  minutes: 4,
  language: "pt",
  hotkey: "F8",
  field: "email",
  current: 2,
};

describe("the browser's translate function", () => {
  for (const { code } of languages) {
    it(`gives what i18next gives for every ${code} key`, () => {
      const strings = resources[code] as Strings;
      const ours = createTranslate(code, strings);
      const theirs = getFixedT(code);
      const keys = [...new Set(keysOf(strings))];
      expect(keys.length).toBeGreaterThan(300);
      for (const key of keys) {
        expect(ours(key), key).toBe(theirs(key));
        for (const count of [0, 1, 2, 5, 21]) {
          expect(ours(key, { ...values, count }), `${key} count=${count}`).toBe(
            theirs(key, { ...values, count }),
          );
        }
      }
    });
  }

  it("answers an unknown key with the key, and leaves a missing value's placeholder", () => {
    const t = createTranslate("en", { greeting: "Hi {{name}}, {{ other }}" });
    expect(t("nope.key")).toBe("nope.key");
    expect(t("greeting", { name: "Ana" })).toBe("Hi Ana, {{ other }}");
  });
});
