import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { startSmtp, type Mailbox } from "../e2e/smtp.ts";

/**
 * The finding: behind a TLS-terminating proxy, with TRUST_PROXY set but no PUBLIC_ORIGIN, the
 * session cookie went out without `Secure` while HSTS was sent; any plain-http request the
 * browser made (a mistyped http:// link before HSTS was learnt, a captive portal) would carry it
 * in clear. Now a request the trusted proxy says is https gets `Secure` on every cookie.
 */

const PASSWORD = "uma-senha-bem-longa-2026";

test.describe("cookies behind a trusted TLS proxy without PUBLIC_ORIGIN", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer;
  let smtp: Mailbox;

  test.beforeAll(async () => {
    smtp = await startSmtp();
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 82, {
      SMTP_URL: smtp.url,
      TRUST_PROXY: "loopback",
      PUBLIC_ORIGIN: "",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const post = (path: string, form: Record<string, string>, proto: string, cookie = "") =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-proto": proto,
        "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}`,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form),
    });

  const names = (response: Response) =>
    response.headers.getSetCookie().map((line) => line.split("=")[0]!);

  test("the session cookie of an https sign-in is Secure, with HSTS; over http it is not", async () => {
    const email = `lia.${randomBytes(4).toString("hex")}@example.com`;
    const signUp = await post(
      "/register/affiliate",
      { name: "Lia Costa", email, password: PASSWORD, promotion: "Meu Instagram de criação." },
      "https",
    );
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get("strict-transport-security")).toMatch(/max-age=/);
    const proof = signUp.headers.getSetCookie();
    expect(proof.length).toBeGreaterThan(0);
    for (const line of proof) expect(line).toMatch(/;\s*Secure/i);

    const mail = await smtp.mailTo(email);
    const token = new URL(/https?:\/\/\S+/.exec(mail.text ?? "")![0]).searchParams.get("token")!;
    const cookie = proof.map((line) => line.split(";")[0]).join("; ");
    const verified = await post("/verify-email", { token }, "https", cookie);
    expect(verified.status).toBe(302);
    expect(names(verified)).toContain("mare.session_token");
    for (const line of verified.headers.getSetCookie()) expect(line).toMatch(/;\s*Secure/i);

    // The same over plain http (no proxy's word for https): no Secure, so the cookie still works.
    const plain = await post(
      "/register/affiliate",
      {
        name: "Bia Lima",
        email: `bia.${randomBytes(4).toString("hex")}@example.com`,
        password: PASSWORD,
        promotion: "Meu Instagram de criação.",
      },
      "http",
    );
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    for (const line of plain.headers.getSetCookie()) expect(line).not.toMatch(/;\s*Secure/i);
  });
});
