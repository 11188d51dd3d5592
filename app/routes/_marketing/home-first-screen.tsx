import type { HeroImage } from "#app/features/content/hero-image.server.ts";
import { Hero } from "#app/features/marketing/hero.tsx";
import { Services } from "#app/features/marketing/services.tsx";

/** The home page's first screen: the hero and the services. */
export function FirstScreen({ hero }: { hero: HeroImage | null }) {
  return (
    <>
      <Hero image={hero} />
      <Services />
    </>
  );
}
