import { describe, expect, it } from "vitest";
import {
  centsAsDecimal,
  formatBrl,
  formatPercent,
  MAX_LINE_CENTS,
  monthEnd,
  monthStart,
  parseAmount,
  statementTotals,
} from "./money.ts";
import { checkPlatform } from "./platform.ts";

const cents = (text: string) => {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.cents : parsed.error;
};

describe("an amount as people type it", () => {
  it("reads the Brazilian and the English ways to exact cents", () => {
    expect(cents("1.234,56")).toBe(123_456);
    expect(cents("1234,56")).toBe(123_456);
    expect(cents("1234.56")).toBe(123_456);
    expect(cents("1,234.56")).toBe(123_456);
    expect(cents("1.234.567,89")).toBe(123_456_789);
    expect(cents("R$ 12")).toBe(1_200);
    expect(cents("  12,5 ")).toBe(1_250);
    expect(cents("0,01")).toBe(1);
    expect(cents("0.10")).toBe(10);
    expect(cents("1.000.000")).toBe(100_000_000);
    expect(cents("-30,00")).toBe(-3_000);
    expect(cents("−0,01")).toBe(-1);
    expect(cents("0")).toBe(0);
    expect(cents("-0")).toBe(0);
  });

  it("never goes through a float (0.1 + 0.2 and values past 2^53 / 100)", () => {
    expect(cents("0,29")).toBe(29);
    expect(cents("1.15")).toBe(115);
    expect(cents("4.35")).toBe(435);
    expect(cents("999.999.999,99")).toBe(MAX_LINE_CENTS);
  });

  it("refuses what is not an amount, with the reason", () => {
    expect(cents("")).toBe("empty");
    expect(cents("   ")).toBe("empty");
    expect(cents("R$")).toBe("empty");
    for (const text of [
      "abc",
      "1,2,3",
      "1.23,45",
      "1.234.56",
      "12,34.56",
      ",50",
      "1e5",
      "=1+1",
      "+12",
      "12-",
      "1 234,56",
      "--5",
      "0x10",
    ]) {
      expect(cents(text), text).toBe("invalid");
    }
    // A thousand in Brazil, one in English: she is asked for the cents.
    expect(cents("1.234")).toBe("ambiguous");
    expect(cents("1,234")).toBe("ambiguous");
    expect(cents("1.000.000.000,00")).toBe("tooLarge");
    expect(cents("99999999999999999999")).toBe("tooLarge");
  });
});

describe("a statement's figures", () => {
  const lines = (...values: number[]) => values.map((grossCents) => ({ grossCents }));

  it("takes the agency's share at the contract's percentage, the rest is hers", () => {
    expect(statementTotals(lines(100_000), 2_000)).toEqual({
      grossCents: 100_000,
      agencyCents: 20_000,
      netCents: 80_000,
    });
  });

  it("rounds half up once, on the total: an odd cent", () => {
    // 20 % of R$ 0,05 is 1 cent exactly; of R$ 0,03 is 0.6 → 1; of 0,02 is 0.4 → 0.
    expect(statementTotals(lines(5), 2_000).agencyCents).toBe(1);
    expect(statementTotals(lines(3), 2_000).agencyCents).toBe(1);
    expect(statementTotals(lines(2), 2_000).agencyCents).toBe(0);
    // 50 % of an odd cent: half, up.
    expect(statementTotals(lines(1), 5_000)).toEqual({
      grossCents: 1,
      agencyCents: 1,
      netCents: 0,
    });
    expect(statementTotals(lines(101), 5_000)).toEqual({
      grossCents: 101,
      agencyCents: 51,
      netCents: 50,
    });
  });

  it("33.33 %: once on the total, not per line", () => {
    // Each line's share would be 0.3333 → 0 cents; the total's 3 × 0.3333 = 0.9999 → 1 cent.
    expect(statementTotals(lines(1, 1, 1), 3_333)).toEqual({
      grossCents: 3,
      agencyCents: 1,
      netCents: 2,
    });
    // R$ 100,00 at 33.33 % is R$ 33,33 exactly; R$ 100,01 gives 3333.3333 → 3333.
    expect(statementTotals(lines(10_000), 3_333).agencyCents).toBe(3_333);
    expect(statementTotals(lines(10_001), 3_333).agencyCents).toBe(3_333);
    // R$ 0,15 × 33.33 % = 4.9995 → 5: half up (a float gives 4.999499…).
    expect(statementTotals(lines(15), 3_333).agencyCents).toBe(5);
  });

  it("0 % and 100 %", () => {
    expect(statementTotals(lines(12_345), 0)).toEqual({
      grossCents: 12_345,
      agencyCents: 0,
      netCents: 12_345,
    });
    expect(statementTotals(lines(12_345), 10_000)).toEqual({
      grossCents: 12_345,
      agencyCents: 12_345,
      netCents: 0,
    });
  });

  it("negative corrections, totals across lines, and a total below zero", () => {
    expect(statementTotals(lines(50_000, 25_050, -5_000), 2_500)).toEqual({
      grossCents: 70_050,
      agencyCents: 17_513,
      netCents: 52_537,
    });
    // A correction that takes back more than the month: half away from zero, net still the rest.
    expect(statementTotals(lines(100, -103), 5_000)).toEqual({
      grossCents: -3,
      agencyCents: -2,
      netCents: -1,
    });
    expect(statementTotals([], 2_000)).toEqual({ grossCents: 0, agencyCents: 0, netCents: 0 });
  });

  it("stays exact past a double's integers (5,000 lines at the largest amount, 99.99 %)", () => {
    const big = statementTotals(
      Array.from({ length: 5_000 }, () => ({ grossCents: MAX_LINE_CENTS })),
      9_999,
    );
    expect(big.grossCents).toBe(5_000 * MAX_LINE_CENTS);
    expect(big.agencyCents + big.netCents).toBe(big.grossCents);
    // 499,999,999,995,000 × 9,999 / 10,000 = 499,949,999,995,000.5 → …001 (the product, about
    // 5 × 10^18, is far past 2^53: a double would lose the half).
    expect(big.agencyCents).toBe(499_949_999_995_001);
  });

  it("refuses a percentage out of range and cents that are not integers", () => {
    expect(() => statementTotals(lines(1), 10_001)).toThrow(RangeError);
    expect(() => statementTotals(lines(1), -1)).toThrow(RangeError);
    expect(() => statementTotals(lines(1), 33.3)).toThrow(RangeError);
    expect(() => statementTotals([{ grossCents: 0.5 }], 100)).toThrow(RangeError);
  });
});

describe("money in her language", () => {
  it("shows BRL with Intl in each language, to the cent", () => {
    expect(formatBrl(123_456, "pt")).toBe(
      new Intl.NumberFormat("pt", { style: "currency", currency: "BRL" }).format(1234.56),
    );
    expect(formatBrl(123_456, "en")).toBe("R$1,234.56");
    expect(formatBrl(-1, "en")).toBe("-R$0.01");
    expect(formatBrl(5, "de")).toBe(
      new Intl.NumberFormat("de", { style: "currency", currency: "BRL" }).format(0.05),
    );
    // The real's sign, R$, in every language (Intl's default writes "BRL" or "BR$" in some).
    expect(formatBrl(123_456, "it")).toBe("1.234,56\u00a0R$");
    expect(formatBrl(123_456, "sv")).toMatch(/^1\s234,56\sR\$$/);
    expect(formatBrl(MAX_LINE_CENTS * 50, "en")).toBe("R$49,999,999,999.50");
  });

  it("percentages and the CSV's decimals", () => {
    expect(formatPercent(3_333, "en")).toBe("33.33%");
    expect(formatPercent(2_000, "en")).toBe("20%");
    expect(centsAsDecimal(123_456)).toBe("1234,56");
    expect(centsAsDecimal(-5)).toBe("-0,05");
  });

  it("months", () => {
    expect(monthStart("2026-10")).toBe("2026-10-01");
    expect(monthStart("2026-10-01")).toBe("2026-10-01");
    expect(monthStart("2026-13")).toBeNull();
    expect(monthStart("2026-10-02")).toBeNull();
    expect(monthStart("' or 1=1")).toBeNull();
    expect(monthEnd("2028-02-01")).toBe("2028-02-29");
    expect(monthEnd("2026-12-01")).toBe("2026-12-31");
  });
});

describe("a platform's name", () => {
  it("is free text up to 60 characters, never a formula", () => {
    expect(checkPlatform("  OnlyFans   Brasil ")).toEqual({ ok: true, value: "OnlyFans Brasil" });
    expect(checkPlatform("")).toEqual({ ok: false, error: "platform" });
    expect(checkPlatform("x".repeat(61))).toEqual({ ok: false, error: "platformLength" });
    expect(checkPlatform("é".repeat(60))).toMatchObject({ ok: true });
    for (const formula of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", " =1"]) {
      expect(checkPlatform(formula), formula).toEqual({ ok: false, error: "formula" });
    }
  });
});
