import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { logsDir, ownServer } from "../e2e/own-server.ts";

/**
 * Mailed links take their origin from configuration only (tests/security/mail-links.test.ts
 * attacks that). A production server started without PUBLIC_ORIGIN therefore mails links to
 * itself as configured (HOST and PORT): it says so at start, loudly, naming that origin, so the
 * operator sets it before anyone relies on a mail. With PUBLIC_ORIGIN it says nothing.
 */

const base = Number(process.env.E2E_PORT ?? 3210);

function startLines(port: number) {
  return readFileSync(path.join(logsDir, `own-${port}.log`), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: string; event?: string; mailOrigin?: string });
}

test("production without PUBLIC_ORIGIN warns at start and names the origin its mails use", async () => {
  const port = base + 94;
  // Stopped before its log is read: every line is then written.
  await (await ownServer(port, { PUBLIC_ORIGIN: "" })).stop();
  const warning = startLines(port).find((line) => line.event === "config.public-origin-missing");
  expect(warning).toMatchObject({ level: "warn", mailOrigin: `http://127.0.0.1:${port}` });
});

test("with PUBLIC_ORIGIN set, no such warning", async () => {
  const port = base + 95;
  await (await ownServer(port, { PUBLIC_ORIGIN: "https://maretalent.example" })).stop();
  const events = startLines(port).map((line) => line.event);
  expect(events).toContain("server.listening");
  expect(events).not.toContain("config.public-origin-missing");
});
