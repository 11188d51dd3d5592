import { describe, expect, it } from "vitest";
import { cursorParam, parseCursor } from "./keyset.ts";

describe("keyset cursors", () => {
  it("travel through the URL and come back whole, microseconds included", () => {
    const cursor = { createdAt: "2026-11-25 03:12:04.123456+00", id: 1009604 };
    const param = cursorParam(cursor)!;
    expect(parseCursor(new URLSearchParams({ after: param }).get("after"))).toEqual(cursor);
    expect(cursorParam(null)).toBeNull();
  });

  it("name no position when absent, forged or oversized", () => {
    for (const value of [
      null,
      "",
      "2026-11-25",
      "2026-11-25~",
      "~42",
      "short~1",
      "2026-11-25 03:12:04~-1",
      "2026-11-25 03:12:04~1e3",
      `2026-11-25 03:12:04~${"9".repeat(16)}`,
      `${"x".repeat(41)}~1`,
    ]) {
      expect(parseCursor(value), String(value)).toBeUndefined();
    }
  });
});
