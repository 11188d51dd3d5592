import net from "node:net";
import { expect, test } from "@playwright/test";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";

/**
 * The finding: a request line in absolute form (`GET http://host/ HTTP/1.1`, as a client sends
 * to a proxy) or `*` was a 500: the router put the origin in front of the target and failed on
 * the URL. Sent here byte for byte on a raw socket, as a scanner sends them: each is a 400 now,
 * and paths that look like other hosts or carry control characters stay what they were (404).
 */

/** The status line of the answer to one raw request. */
function send(port: number, requestLine: string) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(
        `${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      ),
    );
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer.split("\r\n")[0]!));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
  });
}

test.describe("request targets other than a path", () => {
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 83);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("absolute form and * are 400, never a server error", async () => {
    const port = server.port;
    for (const line of [
      "GET http://evil.example/ HTTP/1.1",
      `GET http://127.0.0.1:${port}/login HTTP/1.1`,
      `GET https://127.0.0.1:${port}/?lang=pt HTTP/1.1`,
      `POST http://127.0.0.1:${port}/login HTTP/1.1`,
      `HEAD http://127.0.0.1:${port}/ HTTP/1.1`,
      "GET * HTTP/1.1",
      "OPTIONS * HTTP/1.1",
    ]) {
      expect(await send(port, line), line).toBe("HTTP/1.1 400 Bad Request");
    }
    for (const line of [
      "GET //evil.example/x HTTP/1.1",
      "GET /%00 HTTP/1.1",
      "GET /a%0d%0ab HTTP/1.1",
    ]) {
      expect(await send(port, line), line).toBe("HTTP/1.1 404 Not Found");
    }
    expect(await send(port, "GET /healthz HTTP/1.1")).toBe("HTTP/1.1 200 OK");
  });
});
