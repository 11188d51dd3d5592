import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, lstat, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ownServer, root, type OwnServer } from "../e2e/own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Security: the embedded database's folder as another local user finds it. DATA_DIR holds the
 * sessions, every application with its (encrypted) document number, the key that decrypts them
 * and the secret that signs sessions; a user who can read it reads all of that, one who can write
 * it makes herself admin. The attacker here is any other account on the machine, so the test
 * starts the real server (and the real commands) under the usual umask 022 and looks for any
 * path under DATA_DIR that group or others may read, write or enter.
 */
const basePort = Number(process.env.E2E_PORT ?? 3210);

test.describe.configure({ mode: "serial", timeout: paced(90_000) });

// The usual umask of a shell or a service, which the server and the commands inherit.
let umaskBefore: number;
test.beforeAll(() => {
  umaskBefore = process.umask(0o022);
});
test.afterAll(() => {
  process.umask(umaskBefore);
});

/** Every path under `dir` (itself included) that group or others may use, with its mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (file: string) => {
    const stats = await lstat(file);
    // A link's own mode is always 0777 and never checked by the system: its target counts.
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      found.push(`${path.relative(dir, file) || "."} ${(stats.mode & 0o7777).toString(8)}`);
    }
    if (stats.isDirectory()) {
      for (const entry of await readdir(file)) await visit(path.join(file, entry));
    }
  };
  await visit(dir);
  return found;
}

/** Opens everything up, as an older version or a careless `cp -r` / `chmod -R` left it. */
async function loosen(dir: string) {
  const stats = await lstat(dir);
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    await chmod(dir, 0o777);
    for (const entry of await readdir(dir)) await loosen(path.join(dir, entry));
  } else {
    await chmod(dir, 0o666);
  }
}

/** One of the operator's commands (npm run db:…), under the same umask as the server. */
function command(script: string, dataDir: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script}: ${code}\n${output}`)),
    );
  });
}

/** An application through the chatbot's real endpoint: personal data and a document number. */
async function apply(server: OwnServer) {
  const response = await fetch(`${server.origin}/api/chatbot?lang=pt`, {
    method: "POST",
    headers: {
      origin: server.origin,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    },
    body: JSON.stringify({
      fullName: "Modos de Arquivo",
      dateOfBirth: "1995-03-14",
      country: "BR",
      city: "Florianópolis",
      phone: "+5548991234567",
      email: "modes@file-modes.example.com",
      // Encrypted with the key the server generates into DATA_DIR on its first use.
      document: "12345678909",
      instagram: "@modes",
      experience: "beginner",
      message: "Quem mais pode ler isto?",
      consent: "on",
    }),
  });
  expect(await response.text()).toContain('"sent"');
  // A made-up verification token verifies nobody, but makes the server load its session secret
  // (generated into DATA_DIR on first use).
  await fetch(`${server.origin}/verify-email`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: "made-up-token-that-is-no-jwt" }),
  });
}

test("a new data folder, its keys and its backups are the owner's alone (umask 022)", async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), "mare-modes-"));
  // Not there yet: the server creates it, as on a first start.
  const dataDir = path.join(parent, "data");
  let server: OwnServer | undefined;
  try {
    server = await ownServer(basePort + 91, {
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: "",
      BETTER_AUTH_SECRET: "",
    });
    await apply(server);
    expect(existsSync(path.join(dataDir, "encryption.key"))).toBe(true);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(await openToOthers(dataDir)).toEqual([]);

    await server.stop();
    expect(await openToOthers(dataDir)).toEqual([]);

    // npm run db:backup: the file and the folder made for it.
    const output = await command("scripts/db-backup.ts", dataDir);
    const backup = /backup written: (\S+)/.exec(output)?.[1];
    expect(backup, output).toBeDefined();
    expect((await lstat(backup!)).mode & 0o7777).toBe(0o600);
    expect((await lstat(path.dirname(backup!))).mode & 0o7777).toBe(0o700);
    expect(await openToOthers(dataDir)).toEqual([]);
  } finally {
    await server?.kill("SIGKILL");
    await rm(parent, { recursive: true, force: true });
  }
});

test("a data folder left open to everyone is closed when the server or a command starts", async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), "mare-modes-"));
  const dataDir = path.join(parent, "data");
  // A file of someone else's, which a link planted in the open folder points at: never chmodded.
  const elsewhere = path.join(parent, "elsewhere.txt");
  let server: OwnServer | undefined;
  try {
    server = await ownServer(basePort + 91, { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: "" });
    await apply(server);
    await server.stop();

    await writeFile(elsewhere, "not the server's business");
    await chmod(elsewhere, 0o644);
    await symlink(elsewhere, path.join(dataDir, "pglite", "planted-link"));
    await loosen(dataDir);
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(1000);

    await server.start();
    expect(await openToOthers(dataDir)).toEqual([]);
    await server.stop();
    expect((await lstat(elsewhere)).mode & 0o7777).toBe(0o644);

    // A command that opens the database (npm run db:migrate) closes it as well.
    await loosen(dataDir);
    await command("scripts/db-migrate.ts", dataDir);
    expect(await openToOthers(dataDir)).toEqual([]);
    expect((await lstat(elsewhere)).mode & 0o7777).toBe(0o644);
  } finally {
    await server?.kill("SIGKILL");
    await rm(parent, { recursive: true, force: true });
  }
});
