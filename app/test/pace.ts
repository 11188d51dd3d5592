/**
 * How much longer than the time limits written in the tests a machine may need. The limits were
 * set on machines where the browser tests ran in 14 minutes and the unit tests in 6; the CI
 * machines here are not all alike, and on one the same commit took 45 and 20 (every step about
 * three times slower, failing at limits that exist only to catch a hang). A limit guards against a
 * test that never ends and never measures speed (`npm run bench` does), so on CI every limit is
 * three times what is written; `TEST_PACE` sets another factor. Playwright's and vitest's own
 * limits are paced in their configs.
 */
export const pace = Math.max(1, Number(process.env.TEST_PACE) || (process.env.CI ? 3 : 1));

/** A time limit in milliseconds, as this machine needs it. */
export const paced = (milliseconds: number) => milliseconds * pace;
