import type { Reader } from "#app/db/db.server.ts";
import { contractBlocks } from "./contract-text.ts";
import { contractsOfModel, type Viewer } from "./contracts.server.ts";

/**
 * What her contract page shows (issue 30): her newest contract (offered to sign, or signed), its
 * text as blocks with the SHA-256 the signing form sends back, her own record of it, and the
 * earlier ones to download. No staff name but the countersigner's typed one, no terms beyond the
 * text she signs.
 */
export async function signingPageFor(
  db: Reader,
  viewer: Viewer & { twoFactorEnabled: boolean },
  url: string,
) {
  const [current, ...earlier] = await contractsOfModel(db, viewer);
  const done = new URL(url).searchParams.get("done");
  return {
    twoFactorEnabled: viewer.twoFactorEnabled,
    done: done === "signed" || done === "consent" ? done : null,
    contract: current
      ? {
          id: current.id,
          state: current.state,
          title: current.title,
          blocks: contractBlocks(current.text),
          sha256: current.textSha256,
          signedName: current.signedName,
          signedAt: current.signedAt?.toISOString() ?? null,
          countersignedAt: current.countersignedAt?.toISOString() ?? null,
          consentWithdrawnAt: current.consentWithdrawnAt?.toISOString() ?? null,
        }
      : null,
    earlier: earlier
      .filter((contract) => contract.signedAt)
      .map((contract) => ({
        id: contract.id,
        title: contract.title,
        state: contract.state,
        signedAt: contract.signedAt!.toISOString(),
      })),
  };
}
export type SigningPageData = Awaited<ReturnType<typeof signingPageFor>>;

/** Her dashboard's contract card: the state of her newest contract, or null when none. */
export async function contractCardFor(db: Reader, viewer: Viewer) {
  const [current] = await contractsOfModel(db, viewer);
  return current ? { id: current.id, state: current.state } : null;
}
export type ContractCardData = NonNullable<Awaited<ReturnType<typeof contractCardFor>>>;
