/**
 * Heavy work one job at a time, with a short line behind it: a job that finds the line full is
 * refused at once (QueueFull) instead of waiting behind work that takes seconds.
 *
 * Written here rather than taken from p-limit or p-queue: both run jobs one at a time, but
 * neither refuses when its line is long, which is the point here, so either would still need
 * this bound around it; a dozen lines of our own say the whole rule in one place.
 */
export class QueueFull extends Error {
  constructor() {
    super("work queue full");
  }
}

export interface WorkQueue {
  /** Runs `work` once the jobs before it are done, or throws QueueFull when the line is full. */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Jobs running and waiting. */
  readonly size: number;
}

/** A queue running one job at a time, with at most `maxWaiting` jobs waiting behind it. */
export function oneAtATime(maxWaiting: number): WorkQueue {
  let running = false;
  const waiting: (() => void)[] = [];
  const next = () => {
    const first = waiting.shift();
    if (first) first();
    else running = false;
  };
  return {
    async run(work, signal) {
      if (running) {
        if (waiting.length >= maxWaiting) throw new QueueFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running = true;
      try {
        // Its sender left while it waited (the editor closed the page): nobody reads the result.
        signal?.throwIfAborted();
        return await work();
      } finally {
        next();
      }
    },
    get size() {
      return (running ? 1 : 0) + waiting.length;
    },
  };
}
