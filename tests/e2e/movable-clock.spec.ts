import { expect, test } from "./fixtures.ts";

/**
 * The harness's movable clock (server-fixture.ts, `movableClock`), which the specs of what
 * happens days later rely on: the server's own clock moves, and its database's with it.
 */
test.use({ movableClock: true });

test("moving the clock moves the server's time by what the spec says, forward or back", async ({
  app,
  request,
}) => {
  const serverTime = async () => {
    // Node keeps its Date header for up to a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const response = await request.get(`${app.origin}/robots.txt`);
    expect(response.ok()).toBe(true);
    return Date.parse(response.headers().date!);
  };
  const hour = 60 * 60;
  expect(Math.abs((await serverTime()) - Date.now())).toBeLessThan(5_000);
  app.moveClock(3 * 24 * hour);
  expect(Math.abs((await serverTime()) - Date.now() - 3 * 24 * hour * 1000)).toBeLessThan(5_000);
  app.moveClock(-24 * hour);
  expect(Math.abs((await serverTime()) - Date.now() - 2 * 24 * hour * 1000)).toBeLessThan(5_000);
});
