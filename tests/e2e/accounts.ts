import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * `npm run user:create -- --password-stdin`, as an operator runs it: a verified account in the
 * embedded database of a data folder (which no server may hold open: stop it first), or in the
 * PostgreSQL database at `url`. The one way the browser tests, the operations tests and the
 * benchmark make accounts. Nothing of the caller's database, mail or origin settings reaches it.
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
