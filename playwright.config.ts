import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, testChromiumPath } from "./tests/chromium.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Browser tests run Debian's Chromium, its headless shell (tests/chromium.ts), against the production
 * build, served by the real server. `npm test` builds first; `npm run test:e2e` expects a build.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const GEO_TEST_HEADER = "x-test-country";

export default defineConfig({
  testDir: "tests/e2e",
  // Every named account, made once before the tests (tests/e2e/accounts.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Three on CI's two cores: the headless shell leaves a fifth of the machine idle with two, and
  // four only made each test slower (the run is bound by the processor: 14.1 minutes with three,
  // 14.8 with four).
  workers: process.env.CI ? 3 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Limits that catch a hang, longer on a slower machine (tests/pace.ts).
  timeout: paced(30_000),
  expect: { timeout: paced(7_000) },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Her browser's clock is where she lives, Brazil's (the server's is UTC, as in production):
    // a page that formats a time in the browser's zone and the server's differently re-makes
    // itself on hydration and loses what she did before it (a hydration error every spec sees).
    timezoneId: "America/Sao_Paulo",
    // Recording a trace costs a fifth of a test's time even when it is thrown away: on CI only
    // a failed test's second attempt records one (the first failure is in the log), here every
    // failure keeps its own.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: { executablePath: testChromiumPath, args: chromiumArgs },
  },
  projects: [
    // The server as a process: signals, restarts, several instances, faults (mostly no browser).
    // First, so that its long tests (twenty restarts under load take two minutes) start at once
    // and the short ones of the other projects fill the end of the run.
    { name: "operations", testDir: "tests/ops" },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /mobile\.spec\.ts/,
    },
    // Attacks sent as an attacker sends them (the vitest ones beside them are *.test.ts).
    { name: "security", testDir: "tests/security", testMatch: /\.spec\.ts$/ },
    // Last, once every server above has written its log: no personal data in any of them.
    {
      name: "logs",
      testDir: "tests/logs",
      dependencies: ["desktop", "phone", "operations", "security"],
    },
  ],
  webServer: {
    // Its log is kept for the check that no personal data reaches the logs (tests/ops/logs.spec.ts).
    command: "mkdir -p test-logs && node server/index.ts > test-logs/shared.log 2>&1",
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    reuseExistingServer: false,
    timeout: paced(30_000),
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      GEO_COUNTRY_HEADER: GEO_TEST_HEADER,
      // A database of its own for every run (PGlite in memory).
      DATA_DIR: "memory://",
      // The browser tests send many applications from one address.
      SUBMISSION_RATE_LIMIT: "1000",
      // As behind a TLS-terminating proxy on this machine: X-Forwarded-Proto is believed.
      TRUST_PROXY: "loopback",
    },
  },
});
