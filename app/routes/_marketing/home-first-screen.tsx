import { Hero } from "~/features/marketing/hero";
import { Services } from "~/features/marketing/services";

/**
 * The home page's first screen: the hero and the services. Plain text and links that need no code
 * to be read or followed, so their code loads when she first points at or touches them (home.tsx,
 * decision 019).
 */
export function FirstScreen() {
  return (
    <>
      <Hero />
      <Services />
    </>
  );
}
