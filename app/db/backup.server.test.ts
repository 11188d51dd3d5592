import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encrypt } from "#app/utils/encryption.server.ts";
import { BackupError, backupEmbedded, restoreEmbedded } from "./backup.server.ts";
import { openDatabase } from "./db.server.ts";
import { DataDirBusyError, LOCK_FILE } from "./embedded.server.ts";
import * as schema from "./schema.server.ts";
import { settings, submissions } from "./schema.server.ts";

/** Every table of the schema (the migrations make exactly these). */
const tableCount = Object.values(schema).filter((value) => is(value, PgTable)).length;

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const KEY = "a".repeat(64);

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "mare-backup-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(
  dir: string,
  work: (db: ReturnType<typeof openDatabase>) => Promise<T>,
) {
  const database = openDatabase({ dataDir: dir, purpose: "the test" });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

const application = (name: string) => ({
  source: "form" as const,
  language: "pt",
  fullName: name,
  email: `${name.toLowerCase()}@example.com`,
  emailNormalized: `${name.toLowerCase()}@example.com`,
  documentEncrypted: encrypt("123.456.789-09", Buffer.from(KEY, "hex")),
  documentLastDigits: "8909",
  consentVersion: "2026-11/pt",
  consentedAt: new Date(),
});

async function names(dir: string) {
  return withDatabase(dir, async ({ db }) =>
    (await db.select({ name: submissions.fullName }).from(submissions).orderBy(submissions.id)).map(
      (row) => row.name,
    ),
  );
}

/** A process that keeps the embedded database open, as the server does, until it is killed. */
function holder(dir: string) {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { openDatabase } = await import(${JSON.stringify(path.join(root, "app/db/db.server.ts"))});
       const database = openDatabase({ dataDir: ${JSON.stringify(dir)} });
       await database.pglite.waitReady;
       console.log("open");
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("open")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { opened, kill: () => (child.kill("SIGKILL"), exited) };
}

describe("backup and restore of the embedded database", { timeout: 60_000 }, () => {
  let backup: string;

  it("backs up into DATA_DIR/backups, named by the time, a file that opens", async () => {
    await withDatabase(dataDir, async ({ db }) => {
      await db.insert(submissions).values([application("Ana"), application("Bia")]);
      await db.insert(settings).values({ key: "retention", value: { days: 180 } });
    });
    const result = await backupEmbedded({
      dataDir,
      now: new Date("2026-05-01T10:20:30.456Z"),
    });
    backup = result.file;
    expect(backup).toBe(path.join(dataDir, "backups", "mare-pglite-2026-05-01T10-20-30Z.tar.gz"));
    expect((await readFile(backup)).byteLength).toBe(result.bytes);
    expect(result.summary).toMatchObject({ applications: 2, accounts: 0, tables: tableCount });
    expect(result.summary.migration).toMatch(/^\d{4}_/);
    // Never over an existing file.
    await expect(
      backupEmbedded({ dataDir, now: new Date("2026-05-01T10:20:30.456Z") }),
    ).rejects.toThrow(/exists already/);
  });

  it("refuses to restore over existing data without --force, and changes nothing", async () => {
    await withDatabase(dataDir, async ({ db }) => {
      await db.insert(submissions).values(application("Carla"));
      await db.delete(submissions).where(eq(submissions.fullName, "Ana"));
      await db.update(settings).set({ value: { days: 30 } });
    });
    await expect(restoreEmbedded({ dataDir, file: backup })).rejects.toThrow(
      /already holds a database.*--force/,
    );
    expect(await names(dataDir)).toEqual(["Bia", "Carla"]);
  });

  it("restores with --force: the data is as at the backup, the replaced data kept aside", async () => {
    const result = await restoreEmbedded({
      dataDir,
      file: backup,
      force: true,
      encryptionKeyValue: KEY,
      now: new Date("2026-05-02T08:00:00Z"),
    });
    expect(result.keptAside).toBe(path.join(dataDir, "pglite.replaced-2026-05-02T08-00-00Z"));
    expect(result.summary.applications).toBe(2);
    expect(result.encryptionKey).toBe("reads the documents");
    expect(await names(dataDir)).toEqual(["Ana", "Bia"]);
    await withDatabase(dataDir, async ({ db }) => {
      expect((await db.select().from(settings))[0]?.value).toEqual({ days: 180 });
      // Still a working database: new rows get fresh ids after the restored ones.
      const [row] = await db.insert(submissions).values(application("Duda")).returning();
      expect(row!.id).toBeGreaterThan(2);
      await db.delete(submissions).where(eq(submissions.id, row!.id));
    });
    // The data it replaced is there, whole, to go back to.
    const aside = path.join(dataDir, "aside");
    await mkdir(aside);
    await rename(result.keptAside!, path.join(aside, "pglite"));
    expect(await names(aside)).toEqual(["Bia", "Carla"]);
  });

  it("says when the encryption key does not read the restored documents", async () => {
    const result = await restoreEmbedded({
      dataDir,
      file: backup,
      force: true,
      encryptionKeyValue: "b".repeat(64),
    });
    expect(result.encryptionKey).toBe("does not read the documents");
  });

  it("restores into an empty data folder without --force", async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), "mare-restore-"));
    try {
      const result = await restoreEmbedded({ dataDir: fresh, file: backup });
      expect(result.keptAside).toBeUndefined();
      // No key in the new folder yet: said so, and none is made up.
      expect(result.encryptionKey).toBe("missing");
      expect(existsSync(path.join(fresh, "encryption.key"))).toBe(false);
      expect(await names(fresh)).toEqual(["Ana", "Bia"]);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  describe("refuses a file that is not a whole backup, and leaves the database as it was", () => {
    const broken = () => path.join(dataDir, "broken.tar.gz");
    afterEach(async () => {
      // Nothing half-restored is left beside the database, and the lock is free again.
      expect(readdirSync(dataDir).filter((name) => name.includes("restoring"))).toEqual([]);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
      expect(await names(dataDir)).toEqual(["Ana", "Bia"]);
    });

    it("a missing file", async () => {
      await expect(
        restoreEmbedded({ dataDir, file: path.join(dataDir, "nope.tar.gz"), force: true }),
      ).rejects.toThrow(/No such file/);
    });

    it("a file that is no archive", async () => {
      await writeFile(broken(), "these are not the droids you are looking for\n");
      await expect(restoreEmbedded({ dataDir, file: broken(), force: true })).rejects.toThrow(
        /not a backup made by npm run db:backup/,
      );
    });

    it("a backup cut short", async () => {
      const bytes = await readFile(backup);
      await writeFile(broken(), bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreEmbedded({ dataDir, file: broken(), force: true })).rejects.toThrow(
        /is damaged/,
      );
    });

    it("a backup altered inside", async () => {
      const original = Buffer.from(await readFile(backup));
      const unpacked = gunzipSync(original);
      // A byte flipped where it changes nothing the file unpacks to (a rare spot in a Huffman
      // table) alters nothing; the test takes the first one from the middle that does.
      let bytes = original;
      for (let at = Math.floor(original.length / 2); at < original.length; at++) {
        bytes = Buffer.from(original);
        bytes[at]! ^= 0xff;
        const changed = (() => {
          try {
            return !gunzipSync(bytes).equals(unpacked);
          } catch {
            return true;
          }
        })();
        if (changed) break;
      }
      await writeFile(broken(), bytes);
      await expect(restoreEmbedded({ dataDir, file: broken(), force: true })).rejects.toThrow(
        BackupError,
      );
    });

    it("an archive whose files are cut", async () => {
      const tar = gunzipSync(await readFile(backup));
      await writeFile(broken(), gzipSync(tar.subarray(0, tar.length - 100_000)));
      await expect(restoreEmbedded({ dataDir, file: broken(), force: true })).rejects.toThrow(
        /damaged or not a backup/,
      );
    });

    it("an archive of something else", async () => {
      const other = await mkdtemp(path.join(tmpdir(), "mare-other-"));
      try {
        await writeFile(path.join(other, "notes.txt"), "hello");
        await run("tar", ["-czf", broken(), "-C", other, "notes.txt"]);
        await expect(restoreEmbedded({ dataDir, file: broken(), force: true })).rejects.toThrow(
          /could not be restored/,
        );
      } finally {
        await rm(other, { recursive: true, force: true });
      }
    });
  });

  it("refuses to back up or restore while another process has the database open", async () => {
    const server = holder(dataDir);
    try {
      await server.opened;
      await expect(backupEmbedded({ dataDir })).rejects.toThrow(DataDirBusyError);
      await expect(restoreEmbedded({ dataDir, file: backup, force: true })).rejects.toThrow(
        /in use by the server \(process \d+/,
      );
    } finally {
      await server.kill();
    }
    // Killed without closing: its lock is left behind, and known to be stale.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const result = await backupEmbedded({ dataDir, out: path.join(dataDir, "after-kill.tar.gz") });
    expect(result.summary.applications).toBe(2);
  });

  it("says there is nothing to back up in an empty data folder", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "mare-empty-"));
    try {
      await expect(backupEmbedded({ dataDir: empty })).rejects.toThrow(/no embedded database/i);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe("the npm scripts", { timeout: 120_000 }, () => {
  const npm = (args: string[], env: Record<string, string>) =>
    run("npm", ["run", "--silent", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("back up and restore from the command line, printing the file and its size", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mare-npm-backup-"));
    try {
      await withDatabase(dir, ({ db }) => db.insert(submissions).values(application("Eva")));
      const file = path.join(dir, "elsewhere", "nightly.tar.gz");
      const backedUp = await npm(["db:backup", "--", "--out", file], { DATA_DIR: dir });
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toContain(`backup written: ${file} (`);
      expect(backedUp.stdout).toMatch(/\d\.\d MiB\)/);
      expect(backedUp.stdout).toContain("1 applications");

      await withDatabase(dir, ({ db }) => db.delete(submissions));
      const refused = await npm(["db:restore", "--", file], { DATA_DIR: dir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("--force");

      const restored = await npm(["db:restore", "--", file, "--force"], { DATA_DIR: dir });
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain("1 applications");
      expect(restored.stdout).toMatch(/kept in .*pglite\.replaced-/);
      expect(await names(dir)).toEqual(["Eva"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("with DATABASE_URL, db:backup points to pg_dump instead of pretending", async () => {
    const answer = await npm(["db:backup"], {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://mare:mare@127.0.0.1:5432/mare",
    });
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain("pg_dump -Fc");
    expect(answer.stdout).toBe("");
  });
});
