import { siFacebook, siInstagram, siX } from "simple-icons";

interface SocialNetwork {
  name: string;
  path: string;
}

// LinkedIn's mark is not in simple-icons (withdrawn at LinkedIn's request), so it is drawn here:
// a rounded square with "in" in simple strokes.
const linkedIn: SocialNetwork = {
  name: "LinkedIn",
  path: "M3.5 1h17A2.5 2.5 0 0 1 23 3.5v17a2.5 2.5 0 0 1-2.5 2.5h-17A2.5 2.5 0 0 1 1 20.5v-17A2.5 2.5 0 0 1 3.5 1zM5 9.5V19h3V9.5zm1.5-4.6a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5zM10.5 9.5V19h3v-5c0-1.4.9-2.3 2-2.3s1.8.8 1.8 2.3v5h3v-5.6c0-2.9-1.6-4.2-3.7-4.2-1.5 0-2.5.7-3.1 1.5V9.5z",
};

export const socialNetworks: SocialNetwork[] = [
  { name: "Facebook", path: siFacebook.path },
  { name: "X (Twitter)", path: siX.path },
  { name: "Instagram", path: siInstagram.path },
  linkedIn,
];

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5 fill-current">
      <path d={network.path} />
    </svg>
  );
}
