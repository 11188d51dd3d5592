import { buttonVariants } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { stateTone } from "./contract-panel.tsx";
import type { ContractCardData } from "./signing.server.ts";

/** Her contract on her dashboard: its state and the way to it (to sign, or to download). */
export function ContractCard({ card }: { card: ContractCardData }) {
  const { t } = useTranslation();
  return (
    <Section
      id="contract-card"
      anchor="contract"
      title={t("contracts.model.cardTitle")}
      description={t(`contracts.model.stateIntro.${card.state}`)}
      actions={
        <Badge tone={stateTone[card.state]} value={card.state}>
          {t(`contracts.model.state.${card.state}`)}
        </Badge>
      }
    >
      <a
        href="/dashboard/model/contract"
        className={`${buttonVariants({ size: "sm", variant: card.state === "offered" ? "primary" : "secondary" })} mt-4`}
      >
        <Icon name={card.state === "offered" ? "pencil" : "download"} className="size-4" />
        {t(card.state === "offered" ? "contracts.model.openToSign" : "contracts.model.open")}
      </a>
    </Section>
  );
}
