import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirBusyError, LOCK_FILE, dataDirHolder, lockDataDir } from "./embedded.server";

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

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mare-lock-"));
  });
  afterEach(async () => {
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
    expect(() => lockDataDir(dir, "a backup")).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir, "a backup")).toThrow(
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
    expect(() => lockDataDir(dir, "a backup")).toThrow(/process 1 on another-container/);
    leave({ pid: 1, host: "another-container", boot: "x" }, 5 * 60_000);
    expect(() => lockDataDir(dir, "a backup")()).not.toThrow();
  });

  it("treats a lock this same process id left before a restart as left behind", () => {
    leave({ pid: process.pid, host: hostname(), boot: boot() });
    expect(() => lockDataDir(dir, "the server")()).not.toThrow();
  });
});
