import { randomBytes } from "node:crypto";

/**
 * What keeps the rows of one test apart from its neighbours' in the file's database copy, so
 * that each test asserts on its own (and a limit counted by address or account is its own):
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
