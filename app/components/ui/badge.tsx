import type { ReactNode } from "react";
import "./kit.css";

/** How a status reads: waiting or neutral, good, or not good. */
export type BadgeTone = "neutral" | "positive" | "negative";

/**
 * A status in a few words (an application's, an affiliate's). The colour repeats the text, for
 * those who see it; the text alone says everything. With a `value` (the status as stored, the
 * same in every language) it is a `<data>` element: the words for people, the value for programs.
 */
export function Badge({
  tone,
  value,
  children,
}: {
  tone: BadgeTone;
  value?: string;
  children: ReactNode;
}) {
  return value === undefined ? (
    <span className="badge" data-tone={tone}>
      {children}
    </span>
  ) : (
    <data className="badge" data-tone={tone} value={value}>
      {children}
    </data>
  );
}
