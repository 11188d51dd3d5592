import { afterAll, expect, vi } from "vitest";

// Tests provoke failures on purpose; their log lines would bury the report. A test of the logs
// gives the logger a destination of its own.
process.env.LOG_LEVEL ??= "silent";

/**
 * Loaded before every unit test file (vitest.config.ts). The server reads its environment once
 * (getEnv() caches it); tests change it with vi.stubEnv() to open PGlite, then PostgreSQL, or
 * to switch Google or SMTP on. Here getEnv() reads it again whenever it has changed, so each
 * test sees the settings it made, and getAuth() (which rebuilds when the environment object
 * changes) follows.
 */
vi.mock(import("#app/utils/env.server.ts"), async (importOriginal) => {
  const actual = await importOriginal();
  let last: { key: string; env: ReturnType<typeof actual.getEnv> } | undefined;
  return {
    ...actual,
    getEnv: (source = process.env) => {
      if (source !== process.env) return actual.getEnv(source);
      const key = JSON.stringify(process.env);
      if (last?.key !== key) last = { key, env: actual.getEnv({ ...process.env }) };
      return last.env;
    },
  };
});

/**
 * Queries sent together on one connection (Promise.all on a transaction) are queued by
 * node-postgres with a deprecation warning today and refused by its next major version
 * (db/in-turn.ts). The warning comes once per process: the file that first causes it fails.
 */
const queuedQueries: string[] = ((globalThis as { queuedQueries?: string[] }).queuedQueries ??=
  (() => {
    const seen: string[] = [];
    process.on("warning", (warning) => {
      if (/already executing a query/.test(warning.message)) seen.push(warning.stack ?? "");
    });
    return seen;
  })());
const queuedBefore = queuedQueries.length;
afterAll(() => {
  expect(queuedQueries.slice(queuedBefore), "queries sent at once on one connection").toEqual([]);
});
