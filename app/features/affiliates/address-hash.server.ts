import { createHmac, hkdfSync } from "node:crypto";
import { getEncryptionKey } from "#app/utils/encryption.server.ts";
import { limitKeyOfAddress } from "#app/utils/request.server.ts";

let hashKey: Buffer | undefined;

/**
 * A keyed hash (HMAC-SHA-256) of a network address, to compare where an application came from
 * with where her affiliate signs in, without keeping the address itself. The key is derived from
 * the data encryption key (HKDF, its own label), so a copy of the table cannot be matched against
 * guessed addresses. An IPv6 address counts as its /64, which one person holds whole.
 */
export function addressHash(ip: string | null | undefined): string | null {
  const address = ip?.trim();
  if (!address || address === "unknown") return null;
  hashKey ??= Buffer.from(
    hkdfSync("sha256", getEncryptionKey().key, "", "mare-talent source address", 32),
  );
  return createHmac("sha256", hashKey).update(limitKeyOfAddress(address)).digest("base64url");
}
