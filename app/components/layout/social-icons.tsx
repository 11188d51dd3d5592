import { Icon, type IconName } from "#app/components/ui/icon.tsx";

interface SocialNetwork {
  name: string;
  icon: IconName;
}

// The marks are in the icon sprite (scripts/build-icons.ts: simple-icons' and our LinkedIn).
export const socialNetworks: SocialNetwork[] = [
  { name: "Facebook", icon: "brand-facebook" },
  { name: "X (Twitter)", icon: "brand-x" },
  { name: "Instagram", icon: "brand-instagram" },
  { name: "LinkedIn", icon: "brand-linkedin" },
];

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return <Icon name={network.icon} className="size-5" />;
}
