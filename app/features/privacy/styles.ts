/**
 * The look of the destructive steps (erasing someone's data), in coral so they are never taken
 * for the ordinary teal actions beside them. Written out here rather than as a button variant:
 * cn() joins classes without merging, so a colour added to a variant would fight its own.
 */
const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

/** The disclosure's summary that opens the erasure's second step. */
export const destructiveSummary = `${base} cursor-pointer list-none bg-white text-coral-700 ring-1 ring-coral-300 ring-inset hover:bg-coral-300/15 [&::-webkit-details-marker]:hidden`;

/** The button that erases (or asks for the link that will). */
export const destructiveButton = `${base} bg-coral-700 text-white shadow-sm hover:brightness-110`;

export const sizes = { sm: "h-9 px-4 text-sm", md: "h-11 px-5 text-sm", lg: "h-13 px-7 text-base" };

/** A long label (German, Swedish) wraps inside its button instead of running out of a phone. */
export const wrapping = "h-auto! py-2.5 whitespace-normal! text-center";
