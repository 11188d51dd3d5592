import { Hero } from "#app/features/marketing/hero.tsx";
import { Services } from "#app/features/marketing/services.tsx";

/** The home page's first screen: the hero and the services. */
export function FirstScreen() {
  return (
    <>
      <Hero />
      <Services />
    </>
  );
}
