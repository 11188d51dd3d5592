import { Hero } from "#app/features/marketing/hero.tsx";
import { Services } from "#app/features/marketing/services.tsx";

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
