import { describe, expect, it } from "vitest";
import {
  parseReferralCode,
  referralCookie,
  referralFromRequest,
  REFERRAL_DAYS,
} from "./referral.server.ts";

describe("referral codes", () => {
  it("accepts letters, digits, - and _ (3 to 32), upper-cased", () => {
    expect(parseReferralCode("ana-2026")).toBe("ANA-2026");
    expect(parseReferralCode(" Bia_01 ")).toBe("BIA_01");
    for (const bad of [
      "",
      "ab",
      "a".repeat(33),
      "ana 2026",
      "<script>",
      "ana;x=1",
      null,
      undefined,
    ]) {
      expect(parseReferralCode(bad)).toBeNull();
    }
  });

  it("remembers a code for 30 days in an HttpOnly first-party cookie", () => {
    expect(referralCookie("ANA", false)).toBe(
      `ref=ANA; Path=/; Max-Age=${REFERRAL_DAYS * 86400}; HttpOnly; SameSite=Lax`,
    );
    expect(referralCookie("ANA", true)).toMatch(/; Secure$/);
  });

  it("reads the code back from the request, ignoring malformed values", () => {
    const request = (cookie: string) => new Request("https://x.test/", { headers: { cookie } });
    expect(referralFromRequest(request("lang=pt; ref=ANA"))).toBe("ANA");
    expect(referralFromRequest(request("ref=<b>"))).toBeNull();
    expect(referralFromRequest(new Request("https://x.test/"))).toBeNull();
  });
});
