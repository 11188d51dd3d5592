import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/languages";
import { CONSENT_VERSION } from "./fields";

/**
 * Each application stores the version of the consent text she agreed to, so the texts of a
 * version must never change. Changed the texts? Give CONSENT_VERSION a new value in fields.ts
 * and record the new fingerprint here next to it.
 */
const fingerprints: Record<string, string> = {
  "2026-11-22": "aff1ebf07526560e",
};

describe("the consent text", () => {
  it("is the text of CONSENT_VERSION in every language", async () => {
    const hash = createHash("sha256");
    for (const { code } of languages) {
      const { default: strings } = await import(`../../i18n/locales/${code}.json`);
      hash.update(`${code}\0${strings.preselection.consent}\0`);
    }
    expect(hash.digest("hex").slice(0, 16), "the consent texts changed: bump CONSENT_VERSION").toBe(
      fingerprints[CONSENT_VERSION],
    );
  });
});
