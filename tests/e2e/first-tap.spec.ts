import { firstTapJourney } from "./first-tap.ts";

// The desktop project (1280 px: the header's section links are visible).
firstTapJourney("desktop");
