import { test } from "./fixtures.ts";
import { firstTapJourney } from "./first-tap.ts";

// The phone project (Pixel 7): the hero's and the footer's section links.
test.skip(({ isMobile }) => !isMobile, "phone layout only");
firstTapJourney("phone");
