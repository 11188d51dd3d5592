import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestOrigin } from "./request-handler.ts";

/**
 * The request's origin, worked out in one place for the stored pages and the request handler:
 * the Host header as sent, and a proxy's X-Forwarded-* only when the proxy is trusted.
 */
describe("requestOrigin", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  async function originOf(trustProxy: boolean, headers: Record<string, string>) {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.get("/", (req, res) => {
      res.send(requestOrigin(req));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const { port } = server.address() as AddressInfo;
    // node:http sends the Host header as given (fetch would replace it).
    return new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => resolve(body));
      })
        .on("error", reject)
        .end();
    });
  }

  it("is the Host header's, port included", async () => {
    expect(await originOf(false, { host: "example.com:8080" })).toBe("http://example.com:8080");
    expect(await originOf(false, { host: "example.com" })).toBe("http://example.com");
  });

  it("ignores a visitor's X-Forwarded-* unless the proxy is trusted", async () => {
    const forwarded = {
      host: "internal:3000",
      "x-forwarded-host": "maretalent.com.br:8443",
      "x-forwarded-proto": "https",
    };
    expect(await originOf(false, forwarded)).toBe("http://internal:3000");
    expect(await originOf(true, forwarded)).toBe("https://maretalent.com.br:8443");
  });

  it("keeps only the host name of a Host header with a path or credentials in it", async () => {
    expect(await originOf(false, { host: "evil.test@example.com" })).toBe("http://evil.test");
  });
});
