import { describe, expect, it } from "vitest";
import { cursorParam, parseCursor, readCursor, readPageNumber } from "./keyset.ts";

describe("keyset cursors", () => {
  it("travel through the URL and come back whole, microseconds included", () => {
    const cursor = { createdAt: "2026-11-25 03:12:04.123456+00", id: 1009604 };
    const param = cursorParam(cursor)!;
    expect(parseCursor(new URLSearchParams({ after: param }).get("after"))).toEqual(cursor);
    expect(cursorParam(null)).toBeNull();
  });

  it("keep what PostgreSQL writes in any session zone: offsets with minutes, no fraction", () => {
    for (const createdAt of [
      "2026-11-25 03:12:04+00",
      "2026-11-25 00:12:04.5-03",
      "2026-11-25 08:42:04.123456+05:30",
      "1970-01-01 00:00:00+00",
    ]) {
      expect(readCursor(`${createdAt}~7`), createdAt).toEqual({
        cursor: { createdAt, id: 7 },
        invalid: false,
      });
    }
  });

  it("name no position, and no fault, when absent", () => {
    expect(readCursor(null)).toEqual({ cursor: undefined, invalid: false });
    expect(readCursor("")).toEqual({ cursor: undefined, invalid: false });
  });

  it("call forged, cut, oversized or impossible ones invalid (the list answers 400)", () => {
    for (const value of [
      "2026-11-25",
      "2026-11-25~",
      "~42",
      "short~1",
      "aaaaaaaaaa~1",
      "x_y",
      "2026-11-25 03:12:04~1",
      "2026-11-25 03:12:04+00~-1",
      "2026-11-25 03:12:04+00~0",
      "2026-11-25 03:12:04+00~1e3",
      "2026-11-25 03:12:04+00~1.5",
      "2026-11-25 03:12:04+00~0x10",
      `2026-11-25 03:12:04+00~${"9".repeat(16)}`,
      "2026-11-25 03:12:04+00~1~2",
      "2026-02-30 03:12:04+00~1",
      "2026-13-01 03:12:04+00~1",
      "2026-11-25 24:00:00+00~1",
      "2026-11-25 03:60:04+00~1",
      "2026-11-25 03:12:04+99~1",
      "0000-01-01 00:00:00+00~1",
      "2026-11-25T03:12:04.000Z~1",
      "infinity~1",
      "2026-11-25 03:12:04\u0000+00~1",
      "2026-11-25 03:12:04+00\n~1",
      "2026-11-25 03:12:04+00~1\u0000",
      "２０２６-11-25 03:12:04+00~1",
      "2026-11-25 03:12:04+00~１",
      "' OR 1=1 --~1",
      `${"2026-11-25 03:12:04+00".repeat(100)}~1`,
      `2026-11-25 03:12:04+00~${"1".repeat(10_000)}`,
    ]) {
      expect(readCursor(value), JSON.stringify(value)).toEqual({
        cursor: undefined,
        invalid: true,
      });
      expect(parseCursor(value)).toBeUndefined();
    }
  });
});

describe("page numbers and ids in the URL", () => {
  it("are whole numbers from 1 to the list's last; absent is none", () => {
    expect(readPageNumber(null)).toEqual({ value: undefined, invalid: false });
    expect(readPageNumber("")).toEqual({ value: undefined, invalid: false });
    expect(readPageNumber("3", 10)).toEqual({ value: 3, invalid: false });
    expect(readPageNumber("9007199254740991")).toEqual({
      value: Number.MAX_SAFE_INTEGER,
      invalid: false,
    });
    for (const value of [
      "0",
      "-1",
      "1.5",
      "1e3",
      " 7",
      "７",
      "11",
      "NaN",
      "\u0000",
      "9".repeat(20),
    ]) {
      expect(readPageNumber(value, 10), JSON.stringify(value)).toEqual({
        value: undefined,
        invalid: true,
      });
    }
  });
});
