/** What the "Welcome call" card is given (browser-safe: the card's component reads it). */

export type ZoneSource = "chosen" | "browser" | "country" | "brasilia";

export interface SlotDay {
  /** Her calendar day, "2026-03-29". */
  key: string;
  label: string;
  /** Each free time: its instant (what the form sends) and how she reads it. */
  times: { value: string; label: string }[];
}

export type WelcomeCallCardData =
  | { kind: "waiting" }
  | {
      kind: "open";
      /** Her manager's first name. */
      manager: string;
      zone: string;
      zoneLabel: string;
      zoneSource: ZoneSource;
      days: SlotDay[];
      call: {
        id: number;
        state: "booked" | "held";
        when: string;
        startsAt: string;
        canChange: boolean;
        meetingUrl: string | null;
      } | null;
    };

/**
 * The answer to a booking, a move or a cancellation that did not happen: the reason (a key of
 * welcomeCall.errors) and, when the server answered, her card with fresh times.
 */
export type WelcomeCallResult = { error: string; card: WelcomeCallCardData | null };
