import { describe, expect, it } from "vitest";
import { PROVIDER_MESSAGE_MAX, providerErrorCode, providerErrorMessage } from "./provider-error.ts";

describe("providerErrorMessage", () => {
  it("keeps a provider's ordinary message as it is", () => {
    expect(providerErrorMessage("The user denied access to the app.")).toBe(
      "The user denied access to the app.",
    );
    expect(providerErrorMessage("Acesso negado pelo usuário — tente de novo 🙂")).toBe(
      "Acesso negado pelo usuário — tente de novo 🙂",
    );
  });

  it("gives nothing for nothing, or for nothing readable", () => {
    expect(providerErrorMessage(null)).toBeNull();
    expect(providerErrorMessage("")).toBeNull();
    expect(providerErrorMessage(" \t\n\u0000\u200b\u202e\u2028 ")).toBeNull();
  });

  it("puts one line of text where control characters and line breaks were", () => {
    expect(providerErrorMessage("denied\r\nSet-Cookie: x=1\u0000\u0007end")).toBe(
      "denied Set-Cookie: x=1 end",
    );
    expect(providerErrorMessage("a\u2028b\u2029c\u0085d\u009be")).toBe("a b c d e");
  });

  it("removes what reorders or hides text: bidirectional controls and zero-width characters", () => {
    // "Call +55 48 0000" written backwards behind a right-to-left override would read reversed.
    expect(providerErrorMessage("ok \u202e0000 84 55+ llac\u202c done")).toBe(
      "ok 0000 84 55+ llac done",
    );
    expect(providerErrorMessage("pay\u200bpal\u2066x\u2069\ufeff")).toBe("pay pal x");
    // Tag characters carry text no one sees.
    expect(providerErrorMessage("hi\u{e0069}\u{e0067}\u{e006e}")).toBe("hi");
    // Private-use and lone surrogate code points.
    expect(providerErrorMessage("a\ue000b\ud800c")).toBe("a b c");
  });

  it("leaves markup as the characters it is: the page shows it as text", () => {
    const markup = `<img src=x onerror="alert(1)"><script>alert(2)</script>&lt;b&gt;`;
    expect(providerErrorMessage(markup)).toBe(markup);
  });

  it(`cuts a long message to ${PROVIDER_MESSAGE_MAX} characters, ending with an ellipsis`, () => {
    const long = providerErrorMessage("x".repeat(10_000))!;
    expect([...long]).toHaveLength(PROVIDER_MESSAGE_MAX);
    expect(long.endsWith("…")).toBe(true);
    const exact = "y".repeat(PROVIDER_MESSAGE_MAX);
    expect(providerErrorMessage(exact)).toBe(exact);
  });

  it("never cuts a character in two: an emoji or an accent stays whole", () => {
    const family = "👩‍👩‍👧";
    const cut = providerErrorMessage(family.repeat(PROVIDER_MESSAGE_MAX + 5))!;
    const segments = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(cut)];
    expect(segments).toHaveLength(PROVIDER_MESSAGE_MAX);
    expect(segments.slice(0, -1).every((s) => s.segment === family)).toBe(true);
    // Written decomposed (e + combining acute), it comes back composed.
    expect(providerErrorMessage("Mare\u0301")).toBe("Maré");
  });
});

describe("providerErrorCode", () => {
  it("passes a code's short token through and replaces anything else", () => {
    expect(providerErrorCode("access_denied")).toBe("access_denied");
    expect(providerErrorCode("unable_to_create_user")).toBe("unable_to_create_user");
    expect(providerErrorCode(null)).toBeNull();
    expect(providerErrorCode("")).toBeNull();
    expect(providerErrorCode("<script>")).toBe("unknown");
    expect(providerErrorCode("a".repeat(65))).toBe("unknown");
    expect(providerErrorCode("unable_to_create_user\n")).toBe("unknown");
  });
});
