import { describe, expect, it } from "vitest";
import { formatAnswer } from "./format.ts";

const t = ((key: string) => key) as Parameters<typeof formatAnswer>[2];

describe("formatAnswer for the phone", () => {
  it("shows a number as it will be stored, read in her country", () => {
    expect(formatAnswer("phone", { country: "BR", phone: "(48) 99123-4567" }, t, "pt")).toBe(
      "+55 48 99123 4567",
    );
    expect(formatAnswer("phone", { country: "IT", phone: "06 6982 1234" }, t, "it")).toBe(
      "+39 06 6982 1234",
    );
    expect(formatAnswer("phone", { country: "BR", phone: "+351912345678" }, t, "pt")).toBe(
      "+351 912 345 678",
    );
  });

  it("shows what she typed when it is no number there", () => {
    expect(formatAnswer("phone", { country: "PT", phone: " (48) 99123-4567 " }, t, "pt")).toBe(
      "(48) 99123-4567",
    );
    expect(formatAnswer("phone", { phone: "48 9" }, t, "pt")).toBe("48 9");
  });
});
