/**
 * The colours a tag may have: pairs of the theme's own colours (app/app.css), each with its text
 * colour, every pair above 4.5:1 contrast (tag-colours.test.ts measures them). Plain data, so the
 * schema's check, the settings screen and the list read the same list.
 */
export const tagColours = ["teal", "lagoon", "coral", "rust", "sand", "slate", "ink"] as const;
export type TagColour = (typeof tagColours)[number];

export function isTagColour(value: string): value is TagColour {
  return (tagColours as readonly string[]).includes(value);
}
