import { vi } from "vitest";

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
