import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin is for the app build, not for unit tests.
export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      // Attacks on the running code, each written as the attacker would perform it.
      "tests/security/**/*.test.ts",
    ],
    environment: "node",
    // Two files at a time on CI's two cores (vitest's default is one fewer than the cores): most
    // of a test's time is spent waiting for PostgreSQL, an SMTP server or a timer. Tests keep
    // to their own rows (a marker each) or their own database (app/test/own-postgres.ts).
    maxWorkers: 2,
    // Migrates once per run; each test file opens a copy (app/test/databases.ts).
    globalSetup: ["app/test/global-setup.ts"],
    // Opening a copy takes seconds on a busy machine, more than vitest's 10 s hook default.
    hookTimeout: 60_000,
    setupFiles: ["app/test/setup.ts"],
    // A poll waits for background work (the mail sender, counters); on a loaded CI machine one
    // second, vitest's default, is not always enough. Polls end as soon as they pass.
    expect: { poll: { timeout: 10_000 } },
  },
});
