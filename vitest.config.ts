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
    setupFiles: ["app/test/setup.ts"],
    // A poll waits for background work (the mail sender, counters); on a loaded CI machine one
    // second, vitest's default, is not always enough. Polls end as soon as they pass.
    expect: { poll: { timeout: 10_000 } },
  },
});
