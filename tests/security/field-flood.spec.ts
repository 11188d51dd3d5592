import http from "node:http";
import { expect, test } from "@playwright/test";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The attack: a form of 720 KB that is nothing but 240,000 empty fields, within every size limit.
 * Parsing it held the server's event loop for 0.4–1.3 s; three senders at about 2 MB/s took the
 * stored home page's p95 from ~10 ms to 2–3 s. Now fields are counted in the raw bytes as they
 * arrive and the form is refused (413) before any value is parsed, so the page stays fast.
 */

const FLOOD = Buffer.from("a&".repeat(240_000));
/** Public forms anyone can post to, on the three paths bodies are read by. */
const TARGETS = [
  "/login",
  "/register/affiliate",
  "/privacy/request",
  "/?index",
  "/api/auth/callback/google",
];

function post(port: number, path: string, body: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const sent = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        // A connection each, as separate senders have (a kept-alive one may be closed under it).
        agent: false,
        headers: {
          origin: `http://127.0.0.1:${port}`,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(body.byteLength),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

async function timedGet(origin: string, path: string) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { "accept-language": "pt" } });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

test.describe("a form of 240,000 empty fields", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 80);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("is refused with 413 by every public form", async () => {
    for (const path of TARGETS) {
      expect(await post(server.port, path, FLOOD), path).toBe(413);
    }
    // Google's form_post return takes 16 KB: as many empty fields as fit in that.
    const withinAuthLimit = Buffer.from("a&".repeat(8_000));
    expect(await post(server.port, "/api/auth/callback/google", withinAuthLimit)).toBe(413);
    // The refusal says what happened, in her language, not that the server failed.
    const page = await fetch(`${server.origin}/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "accept-language": "pt",
        origin: server.origin,
      },
      body: FLOOD,
    });
    expect(page.status).toBe(413);
    expect(await page.text()).toContain("Isso é mais do que conseguimos receber de uma vez");
  });

  test("sent by three senders at once, does not slow the stored home page", async () => {
    test.setTimeout(paced(90_000));
    await timedGet(server.origin, "/");
    const quiet: number[] = [];
    for (let i = 0; i < 40; i++) quiet.push(await timedGet(server.origin, "/"));

    let flooding = true;
    const answers: number[] = [];
    const sender = async (index: number) => {
      for (let n = 0; flooding; n++) {
        const path = TARGETS[(index + n) % TARGETS.length]!;
        // A connection cut is an answer too (the figures show it); the page's times are the point.
        answers.push(await post(server.port, path, FLOOD).catch(() => 0));
      }
    };
    const senders = [0, 1, 2].map(sender);
    const busy: number[] = [];
    const until = Date.now() + 8_000;
    while (Date.now() < until) busy.push(await timedGet(server.origin, "/"));
    flooding = false;
    await Promise.all(senders);

    const figures = {
      quietP95: Math.round(percentile(quiet, 95)),
      floodedP95: Math.round(percentile(busy, 95)),
      floods: answers.length,
    };
    test.info().annotations.push({ type: "figures", description: JSON.stringify(figures) });
    console.log(`field flood: ${JSON.stringify(figures)}`);
    // Before: 2–3 s. A parse of one such form alone takes ~0.7 s on these machines.
    expect(figures.floodedP95, JSON.stringify(figures)).toBeLessThan(
      Math.max(250, figures.quietP95 * 10),
    );
    expect(new Set(answers)).toEqual(new Set([413]));
    expect(answers.length).toBeGreaterThan(20);
  });
});
