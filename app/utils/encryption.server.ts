import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server.ts";

/**
 * Encryption of sensitive fields at rest (the applicant's ID or passport number): AES-256-GCM,
 * a fresh 96-bit IV per value, the tag checked on reading. Stored as
 * `v1.<base64url(iv | ciphertext | tag)>`; the version leaves room for a key rotation.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface EncryptionKey {
  key: Buffer;
  /** Where it came from: the environment, or generated into the data folder (not for production). */
  source: "env" | "generated" | "memory";
}

export function parseKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : Buffer.from(trimmed, "base64");
  if (key.length !== 32) {
    throw new Error(
      "DATA_ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)",
    );
  }
  return key;
}

/**
 * The key from DATA_ENCRYPTION_KEY, or else one generated once into `<dataDir>/encryption.key`
 * (readable by its owner only) and reused after restarts, or kept in memory for `memory://`.
 */
export function loadEncryptionKey(options: { envValue?: string; dataDir: string }): EncryptionKey {
  if (options.envValue) return { key: parseKey(options.envValue), source: "env" };
  if (options.dataDir === "memory://") return { key: randomBytes(32), source: "memory" };
  const file = path.resolve(options.dataDir, "encryption.key");
  if (existsSync(file)) return { key: parseKey(readFileSync(file, "utf8")), source: "generated" };
  // The data folder is its owner's alone (see makeDataDirPrivate), also when only keys are in it.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return { key, source: "generated" };
}

export function encrypt(plaintext: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The plaintext, or an error when the value was altered or made with another key. */
export function decrypt(stored: string, key: Buffer): string {
  const [version, payload] = stored.split(".", 2);
  if (version !== VERSION || !payload) throw new Error("Unknown encrypted value format");
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error("Encrypted value is too short");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString("utf8");
}

/** Binary values (an applicant's photo) are stored as their version byte, then iv | ciphertext | tag. */
const BYTES_VERSION = 1;

/** `encrypt` for bytes: AES-256-GCM with a fresh IV, in a Buffer for a bytea column. */
export function encryptBytes(plaintext: Uint8Array, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(BYTES_VERSION), iv, ciphertext, cipher.getAuthTag()]);
}

/** The bytes, or an error when the value was altered or made with another key. */
export function decryptBytes(stored: Uint8Array, key: Buffer): Buffer {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes[0] !== BYTES_VERSION) throw new Error("Unknown encrypted value format");
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES) throw new Error("Encrypted value is too short");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(1, 1 + IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

let current: EncryptionKey | undefined;

/** The application's key (DATA_ENCRYPTION_KEY, or the data folder's), loaded once. */
export function getEncryptionKey(): EncryptionKey {
  if (!current) {
    const env = getEnv();
    current = loadEncryptionKey({ envValue: env.DATA_ENCRYPTION_KEY, dataDir: env.DATA_DIR });
  }
  return current;
}
