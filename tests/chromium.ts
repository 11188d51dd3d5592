/**
 * Debian's Chromium, as the browser tests and the benchmark start it. The flags keep it from
 * reaching for the network (this machine has none but loopback) and let it run as root.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
