import http from "node:http";
import { expect, test } from "./fixtures.ts";

/**
 * A body over the limit sent without a Content-Length (chunked, as a script may send it): an
 * application over 64 KB, another form over 1 MB. Answered 413 like one that declares its
 * length, where the server used to cut the connection without any answer (an application) or
 * buffer it whole (a form); the connection stays fit for the client's next request (on a
 * kept-alive socket). Plain HTTP from Node: a browser always sends the length.
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

test.describe("a body over the limit without a Content-Length", () => {
  const KB = 1024;
  for (const [path, contentType, size] of [
    ["/?index", "application/x-www-form-urlencoded", 300 * KB],
    ["/register/model", "application/x-www-form-urlencoded", 300 * KB],
    ["/api/chatbot", "application/json", 300 * KB],
    ["/login", "application/x-www-form-urlencoded", 1500 * KB],
  ] as const) {
    const body = Buffer.alloc(size, "a");
    const chunks = [body.subarray(0, 100 * KB), body.subarray(100 * KB)];
    test(`${path}: 413, and the next request on the connection is answered`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < 2; round++) {
          const tooLarge = await request(agent, path, { method: "POST", contentType, chunks });
          expect(tooLarge).toMatchObject({ status: 413 });
          expect(await request(agent, "/healthz")).toMatchObject({ status: 200 });
        }
      } finally {
        agent.destroy();
      }
    });
  }
});
