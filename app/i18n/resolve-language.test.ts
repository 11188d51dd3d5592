import { describe, expect, it } from "vitest";
import { languageForCountry, parseAcceptLanguage, resolveLanguage } from "./resolve-language.ts";

describe("resolveLanguage", () => {
  const all = { query: "es", cookie: "it", country: "DE", acceptLanguage: "sv-SE,sv;q=0.9" };

  it("prefers the query over everything else", () => {
    expect(resolveLanguage(all)).toEqual({ language: "es", source: "query" });
  });

  it("then the cookie", () => {
    expect(resolveLanguage({ ...all, query: null })).toEqual({ language: "it", source: "cookie" });
  });

  it("then the geo country", () => {
    expect(resolveLanguage({ ...all, query: null, cookie: null })).toEqual({
      language: "de",
      source: "geo",
    });
  });

  it("then Accept-Language", () => {
    expect(resolveLanguage({ acceptLanguage: "sv-SE,sv;q=0.9" })).toEqual({
      language: "sv",
      source: "browser",
    });
  });

  it("then Portuguese", () => {
    expect(resolveLanguage({})).toEqual({ language: "pt", source: "default" });
    expect(
      resolveLanguage({ query: null, cookie: null, country: null, acceptLanguage: null }),
    ).toEqual({ language: "pt", source: "default" });
  });

  it("normalises regional and oddly written codes at each level", () => {
    expect(resolveLanguage({ query: "PT_br" })).toEqual({ language: "pt", source: "query" });
    expect(resolveLanguage({ cookie: " en-GB " })).toEqual({ language: "en", source: "cookie" });
    expect(resolveLanguage({ acceptLanguage: "DE-at" })).toEqual({
      language: "de",
      source: "browser",
    });
  });

  it("falls through an unsupported query", () => {
    expect(resolveLanguage({ ...all, query: "fr" })).toEqual({ language: "it", source: "cookie" });
    expect(resolveLanguage({ ...all, query: "" })).toEqual({ language: "it", source: "cookie" });
  });

  it("falls through an unsupported cookie", () => {
    expect(resolveLanguage({ ...all, query: null, cookie: "xx" })).toEqual({
      language: "de",
      source: "geo",
    });
  });

  it("falls through a country whose language is not ours", () => {
    expect(resolveLanguage({ country: "FR", acceptLanguage: "en" })).toEqual({
      language: "en",
      source: "browser",
    });
  });

  it("skips unsupported browser languages and takes the first supported one", () => {
    expect(resolveLanguage({ acceptLanguage: "fr-FR, ja;q=0.9, it;q=0.5, de;q=0.4" })).toEqual({
      language: "it",
      source: "browser",
    });
  });

  it("defaults when nothing at any level is supported", () => {
    expect(
      resolveLanguage({ query: "fr", cookie: "xx", country: "FR", acceptLanguage: "fr-FR, ja, *" }),
    ).toEqual({ language: "pt", source: "default" });
  });

  it("does not pick a browser language the visitor refused with q=0", () => {
    expect(resolveLanguage({ acceptLanguage: "en;q=0, fr" })).toEqual({
      language: "pt",
      source: "default",
    });
  });
});

describe("parseAcceptLanguage", () => {
  it("returns nothing for an empty or missing header", () => {
    expect(parseAcceptLanguage("")).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it("sorts by q-value, highest first", () => {
    expect(parseAcceptLanguage("de;q=0.5, en;q=0.9, sv, it;q=0.7")).toEqual([
      "sv",
      "en",
      "it",
      "de",
    ]);
  });

  it("keeps the header order for equal q-values", () => {
    expect(parseAcceptLanguage("it, de, en")).toEqual(["it", "de", "en"]);
    expect(parseAcceptLanguage("sv;q=0.8, es;q=0.8, pt;q=0.8, en")).toEqual([
      "en",
      "sv",
      "es",
      "pt",
    ]);
    expect(parseAcceptLanguage("de;q=1, en, it;q=1.0, es;q=1.000")).toEqual([
      "de",
      "en",
      "it",
      "es",
    ]);
  });

  it("parses a typical browser header", () => {
    expect(parseAcceptLanguage("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual([
      "pt-BR",
      "pt",
      "en-US",
      "en",
    ]);
  });

  it("tolerates whitespace around tags and parameters", () => {
    expect(parseAcceptLanguage("  en ;  q = 0.5 ,\tde ")).toEqual(["de", "en"]);
  });

  it("keeps the * wildcard as a tag", () => {
    expect(parseAcceptLanguage("*;q=0.1, de")).toEqual(["de", "*"]);
  });

  it("excludes entries with q=0", () => {
    expect(parseAcceptLanguage("en;q=0, de;q=0.0, it;q=0.000, sv")).toEqual(["sv"]);
    expect(parseAcceptLanguage("*;q=0")).toEqual([]);
  });

  it("drops malformed entries and keeps the valid ones", () => {
    expect(
      parseAcceptLanguage(
        "en-, 12, en_US, a b, ;q=0.5, toolongtag, -de, <script>, ,,, es-ES;q=0.6, it",
      ),
    ).toEqual(["it", "es-ES"]);
  });

  it("ignores a weight that is not a valid q-value", () => {
    // Out-of-range or garbled weights do not promote an entry above the well-formed ones.
    expect(parseAcceptLanguage("en, de;q=1.5")).toEqual(["en", "de"]);
    expect(parseAcceptLanguage("en, de;q=2")).toEqual(["en", "de"]);
    expect(parseAcceptLanguage("en;q=0.5, de;q=abc")).toEqual(["de", "en"]);
    expect(parseAcceptLanguage("en;q=0.5, de;q=-1")).toEqual(["de", "en"]);
  });

  it("handles a 100 KB header quickly and without throwing", () => {
    const header = "en-US;q=0.8, ".repeat(8000);
    expect(header.length).toBeGreaterThan(100_000);
    const start = performance.now();
    const tags = parseAcceptLanguage(header);
    expect(performance.now() - start).toBeLessThan(100);
    expect(tags.length).toBeGreaterThan(0);
    // Only a bounded prefix of an attacker-controlled header is looked at.
    expect(tags.length).toBeLessThanOrEqual(32);
    expect(new Set(tags)).toEqual(new Set(["en-US"]));
  });

  it("handles one 100 KB token quickly and without throwing", () => {
    const start = performance.now();
    expect(parseAcceptLanguage("a".repeat(100_000))).toEqual([]);
    const long = parseAcceptLanguage(`en${"-a".repeat(50_000)}`);
    expect(long.length).toBeLessThanOrEqual(1);
    expect(long.every((tag) => tag.length <= 1024)).toBe(true);
    expect(parseAcceptLanguage(`de;${"q=0.5;".repeat(20_000)}`)).toEqual(["de"]);
    expect(performance.now() - start).toBeLessThan(100);
  });

  it("handles a header with 10,000 entries quickly and without throwing", () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `x${i % 10};q=0.${i % 10}`).join(",");
    const start = performance.now();
    const tags = parseAcceptLanguage(header);
    expect(performance.now() - start).toBeLessThan(100);
    expect(tags.length).toBeLessThanOrEqual(32);
    expect(() => resolveLanguage({ acceptLanguage: header })).not.toThrow();
    expect(resolveLanguage({ acceptLanguage: `${header},de` })).toEqual({
      language: "pt",
      source: "default",
    });
  });

  it("handles 10,000 empty entries", () => {
    expect(parseAcceptLanguage(",".repeat(10_000))).toEqual([]);
    expect(parseAcceptLanguage(`${";".repeat(10_000)},en`)).toEqual([]);
  });
});

describe("languageForCountry", () => {
  it.each([
    ["BR", "pt"],
    ["PT", "pt"],
    ["AO", "pt"],
    ["MX", "es"],
    ["ES", "es"],
    ["AR", "es"],
    ["US", "en"],
    ["GB", "en"],
    ["IT", "it"],
    ["CH", "de"],
    ["DE", "de"],
    ["AT", "de"],
    ["SE", "sv"],
  ])("%s → %s", (country, language) => {
    expect(languageForCountry(country)).toBe(language);
  });

  it("accepts lowercase and padded codes", () => {
    expect(languageForCountry("br")).toBe("pt");
    expect(languageForCountry("Mx")).toBe("es");
    expect(languageForCountry(" se ")).toBe("sv");
  });

  it.each(["FR", "JP", "CN", "XX", "T1", "A1", "ZZ"])("has no language for %s", (country) => {
    expect(languageForCountry(country)).toBeNull();
  });

  it.each([
    "",
    "   ",
    "BRA",
    "B",
    "B R",
    "BR-SP",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "BR".repeat(50_000),
  ])("returns null for garbage %j", (country) => {
    expect(languageForCountry(country)).toBeNull();
  });

  it("returns null for null and undefined", () => {
    expect(languageForCountry(null)).toBeNull();
    expect(languageForCountry(undefined)).toBeNull();
  });
});
