import { describe, expect, it } from "vitest";
import { ageOn, profileLink, readablePhone, whatsappChat } from "./creator-contact.ts";

describe("profileLink", () => {
  it.each([
    ["@ana.souza", "https://www.instagram.com/ana.souza/"],
    ["ana_souza", "https://www.instagram.com/ana_souza/"],
    ["ana.souza", "https://www.instagram.com/ana.souza/"],
    [" @Ana ", "https://www.instagram.com/Ana/"],
    ["instagram.com/ana.souza", "https://instagram.com/ana.souza"],
    ["https://www.tiktok.com/@ana", "https://www.tiktok.com/@ana"],
    ["anasouza.art", "https://anasouza.art/"],
    ["http://portfolio.example.com/ana", "http://portfolio.example.com/ana"],
  ])("%s opens %s", (answer, link) => {
    expect(profileLink(answer)).toBe(link);
  });

  it.each([
    ["javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["ana souza no insta"],
    ["@"],
    [""],
    [null],
    ["https://"],
    ["//evil.example"],
  ])("%s stays text", (answer) => {
    expect(profileLink(answer)).toBeNull();
  });
});

describe("phone", () => {
  it("groups an E.164 number as it is read and opens her chat", () => {
    expect(readablePhone("+5548999123456")).toBe("+55 48 99912 3456");
    expect(whatsappChat("+5548999123456")).toBe("https://wa.me/5548999123456");
  });

  it("leaves a number it cannot trust as stored, with no chat", () => {
    expect(readablePhone("(48) 9999-1234")).toBe("(48) 9999-1234");
    expect(whatsappChat("(48) 9999-1234")).toBeNull();
    expect(whatsappChat(null)).toBeNull();
  });
});

describe("ageOn", () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2000-03-12", on("2026-03-11"))).toBe(25);
    expect(ageOn("2000-03-12", on("2026-03-12"))).toBe(26);
    expect(ageOn("2004-02-29", on("2022-02-28"))).toBe(17);
    expect(ageOn("2004-02-29", on("2022-03-01"))).toBe(18);
  });
  it("says nothing of a date it cannot read", () => {
    expect(ageOn("soon", on("2026-01-01"))).toBeNull();
    expect(ageOn("2030-01-01", on("2026-01-01"))).toBeNull();
  });
});
