import { Icon, type IconName } from "#app/components/ui/icon.tsx";

/** The networks whose icons the footer shows (the Site screen stores a profile for each). */
export const socialNetworkIds = ["facebook", "x", "instagram", "linkedin"] as const;
export type SocialNetworkId = (typeof socialNetworkIds)[number];

interface SocialNetwork {
  id: SocialNetworkId;
  name: string;
  icon: IconName;
  /** What a profile's address looks like, for the Site screen's placeholder. */
  example: string;
}

// The marks are in the icon sprite (scripts/build-icons.ts: simple-icons' and our LinkedIn).
export const socialNetworks: SocialNetwork[] = [
  {
    id: "facebook",
    name: "Facebook",
    icon: "brand-facebook",
    example: "https://www.facebook.com/maretalent",
  },
  { id: "x", name: "X (Twitter)", icon: "brand-x", example: "https://x.com/maretalent" },
  {
    id: "instagram",
    name: "Instagram",
    icon: "brand-instagram",
    example: "https://www.instagram.com/maretalent",
  },
  {
    id: "linkedin",
    name: "LinkedIn",
    icon: "brand-linkedin",
    example: "https://www.linkedin.com/company/maretalent",
  },
];

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return <Icon name={network.icon} className="size-5" />;
}
