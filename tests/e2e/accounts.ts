import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "../..");

export type Role = "model" | "affiliate" | "approver" | "editor" | "admin";

export interface Account {
  email: string;
  password: string;
  role: Role;
  /** Her name as the app shows it. */
  name: string;
}

/** Every named account has this password (the log check looks for it in every log). */
export const PASSWORD = "conta-de-teste-da-mare-2026";

/** Each role's account, shared by the specs of a worker. */
export const roleAccounts: Record<Role, Account> = {
  model: { email: "model@example.com", name: "Teresa Model", role: "model", password: PASSWORD },
  affiliate: {
    email: "affiliate@example.com",
    name: "Alice Affiliate",
    role: "affiliate",
    password: PASSWORD,
  },
  approver: {
    email: "approver@example.com",
    name: "Irene Approver",
    role: "approver",
    password: PASSWORD,
  },
  editor: { email: "editor@example.com", name: "Eva Editor", role: "editor", password: PASSWORD },
  admin: { email: "admin@example.com", name: "Ada Admin", role: "admin", password: PASSWORD },
};

/** An account of one spec's own (one it changes, or whose address it looks for). */
const own = (email: string, role: Role, name = email.split("@")[0]!): Account => ({
  email,
  role,
  name,
  password: PASSWORD,
});

/**
 * Every account a test signs in with, made once per run before any server starts (global-setup.ts)
 * and present on every server that starts from `accountsDataDir()`. A spec that needs an account
 * of its own adds it here; nothing makes accounts while a server runs.
 */
export const namedAccounts: readonly Account[] = [
  ...Object.values(roleAccounts),
  own("owner@example.com", "model"), // access.spec.ts: admin because she is ADMIN_EMAIL
  own("vera.reviewer@example.com", "approver"), // notifications.spec.ts
  own("rita.two-factor@example.com", "approver"), // two-factor.spec.ts
  own("renata.member@example.com", "model"), // admin-users.spec.ts
  own("joana.affiliate@example.com", "affiliate"), // admin-affiliates.spec.ts
  own("irene.contact@example.com", "approver", "Irene Contact"), // contact-applicant.spec.ts
  own("ada.contact@example.com", "admin", "Ada Contact"), // contact-applicant.spec.ts
  own("flood.editor@example.com", "editor"), // security/image-flood.spec.ts
  own("ingrid.privatename@example.com", "affiliate"), // security/document-cache.spec.ts
  own("nina.new-editor@example.com", "model", "Nina New Editor"), // content-workflow.spec.ts
  own("nora.notes@example.com", "approver", "Nora Notes"), // private-notes.spec.ts
  own("alma.notes@example.com", "admin", "Alma Notes"), // private-notes.spec.ts
  own("marta.manager@example.com", "approver", "Marta Account"), // talent-manager.spec.ts
  own("manon.model@example.com", "model", "Manon Model"), // talent-manager.spec.ts
  own("rita.journey@example.com", "approver", "Rita Journey"), // after-approval.spec.ts
  own("clara.journey@example.com", "model", "Clara Journey"), // after-approval.spec.ts
  own("lia.journey@example.com", "affiliate", "Lia Journey"), // after-approval.spec.ts
  own("paula.purpose@example.com", "approver", "Paula Purpose"), // contact-purposes.spec.ts
  own("cora.purpose@example.com", "admin", "Cora Purpose"), // contact-purposes.spec.ts
  own("lara.contract@example.com", "admin", "Lara Contract"), // contract-signing-mobile.spec.ts
  own("sofia.contract@example.com", "model", "Sofia Contract"), // contract-signing-mobile.spec.ts
  own("stella.statements@example.com", "model", "Stella Statements"), // statements-mobile.spec.ts
  own("luana.identity@example.com", "model", "Luana Identity"), // identity-check-mobile.spec.ts
  own("iris.identity@example.com", "approver", "Iris Identity"), // identity-check-mobile.spec.ts
];

/** The named account at this address. */
export function namedAccount(email: string): Account {
  const account = namedAccounts.find((named) => named.email === email.toLowerCase());
  if (!account) throw new Error(`${email} is not a named account: add it in tests/e2e/accounts.ts`);
  return account;
}

/**
 * Makes a data folder with a migrated database holding every named account, in this process,
 * through the function `npm run user:create` calls (the production build's
 * `createAccountFromShell`). The process must not have opened the build's database before: the
 * build reads DATA_DIR once.
 */
export async function makeAccountsFolder(dataDir: string) {
  const saved = { ...process.env };
  // As user:create runs: nothing of the caller's database, mail or origin settings.
  for (const name of ["DATABASE_URL", "SMTP_URL", "PUBLIC_ORIGIN"]) delete process.env[name];
  Object.assign(process.env, { NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as {
      entry: {
        module: {
          shutdown: () => Promise<void>;
          createAccountFromShell: (
            input: Omit<Account, "role"> & { role: string },
          ) => Promise<unknown>;
        };
      };
    };
    const { createAccountFromShell, shutdown } = build.entry.module;
    try {
      for (const account of namedAccounts) await createAccountFromShell(account);
    } finally {
      await shutdown();
    }
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

/**
 * A new data folder holding a copy of the named accounts' database (made by global-setup.ts),
 * for a server to start from: migrated, every named account there.
 */
export function accountsDataDir(prefix = "mare-e2e-"): string {
  const made = process.env.E2E_ACCOUNTS_DIR;
  if (!made) throw new Error("no E2E_ACCOUNTS_DIR: the named accounts are made by global-setup.ts");
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(made, dataDir, { recursive: true });
  return dataDir;
}

/**
 * `npm run user:create -- --password-stdin`, as an operator runs it: a verified account in the
 * embedded database of a data folder (which no server may hold open: stop it first), or in the
 * PostgreSQL database at `url`. For the benchmark and the operations tests on a PostgreSQL
 * database of their own; the browser tests take the named accounts above. Nothing of the
 * caller's database, mail or origin settings reaches it.
 */
export function createAccount({
  email,
  role,
  password,
  name,
  database,
}: {
  email: string;
  role: string;
  password: string;
  /** Without it, user:create names the account after its address. */
  name?: string;
  database: { url: string } | { dataDir: string };
}) {
  const {
    DATABASE_URL: _database,
    SMTP_URL: _smtp,
    PUBLIC_ORIGIN: _origin,
    ...inherited
  } = process.env;
  const target =
    "url" in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir };
  const args = ["--email", email, "--role", role, ...(name ? ["--name", name] : [])];
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      "npm",
      ["run", "--silent", "user:create", "--", ...args, "--password-stdin"],
      { cwd: root, env: { ...inherited, ...target }, stdio: ["pipe", "ignore", "pipe"] },
    );
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdin.end(`${password}\n`);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`user:create ${email}: ${code}\n${errors}`)),
    );
  });
}

/** The current code of an authenticator app for a base32 secret (RFC 6238: SHA-1, 30 s, 6 digits). */
export function totp(secret: string, now = Date.now()) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}
