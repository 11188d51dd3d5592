import { describe, expect, it } from "vitest";
import {
  defaultLanguage,
  directionOf,
  isSupportedLanguage,
  languages,
  normalizeLanguage,
} from "./languages.ts";

describe("languages", () => {
  it("lists the six interface languages in the picker order pt, es, en, it, de, sv", () => {
    expect(languages.map((l) => l.code)).toEqual(["pt", "es", "en", "it", "de", "sv"]);
  });

  it("gives every language a name and a flag, with no duplicates", () => {
    for (const language of languages) {
      expect(language.name.trim()).not.toBe("");
      expect(language.flag).toMatch(/^[a-z]{2}$/);
    }
    expect(new Set(languages.map((l) => l.code)).size).toBe(languages.length);
    expect(new Set(languages.map((l) => l.flag)).size).toBe(languages.length);
  });

  it("defaults to Portuguese", () => {
    expect(defaultLanguage).toBe("pt");
  });

  it("knows exactly the six supported codes", () => {
    for (const { code } of languages) expect(isSupportedLanguage(code)).toBe(true);
    for (const code of ["fr", "PT", "pt-BR", "", "__proto__", "constructor", "toString"]) {
      expect(isSupportedLanguage(code)).toBe(false);
    }
  });
});

describe("normalizeLanguage", () => {
  it.each([
    ["pt", "pt"],
    ["pt-BR", "pt"],
    ["PT_br", "pt"],
    ["pt_BR", "pt"],
    ["PT-BR", "pt"],
    [" de ", "de"],
    ["\tsv-SE\n", "sv"],
    ["en-GB", "en"],
    ["en-US", "en"],
    ["es-419", "es"],
    ["it-CH", "it"],
    ["de-CH-1901", "de"],
    ["EN", "en"],
  ])("%j → %s", (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it.each([
    "fr",
    "fr-FR",
    "ja",
    "zh-Hant-TW",
    "ptx",
    "p",
    "-pt",
    "_pt",
    "pt BR",
    "english",
    "*",
    "   ",
    "__proto__",
    "constructor",
    "toString",
  ])("rejects the unsupported %j", (input) => {
    expect(normalizeLanguage(input)).toBeNull();
  });

  it("rejects empty, null and undefined", () => {
    expect(normalizeLanguage("")).toBeNull();
    expect(normalizeLanguage(null)).toBeNull();
    expect(normalizeLanguage(undefined)).toBeNull();
  });

  it("copes with absurdly long input quickly", () => {
    const start = performance.now();
    expect(normalizeLanguage("x".repeat(1_000_000))).toBeNull();
    expect(normalizeLanguage("pt".repeat(500_000))).toBeNull();
    expect(normalizeLanguage(`pt-${"A".repeat(1_000_000)}`)).toBe("pt");
    expect(normalizeLanguage(`${" ".repeat(1_000_000)}de${" ".repeat(1_000_000)}`)).toBe("de");
    expect(normalizeLanguage("-".repeat(1_000_000))).toBeNull();
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe("directionOf", () => {
  it.each(["ar", "he", "fa", "ur", "ar-EG", "AR", "he_IL", " fa-IR ", "yi"])(
    "%j is right to left",
    (code) => {
      expect(directionOf(code)).toBe("rtl");
    },
  );

  it("writes the six supported languages left to right", () => {
    for (const { code } of languages) expect(directionOf(code)).toBe("ltr");
  });

  it.each(["pt-BR", "en-GB", "fr", "zh-Hant", "", "arab", "hebrew", "__proto__"])(
    "%j is left to right",
    (code) => {
      expect(directionOf(code)).toBe("ltr");
    },
  );
});
