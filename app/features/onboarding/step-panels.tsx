import { ContractPanel } from "#app/features/contracts/contract-panel.tsx";
import { IdentityPanel } from "#app/features/identity/identity-panel.tsx";
import type { StepPanels as Panels } from "./step-panels.server.ts";

/** Her contract's and her identity check's panels, below her onboarding on her page. */
export function StepPanels({ applicationId, panels }: { applicationId: number; panels: Panels }) {
  return (
    <>
      <ContractPanel applicationId={applicationId} panel={panels.contract} />
      <IdentityPanel applicationId={applicationId} identity={panels.identity} />
    </>
  );
}
