import { describe, expect, it } from "vitest";
import { homeCountry } from "./home-country.ts";

describe("homeCountry", () => {
  it.each([
    ["pt", "BR"],
    ["es", "ES"],
    ["en", "US"],
    ["it", "IT"],
    ["de", "DE"],
    ["sv", "SE"],
  ])("on a %s page, without more to go on, is %s", (language, country) => {
    expect(homeCountry(language, null, [])).toBe(country);
  });

  it("takes the geo lookup's country first, whatever the language", () => {
    expect(homeCountry("pt", "PT", ["pt-BR"])).toBe("PT");
    expect(homeCountry("en", "jp", [])).toBe("JP");
  });

  it("takes the region of her browser's language when it is the page's language", () => {
    expect(homeCountry("pt", null, ["pt-PT", "en-US"])).toBe("PT");
    expect(homeCountry("en", null, ["de-DE", "en-GB"])).toBe("GB");
    // Another language's region says nothing about where a reader of this one lives.
    expect(homeCountry("pt", null, ["en-GB"])).toBe("BR");
  });

  it("ignores what names no country she may choose", () => {
    expect(homeCountry("pt", "XX", ["pt-419", "not a tag", ""])).toBe("BR");
    expect(homeCountry("pt", "<script>", [])).toBe("BR");
  });
});
