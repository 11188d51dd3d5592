import http from "node:http";
import { expect, test } from "./fixtures";

/**
 * An application over 64 KB sent without a Content-Length (chunked, as a script may send it):
 * answered 413 like one that declares its length, where the server used to cut the connection
 * without any answer, and the connection is closed cleanly so the client's next request (on a
 * kept-alive socket) is answered too. Plain HTTP from Node: a browser always sends the length.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://127.0.0.1:${port}`;

function request(
  agent: http.Agent,
  path: string,
  init: { method?: string; contentType?: string; chunks?: Buffer[] } = {},
) {
  return new Promise<{ status: number; connection?: string } | { error: string }>((resolve) => {
    const sent = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent,
        method: init.method ?? "GET",
        headers: init.chunks
          ? { origin, "content-type": init.contentType!, "transfer-encoding": "chunked" }
          : {},
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection }),
        );
      },
    );
    sent.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? "error" }));
    for (const chunk of init.chunks ?? []) sent.write(chunk);
    sent.end();
  });
}

test.describe("an application over 64 KB without a Content-Length", () => {
  const body = Buffer.alloc(300 * 1024, "a");
  const chunks = [body.subarray(0, 100 * 1024), body.subarray(100 * 1024)];

  for (const [path, contentType] of [
    ["/?index", "application/x-www-form-urlencoded"],
    ["/register/model", "application/x-www-form-urlencoded"],
    ["/api/chatbot", "application/json"],
  ] as const) {
    test(`${path}: 413, and the next request on the connection is answered`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < 2; round++) {
          const tooLarge = await request(agent, path, { method: "POST", contentType, chunks });
          expect(tooLarge).toEqual({ status: 413, connection: "close" });
          expect(await request(agent, "/healthz")).toMatchObject({ status: 200 });
        }
      } finally {
        agent.destroy();
      }
    });
  }
});
