import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { logsDir } from "./own-server.ts";

/** What a process manager and a load balancer see, and how a request is found in the log. */
test("/healthz says the process serves; /readyz that the database is migrated", async ({
  request,
}) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(health.headers()["cache-control"]).toBe("no-store");
  expect(await health.json()).toEqual({ status: "ok" });

  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true, database: "reachable", migrations: "current" });
});

test("every response has its own request id, and its log line carries it", async ({ request }) => {
  const first = await request.get("/contact");
  const second = await request.get("/contact");
  const id = first.headers()["x-request-id"];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.headers()["x-request-id"]).not.toBe(id);

  // The shared server trusts the proxy on loopback (TRUST_PROXY): the proxy's own id is kept.
  const proxied = await request.get("/contact?q=ana.souza@example.com", {
    headers: { "x-request-id": "nginx-4f1c2a9b7d" },
  });
  expect(proxied.headers()["x-request-id"]).toBe("nginx-4f1c2a9b7d");

  await expect
    .poll(async () => {
      const log = await readFile(path.join(logsDir, "shared.log"), "utf8");
      return log
        .split("\n")
        .filter((line) => line.includes('"reqId":"nginx-4f1c2a9b7d"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    })
    .toEqual([
      expect.objectContaining({
        level: "info",
        event: "request",
        method: "GET",
        path: "/contact",
        status: 200,
      }),
    ]);
});
