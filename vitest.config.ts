import { defineConfig } from "vitest/config";
import { paced } from "./app/test/pace.ts";
import SlowFilesFirst from "./app/test/slow-files-first.ts";

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
    // Three files at a time on CI's two cores (vitest's default is one fewer than the cores):
    // with two, a seventh of the machine stayed idle while files waited for PostgreSQL, an SMTP
    // server or a timer (310 s against 273 s for the whole run). Tests keep to their own rows (a
    // marker each) or their own database (app/test/own-postgres.ts).
    maxWorkers: 3,
    // The longest files start first, so none runs alone at the end (app/test/slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
    // A test's time limit catches a hang, not slowness: on a busy machine a test of thirty
    // sign-ins (each a deliberately costly password hash) takes more than vitest's 5 s.
    testTimeout: paced(20_000),
    // Migrates once per run; each test file opens a copy (app/test/databases.ts).
    globalSetup: ["app/test/global-setup.ts"],
    // Opening a copy takes seconds on a busy machine, more than vitest's 10 s hook default.
    hookTimeout: paced(60_000),
    setupFiles: ["app/test/setup.ts"],
    // A poll waits for background work (the mail sender, counters); on a loaded CI machine one
    // second, vitest's default, is not always enough. Polls end as soon as they pass.
    expect: { poll: { timeout: paced(10_000) } },
  },
});
