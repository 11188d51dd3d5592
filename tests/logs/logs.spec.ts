import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { logsDir, root } from "../e2e/own-server.ts";

/**
 * Runs after every other browser and operations test (playwright.config.ts, project "logs"):
 * the logs of every server they started — thousands of requests, sign-ins, applications,
 * mails, resets — are JSON lines, and none carries personal data or a secret.
 */

// The passwords the tests type: each of them must never appear in a log.
function testPasswords() {
  const passwords = new Set<string>();
  for (const folder of ["tests/e2e", "tests/ops"]) {
    for (const file of readdirSync(path.join(root, folder))) {
      const source = readFileSync(path.join(root, folder, file), "utf8");
      for (const match of source.matchAll(/password\w*\s*[:=]\s*"([^"]{8,})"/gi)) {
        passwords.add(match[1]!);
      }
    }
  }
  return [...passwords];
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
// A CPF or phone number, grouped or not: eight digits or more.
const LONG_NUMBER = /\d(?:[\d .()/-]*\d){7,}/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// A session or link token: a long run of letters and digits.
const TOKEN = /(?=[A-Za-z_]*\d)(?=\d*[A-Za-z])[A-Za-z0-9_]{24,}/;

test("no personal data or secret reaches the servers' logs", () => {
  const files = readdirSync(logsDir).filter((name) => name.endsWith(".log"));
  expect(files, "the shared server's log").toContain("shared.log");
  const passwords = testPasswords();
  expect(passwords.length).toBeGreaterThan(5);

  let requests = 0;
  const problems: string[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(logsDir, file), "utf8").split("\n").filter(Boolean);
    for (const [index, line] of lines.entries()) {
      const where = `${file}:${index + 1}`;
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        // Node's own warnings reach stderr as plain text; anything else is a stray log.
        if (!/^\(node:\d+\) \w*Warning|^\(Use `node --trace-warnings/.test(line)) {
          problems.push(`${where}: not a JSON line: ${line.slice(0, 200)}`);
        }
        continue;
      }
      if (entry.event === "request") requests++;
      // Times and request ids are the server's own; everything else is checked.
      const { time: _time, reqId: _reqId, pid: _pid, ...rest } = entry;
      const text = JSON.stringify(rest);
      const found =
        text.match(EMAIL)?.[0] ??
        [...text.matchAll(LONG_NUMBER)].map(([number]) => number).find((n) => !ISO_DATE.test(n)) ??
        text.match(TOKEN)?.[0] ??
        passwords.find((password) => text.includes(password));
      if (found) problems.push(`${where}: "${found}" in ${text.slice(0, 300)}`);
    }
  }
  expect(problems).toEqual([]);
  // The check looked at a real run: the browser tests make thousands of requests.
  expect(requests).toBeGreaterThan(500);
});
