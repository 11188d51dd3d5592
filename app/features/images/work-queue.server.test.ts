import { describe, expect, it } from "vitest";
import { oneAtATime, QueueFull } from "./work-queue.server.ts";

/** A job that runs until `finish()` is called, and says when it started. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

describe("one job at a time, with a short line", () => {
  it("runs jobs one after the other, in the order they came", async () => {
    const queue = oneAtATime(4);
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((name) => job(log, name));
    const results = jobs.map((j) => queue.run(j.work));
    await Promise.resolve();
    expect(log).toEqual(["start a"]);
    expect(queue.size).toBe(3);
    for (const j of jobs) j.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(queue.size).toBe(0);
  });

  it("refuses a job at once when the line is full, and takes one again when it moves", async () => {
    const queue = oneAtATime(2);
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((name) => job(log, name));
    const results = jobs.map((j) => queue.run(j.work));
    await expect(queue.run(async () => "d")).rejects.toBeInstanceOf(QueueFull);
    jobs[0]!.finish();
    await results[0];
    // One left the line: the next one waits its turn.
    const late = queue.run(async () => "e");
    jobs[1]!.finish();
    jobs[2]!.finish();
    expect(await Promise.all([...results, late])).toEqual(["a", "b", "c", "e"]);
  });

  it("a failed job lets the next one run", async () => {
    const queue = oneAtATime(4);
    const failed = queue.run(async () => {
      throw new Error("broken picture");
    });
    const next = queue.run(async () => "next");
    await expect(failed).rejects.toThrow("broken picture");
    expect(await next).toBe("next");
  });

  it("skips a waiting job whose sender has left", async () => {
    const queue = oneAtATime(4);
    const log: string[] = [];
    const first = job(log, "first");
    const running = queue.run(first.work);
    const left = new AbortController();
    const abandoned = queue.run(async () => log.push("abandoned ran"), left.signal);
    left.abort();
    first.finish();
    await running;
    await expect(abandoned).rejects.toThrow();
    expect(log).toEqual(["start first", "end first"]);
    expect(await queue.run(async () => "after")).toBe("after");
  });
});
