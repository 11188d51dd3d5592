import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * `npm run user:create`, as an operator would run it: into the embedded database of a data
 * folder (before the server on that folder starts), or into PostgreSQL given as
 * `{ databaseUrl }`.
 */
export function userCreate(
  database: string | { databaseUrl: string },
  email: string,
  role: string,
  password: string,
) {
  const target =
    typeof database === "string"
      ? { DATA_DIR: database, DATABASE_URL: "" }
      : { DATABASE_URL: database.databaseUrl };
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      "npm",
      [
        "run",
        "--silent",
        "user:create",
        "--",
        "--email",
        email,
        "--role",
        role,
        "--password-stdin",
      ],
      {
        cwd: root,
        env: { ...process.env, ...target },
        stdio: ["pipe", "ignore", "pipe"],
      },
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
