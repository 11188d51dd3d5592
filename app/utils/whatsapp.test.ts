import { describe, expect, it } from "vitest";
import { isE164, whatsappLink, whatsappNumberOf } from "./whatsapp.ts";

describe("E.164 numbers", () => {
  it.each(["+5548999999999", "+14155552671", "+46701234567", "+393331234567", "+12345678"])(
    "accepts %s",
    (number) => {
      expect(isE164(number)).toBe(true);
    },
  );

  it.each([
    ["no plus", "5548999999999"],
    ["a country code starting with 0", "+0548999999999"],
    ["16 digits", "+1234567890123456"],
    ["7 digits", "+1234567"],
    ["spaces", "+55 48 99999 9999"],
    ["dashes and brackets", "+55 (48) 99999-9999"],
    ["a trailing newline", "+5548999999999\n"],
    ["two plus signs", "++5548999999999"],
    ["letters", "+55489999ABCD"],
    ["Arabic-Indic digits", "+٥٥٤٨٩٩٩٩٩٩٩٩٩"],
    ["an empty string", ""],
  ])("refuses %s", (_why, number) => {
    expect(isE164(number)).toBe(false);
  });

  it("refuses null and undefined", () => {
    expect(isE164(null)).toBe(false);
    expect(isE164(undefined)).toBe(false);
  });

  it("writes to the form's WhatsApp, else the chatbot's phone, and only when valid", () => {
    expect(whatsappNumberOf({ whatsapp: "+5548999999999", phone: "+14155552671" })).toBe(
      "+5548999999999",
    );
    expect(whatsappNumberOf({ whatsapp: null, phone: "+14155552671" })).toBe("+14155552671");
    expect(whatsappNumberOf({ whatsapp: "", phone: "+14155552671" })).toBe("+14155552671");
    expect(whatsappNumberOf({ whatsapp: "48 99999-9999", phone: null })).toBeNull();
    expect(whatsappNumberOf({ whatsapp: null, phone: null })).toBeNull();
  });
});

describe("the wa.me link", () => {
  it("is WhatsApp's chat with her digits, without the plus", () => {
    expect(whatsappLink("+5548999999999", "Oi")).toBe("https://wa.me/5548999999999?text=Oi");
  });

  it("encodes spaces, accents, emoji, & and # so the whole text arrives", () => {
    const text = "Olá Zoë & Ana #1 🌸\nAté já? 50% = ok/+";
    const link = whatsappLink("+5548999999999", text);
    expect(link).toBe(
      "https://wa.me/5548999999999?text=Ol%C3%A1%20Zo%C3%AB%20%26%20Ana%20%231%20%F0%9F%8C%B8%0AAt%C3%A9%20j%C3%A1%3F%2050%25%20%3D%20ok%2F%2B",
    );
    const url = new URL(link);
    // Nothing of the text leaks into another parameter or the fragment.
    expect(url.hash).toBe("");
    expect([...url.searchParams.keys()]).toEqual(["text"]);
    expect(url.searchParams.get("text")).toBe(text);
  });

  it("never leaves wa.me, whatever the text says", () => {
    for (const text of ["@evil.example", "//evil.example", "https://evil.example/#", "\\\\x"]) {
      const url = new URL(whatsappLink("+14155552671", text));
      expect(url.origin).toBe("https://wa.me");
      expect(url.pathname).toBe("/14155552671");
    }
  });

  it("refuses a number that is not E.164 instead of building a link from it", () => {
    for (const number of ["evil.example", "+55 48 9999", "/@evil.example", "+1@evil.example"]) {
      expect(() => whatsappLink(number, "Oi")).toThrow();
    }
  });
});
