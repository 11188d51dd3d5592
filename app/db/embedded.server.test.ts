import { spawn } from "node:child_process";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirBusyError, LOCK_FILE, dataDirHolder, lockDataDir } from "./embedded.server.ts";
import { paced } from "#app/test/pace.ts";

/** The lock of the embedded database's folder, with lock files as other processes leave them. */
describe("the data folder's lock", () => {
  let dir: string;
  const lockFile = () => path.join(dir, LOCK_FILE);
  const leave = (owner: Record<string, unknown>, ageMs = 0) => {
    writeFileSync(
      lockFile(),
      JSON.stringify({ purpose: "the server", since: "2026-05-01T10:00:00.000Z", ...owner }),
    );
    const when = new Date(Date.now() - ageMs);
    utimesSync(lockFile(), when, when);
  };
  const boot = () => {
    try {
      return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    } catch {
      return undefined;
    }
  };

  /** The state letter and start time of a process, as /proc shows them. */
  const proc = (pid: number) => {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], started: Number(fields[19]) };
  };
  /** A process of ours that runs `script` under sh, and the first line it prints. */
  const run = async (script: string) => {
    const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "inherit"] });
    children.push(child);
    const line = await new Promise<string>((resolve) =>
      child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())),
    );
    return { child, line };
  };
  let children: ReturnType<typeof spawn>[] = [];

  beforeEach(async () => {
    children = [];
    dir = await mkdtemp(path.join(tmpdir(), "mare-lock-"));
  });
  afterEach(async () => {
    for (const child of children) child.kill("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  });

  it("is taken, counted within the process, and removed by the last release", () => {
    const first = lockDataDir(dir, "the test");
    const second = lockDataDir(dir, "the test again");
    expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({
      pid: process.pid,
      purpose: "the test",
    });
    first();
    first();
    expect(existsSync(lockFile())).toBe(true);
    second();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("refuses while a live process on this machine holds it, naming it", () => {
    // The parent of this test runner: alive for as long as the test runs.
    leave({ pid: process.ppid, host: hostname(), boot: boot() }, 10 * 60_000);
    expect(() => lockDataDir(dir, "a backup", { waitMs: 0 })).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir, "a backup", { waitMs: 0 })).toThrow(
      new RegExp(`in use by the server \\(process ${process.ppid}, since 2026-05-01`),
    );
    expect(dataDirHolder(dir)?.pid).toBe(process.ppid);
  });

  it("takes over a lock whose process on this machine is gone", () => {
    leave({ pid: 2 ** 22 + 12_345, host: hostname(), boot: boot() });
    expect(dataDirHolder(dir)).toBeUndefined();
    lockDataDir(dir, "the test")();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("trusts a lock from another container while its holder keeps touching it", () => {
    leave({ pid: 1, host: "another-container", boot: "x" }, 5_000);
    expect(() => lockDataDir(dir, "a backup", { waitMs: 0 })).toThrow(
      /process 1 on another-container/,
    );
    leave({ pid: 1, host: "another-container", boot: "x" }, 5 * 60_000);
    expect(() => lockDataDir(dir, "a backup")()).not.toThrow();
  });

  it("records when its process started, to tell it from a later one given the same id", () => {
    lockDataDir(dir, "the server");
    expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({
      pid: process.pid,
      started: proc(process.pid).started,
    });
  });

  it(
    "takes over at once a lock whose process was killed and is a zombie not yet collected",
    async () => {
      // The shell's child ends after the shell has become a sleep, which never collects it: as a
      // server killed with SIGKILL, before its supervisor reaps it.
      const { line } = await run("sleep 0.2 & echo $!; exec sleep 30");
      const zombie = Number(line);
      await expect.poll(() => proc(zombie).state).toBe("Z");
      // Its id still answers, which the lock once took for a live server.
      expect(() => process.kill(zombie, 0)).not.toThrow();
      leave({ pid: zombie, host: hostname(), boot: boot(), started: proc(zombie).started });
      expect(dataDirHolder(dir)).toBeUndefined();
      const started = Date.now();
      expect(() => lockDataDir(dir, "the server")()).not.toThrow();
      expect(Date.now() - started).toBeLessThan(1_000);
    },
    paced(15_000),
  );

  it("takes over a lock whose process id now belongs to a process started later", () => {
    // The parent of this test runner is alive, but it is not the process that took this lock.
    const { started } = proc(process.ppid);
    leave({ pid: process.ppid, host: hostname(), boot: boot(), started: started - 1 });
    expect(dataDirHolder(dir)).toBeUndefined();
    expect(() => lockDataDir(dir, "the server", { waitMs: 0 })()).not.toThrow();
    // With its own start time, the same process holds it.
    leave({ pid: process.ppid, host: hostname(), boot: boot(), started });
    expect(dataDirHolder(dir)?.pid).toBe(process.ppid);
  });

  it("gives a live holder a few seconds to exit, then takes the lock", async () => {
    const { child, line } = await run("echo ready; exec sleep 0.5");
    expect(line).toBe("ready");
    const holder = child.pid!;
    leave({ pid: holder, host: hostname(), boot: boot(), started: proc(holder).started });
    const started = Date.now();
    lockDataDir(dir, "the server")();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(100);
    expect(waited).toBeLessThan(5_000);
  });

  it("refuses a live holder that does not exit within the wait", () => {
    leave({
      pid: process.ppid,
      host: hostname(),
      boot: boot(),
      started: proc(process.ppid).started,
    });
    const started = Date.now();
    expect(() => lockDataDir(dir, "a backup", { waitMs: 400 })).toThrow(
      /in use by the server \(process \d+/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it("treats a lock this same process id left before a restart as left behind", () => {
    leave({ pid: process.pid, host: hostname(), boot: boot() });
    expect(() => lockDataDir(dir, "the server")()).not.toThrow();
  });
});
