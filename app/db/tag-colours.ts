/**
 * The colours a tag may have: pairs of the theme's own colours (app/app.css), a background and
 * the text on it, every pair above 4.5:1 contrast (tag-colours.test.ts measures them). Plain
 * data, so the schema's check, the settings screen and the list read the same list. The class
 * names are written out whole so that Tailwind finds them.
 */
export const tagColours = ["teal", "lagoon", "coral", "rust", "sand", "slate", "ink"] as const;
export type TagColour = (typeof tagColours)[number];

export const tagColourClasses: Record<TagColour, string> = {
  teal: "bg-brand-100 text-brand-900",
  lagoon: "bg-brand-700 text-white",
  coral: "bg-coral-300 text-ink-900",
  rust: "bg-coral-700 text-white",
  sand: "bg-sand-200 text-ink-900",
  slate: "bg-ink-100 text-ink-800",
  ink: "bg-ink-700 text-white",
};

export function isTagColour(value: string): value is TagColour {
  return (tagColours as readonly string[]).includes(value);
}
