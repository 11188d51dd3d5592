import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHATBOT_CONSENT_VERSION } from "#app/features/chatbot/questions.ts";
import { CONSENT_VERSION } from "#app/features/preselection/fields.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languages } from "#app/i18n/languages.ts";

/**
 * Each application stores the version of the consent text she agreed to, so the texts of a
 * version must never change. Changed a text? Give its version a new value and record the new
 * fingerprint here next to it.
 */
const consentTexts = [
  {
    key: "preselection.consent",
    version: CONSENT_VERSION,
    fingerprints: { "2026-11-22": "aff1ebf07526560e" } as Record<string, string>,
  },
  {
    key: "chatbot.consent",
    version: CHATBOT_CONSENT_VERSION,
    fingerprints: { "2026-11-22": "65ab08d468ca60ff" } as Record<string, string>,
  },
];

describe("the consent texts", () => {
  it.each(consentTexts)("$key is the text of its version in every language", (text) => {
    const hash = createHash("sha256");
    for (const { code } of languages) {
      hash.update(`${code}\0${getFixedT(code)(text.key)}\0`);
    }
    expect(hash.digest("hex").slice(0, 16), `${text.key} changed: bump its version`).toBe(
      text.fingerprints[text.version],
    );
  });
});
