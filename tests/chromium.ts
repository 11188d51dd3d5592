/**
 * Debian's Chromium, as the browser tests, the screenshots and the benchmark start it. The flags
 * keep it from reaching for the network (this machine has none but loopback) and let it run as
 * root.
 *
 * The browser tests run its headless shell (Debian's `chromium-headless-shell`, the same Chromium
 * build without the desktop browser around it, which is what Playwright runs headless by
 * default): the same engine at two thirds of the machine's time (decision 033). What is measured
 * or looked at, the benchmark and the screenshots, runs the whole browser, as visitors have it.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const testChromiumPath =
  process.env.TEST_CHROME_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
