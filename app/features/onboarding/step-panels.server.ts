import type { Reader } from "#app/db/db.server.ts";
import { contractPanelFor } from "#app/features/contracts/contracts.server.ts";
import { identityPanelFor } from "#app/features/identity/review.server.ts";

/**
 * The panels of her page for the onboarding steps that have work of their own (issue 30): her
 * identity check and her contract, each null until there is something to show.
 */
export async function stepPanelsFor(
  db: Reader,
  application: { id: number; status: string; erasedAt: Date | string | null },
  viewer: { role: string },
  url: string,
) {
  const [identity, contract] = await Promise.all([
    identityPanelFor(db, application),
    contractPanelFor(db, application, viewer, url),
  ]);
  return { identity, contract };
}

export type StepPanels = Awaited<ReturnType<typeof stepPanelsFor>>;
