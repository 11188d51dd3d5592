import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy.ts";

const nonce = "r4nd0mN0nce+/=";

/** The policy as directive name → source list; fails on a repeated directive. */
function parse(policy: string) {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [rawName, ...values] = part.trim().split(/\s+/);
    const name = rawName?.toLowerCase();
    if (!name) continue;
    expect(directives.has(name), `directive ${name} appears twice`).toBe(false);
    directives.set(name, values);
  }
  return directives;
}

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy(nonce);
  const directives = parse(policy);

  it("lets scripts run only with this response's nonce", () => {
    expect(policy).toContain(`'nonce-${nonce}'`);
    expect(directives.get("script-src")).toContain(`'nonce-${nonce}'`);
  });

  it("uses a different nonce for a different response", () => {
    const other = parse(contentSecurityPolicy("another"));
    expect(other.get("script-src")).toContain("'nonce-another'");
    expect(other.get("script-src")).not.toContain(`'nonce-${nonce}'`);
  });

  it("uses 'strict-dynamic' for the scripts the nonced ones load", () => {
    expect(directives.get("script-src")).toContain("'strict-dynamic'");
  });

  it("never allows inline or eval'd scripts", () => {
    for (const dev of [false, true]) {
      const scriptSrc = parse(contentSecurityPolicy(nonce, { dev })).get("script-src")!;
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).not.toContain("'unsafe-hashes'");
      expect(scriptSrc).not.toContain("*");
      expect(scriptSrc).not.toContain("data:");
    }
  });

  it("forbids framing, plugins and <base> tags", () => {
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'none'"]);
  });

  it("lets a page that asks be framed by this site only, never by another", () => {
    const framed = parse(contentSecurityPolicy(nonce, { framedBySelf: true }));
    expect(framed.get("frame-ancestors")).toEqual(["'self'"]);
    expect(framed.get("object-src")).toEqual(["'none'"]);
  });

  it("restricts everything else to this origin", () => {
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("form-action")).toEqual(["'self'"]);
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    for (const [name, values] of directives) {
      expect(values, name).not.toContain("*");
      expect(
        values.some((v) => v === "http:" || v === "https:"),
        name,
      ).toBe(false);
    }
  });

  it("lets forms lead to the given origins besides this one (Google's sign-in)", () => {
    const withGoogle = parse(
      contentSecurityPolicy(nonce, { formTargets: ["https://accounts.google.com"] }),
    );
    expect(withGoogle.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
    expect(withGoogle.get("default-src")).toEqual(["'self'"]);
  });

  it("only opens WebSocket connections in development", () => {
    expect(directives.get("connect-src")).not.toContain("ws:");
    const dev = parse(contentSecurityPolicy(nonce, { dev: true }));
    expect(dev.get("connect-src")).toEqual(["'self'", "ws:"]);
    expect(dev.get("script-src")).toEqual(directives.get("script-src"));
  });

  it("is a single header line without stray separators", () => {
    expect(policy).not.toMatch(/[\r\n]/);
    expect(policy).not.toMatch(/;\s*;/);
    expect(policy.trim()).toBe(policy);
  });
});
