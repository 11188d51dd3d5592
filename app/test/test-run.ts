import { randomBytes } from "node:crypto";

/**
 * What keeps one run's rows apart on a shared test database (CI's PostgreSQL keeps rows and
 * rate-limit counters between runs), so a file can find and remove them afterwards:
 * - `marker`, random, in every address the run uses;
 * - `emailOf(name)`, such an address, written with a capital in its domain as people type
 *   them (what is stored is the normalised one);
 * - `nextIp()`, a client address of its own each time, in an IPv6 /64 of its own (a limit counts
 *   a /64 as one address), all of them under `ipPrefix`.
 */
export function testRun() {
  const marker = randomBytes(4).toString("hex");
  const ipPrefix = `2001:0db8:${marker.slice(0, 4)}:`;
  let ip = 0;
  return {
    marker,
    ipPrefix,
    emailOf: (name: string) => `${name}.${marker}@Example.com`,
    nextIp: () => `${ipPrefix}${(++ip).toString(16)}::1`,
  };
}
