import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MASK, maskDocument } from "./sensitive.ts";

describe("maskDocument", () => {
  it("hides all but the last four characters of a document, separators left out", () => {
    expect(maskDocument("123.456.789-09")).toEqual({ masked: "•••••••8909", ending: "8909" });
    expect(maskDocument("12345678909")).toEqual({ masked: "•••••••8909", ending: "8909" });
    expect(maskDocument("AB 1234567")).toEqual({ masked: "•••••4567", ending: "4567" });
  });

  it("shows fewer of a short document: never more than half of it", () => {
    expect(maskDocument("12345678").masked).toBe("••••5678");
    expect(maskDocument("1234567").masked).toBe("••••567");
    expect(maskDocument("123456").masked).toBe("•••456");
    expect(maskDocument("12345").masked).toBe("•••45");
    expect(maskDocument("1234").masked).toBe("••34");
    expect(maskDocument("12").masked).toBe("•2");
    expect(maskDocument("1")).toEqual({ masked: "•", ending: "" });
    expect(maskDocument("")).toEqual({ masked: "", ending: "" });
  });

  it("never gives away more than half of any document, nor more than four characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 40 }), (value) => {
        const { masked, ending } = maskDocument(value);
        const characters = Array.from(value.replace(/[^\p{L}\p{N}]/gu, ""));
        const clear = Array.from(masked).filter((c) => c !== MASK);
        expect(clear.join("")).toBe(ending);
        expect(clear.length).toBeLessThanOrEqual(4);
        expect(clear.length * 2).toBeLessThanOrEqual(characters.length);
        // One bullet or character per character of the document, and its end in clear.
        expect(Array.from(masked)).toHaveLength(characters.length);
        expect(characters.join("").endsWith(ending)).toBe(true);
      }),
    );
  });
});
