import { logger } from "./logger.server.ts";

/**
 * A task the server repeats in the background (the retention job, the content watch, the
 * staff's alerts): one run at a time, never started once stopping, its errors logged as
 * `<name>-error` rather than thrown, and `stop()` waits for the run in progress to finish, so a
 * shutdown never closes the database under it. Timers are unref'd: they hold no process open.
 */
export function startPeriodicJob(
  name: string,
  run: (shouldStop: () => boolean) => Promise<unknown>,
  { everyMs, firstRunMs = 0 }: { everyMs: number; firstRunMs?: number },
) {
  let stopping = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopping) return;
    running = running
      .then(() => (stopping ? undefined : run(() => stopping)))
      .catch((error: unknown) => logger().error({ event: `${name}-error`, err: error }));
  };
  const first = setTimeout(tick, firstRunMs);
  first.unref();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
