import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/db.server.ts";
import { closeAppDatabase, openAppDatabase, TEST_ORIGIN } from "#app/test/app-database.ts";
import { dailyCounts, rateLimits } from "#app/db/schema.server.ts";
import { BEACON_LIMIT, handleCountBeacon } from "./count-endpoint.server.ts";
import { flushCounts, reportingDay } from "./counting.server.ts";
import { paced } from "#app/test/pace.ts";

// The endpoint writes to the application's database: here, a PGlite copy of the file's own.
let db: Database;

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";
let address = 0;

function beacon(query: string, headers: Record<string, string> = {}, method = "POST") {
  address += 1;
  return new Request(`${TEST_ORIGIN}/api/count${query}`, {
    method,
    headers: {
      "user-agent": CHROME,
      origin: TEST_ORIGIN,
      "sec-fetch-site": "same-origin",
      "x-client-ip": `198.51.100.${address}`,
      cookie: "mare.session_token=not-read",
      ...headers,
    },
  });
}

const today = () => reportingDay(new Date());
async function counted(event: string, dimension: string) {
  await flushCounts();
  const rows = await db.select().from(dailyCounts).where(eq(dailyCounts.event, event));
  return rows.find((row) => row.day === today() && row.dimension === dimension)?.count ?? 0;
}

describe("POST /api/count", () => {
  beforeAll(async () => {
    db = await openAppDatabase("pglite");
  }, paced(60_000));
  afterAll(closeAppDatabase);

  it("counts an allow-listed start: 204, no body, no cookie", async () => {
    const response = await handleCountBeacon(beacon("?e=form_started&d=form"));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await counted("form_started", "form")).toBe(1);
    await handleCountBeacon(beacon("?e=chatbot_started&d=chatbot"));
    await handleCountBeacon(beacon("?e=form_started&d=register"));
    expect(await counted("chatbot_started", "chatbot")).toBe(1);
    expect(await counted("form_started", "register")).toBe(1);
  });

  it("refuses events and dimensions off the list", async () => {
    for (const query of [
      "",
      "?e=page_view&d=home",
      "?e=form_started",
      "?e=form_started&d=chatbot",
      "?e=approved&d=form",
      "?e=form_started&d=form%27--",
    ]) {
      expect((await handleCountBeacon(beacon(query))).status, query).toBe(400);
    }
    expect(await counted("page_view", "home")).toBe(0);
    expect(await counted("form_started", "chatbot")).toBe(0);
  });

  it("refuses another site's pages and anything but a post", async () => {
    const before = await counted("form_started", "form");
    const crossSite = await handleCountBeacon(
      beacon("?e=form_started&d=form", {
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      }),
    );
    expect(crossSite.status).toBe(403);
    const otherOrigin = await handleCountBeacon(
      beacon("?e=form_started&d=form", { origin: "https://evil.example", "sec-fetch-site": "" }),
    );
    expect(otherOrigin.status).toBe(403);
    const got = await handleCountBeacon(beacon("?e=form_started&d=form", {}, "GET"));
    expect(got.status).toBe(405);
    expect(await counted("form_started", "form")).toBe(before);
  });

  it("answers bots like everyone but does not count them", async () => {
    const before = await counted("chatbot_started", "chatbot");
    const response = await handleCountBeacon(
      beacon("?e=chatbot_started&d=chatbot", { "user-agent": "Googlebot/2.1" }),
    );
    expect(response.status).toBe(204);
    expect(await counted("chatbot_started", "chatbot")).toBe(before);
  });

  it("limits how many one address sends: the rest are answered alike and not counted", async () => {
    const before = await counted("form_started", "form");
    const statuses: number[] = [];
    for (let i = 0; i < BEACON_LIMIT.limit + 3; i++) {
      const response = await handleCountBeacon(
        beacon("?e=form_started&d=form", { "x-client-ip": "203.0.113.77" }),
      );
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await counted("form_started", "form")).toBe(before + BEACON_LIMIT.limit);
    await db.delete(rateLimits).where(like(rateLimits.key, "count:%"));
  });
});
