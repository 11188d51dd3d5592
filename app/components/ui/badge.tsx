import type { ReactNode } from "react";
import "./kit.css";

/** How a status reads: waiting or neutral, good, or not good. */
export type BadgeTone = "neutral" | "positive" | "negative";

/**
 * A status in a few words (an application's, an affiliate's). The colour repeats the text, for
 * those who see it; the text alone says everything.
 */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className="badge" data-tone={tone}>
      {children}
    </span>
  );
}
