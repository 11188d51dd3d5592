import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  decrypt,
  decryptBytes,
  encrypt,
  encryptBytes,
  loadEncryptionKey,
  parseKey,
} from "./encryption.server.ts";

const key = randomBytes(32);

describe("encryption of sensitive fields", () => {
  it("round-trips, with a fresh IV every time", () => {
    const a = encrypt("123456789", key);
    const b = encrypt("123456789", key);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain("123456789");
    expect(decrypt(a, key)).toBe("123456789");
    expect(decrypt(encrypt("Ünïcødé 😀", key), key)).toBe("Ünïcødé 😀");
  });

  it("refuses a value that was altered or made with another key", () => {
    const stored = encrypt("123456789", key);
    const bytes = Buffer.from(stored.slice(3), "base64url");
    bytes[14]! ^= 1;
    expect(() => decrypt(`v1.${bytes.toString("base64url")}`, key)).toThrow();
    expect(() => decrypt(stored, randomBytes(32))).toThrow();
    expect(() => decrypt("v2.abc", key)).toThrow(/format/);
    expect(() => decrypt("v1.abc", key)).toThrow(/short/);
  });

  it("round-trips bytes (a photo), refusing altered ones or another key", () => {
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]);
    const stored = encryptBytes(photo, key);
    expect(stored.equals(encryptBytes(photo, key))).toBe(false);
    expect(stored.subarray(0, 4).equals(photo.subarray(0, 4))).toBe(false);
    expect(stored.includes(photo.subarray(100, 132))).toBe(false);
    expect(decryptBytes(stored, key).equals(photo)).toBe(true);
    const altered = Buffer.from(stored);
    altered[40]! ^= 1;
    expect(() => decryptBytes(altered, key)).toThrow();
    expect(() => decryptBytes(stored, randomBytes(32))).toThrow();
    expect(() => decryptBytes(Buffer.of(2, ...stored.subarray(1)), key)).toThrow(/format/);
  });

  it("reads keys as 64 hex digits or base64 of 32 bytes, and nothing else", () => {
    expect(parseKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseKey("too-short")).toThrow(/32 bytes/);
    expect(() => parseKey(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
  });

  it("generates a key once into the data folder, owner-readable only, and reuses it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mare-key-"));
    const first = loadEncryptionKey({ dataDir });
    const second = loadEncryptionKey({ dataDir });
    expect(first.source).toBe("generated");
    expect(second.key.equals(first.key)).toBe(true);
    const file = path.join(dataDir, "encryption.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first.key.toString("base64"));
    expect(loadEncryptionKey({ dataDir, envValue: key.toString("hex") })).toMatchObject({
      source: "env",
    });
  });
});
