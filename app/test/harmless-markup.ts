import { expect } from "vitest";

const allowedTags = new Set([
  "div",
  "p",
  "h2",
  "h3",
  "ul",
  "ol",
  "li",
  "blockquote",
  "strong",
  "em",
  "a",
  "br",
  "span",
  // A stored image (body.ts's image block), whose addresses are the site's own /media files.
  "figure",
  "picture",
  "source",
  "img",
]);
const allowedAttributes = new Set([
  "class",
  "href",
  "target",
  "rel",
  "start",
  "type",
  "srcSet",
  "sizes",
  "src",
  "alt",
  "width",
  "height",
  "loading",
  "decoding",
]);

/**
 * What a rendered body may contain, read from the markup itself: React writes every `<` of a
 * text as `&lt;`, so each `<` left starts a real element. Only the elements and attributes the
 * body renders, and no address with a scheme that runs.
 */
export function expectHarmless(html: string) {
  for (const [, closing, name, attributes] of html.matchAll(/<(\/?)([a-zA-Z0-9-]+)([^>]*)>/g)) {
    expect(allowedTags, `element <${name}>`).toContain(name!.toLowerCase());
    if (closing) continue;
    const rest = attributes!.replace(/\s*\/$/, "");
    const pairs = [...rest.matchAll(/\s+([^\s=]+)="([^"]*)"/g)];
    // Nothing but name="value" pairs: no bare or unquoted attribute slipped in.
    expect(pairs.map((pair) => pair[0]).join(""), `attributes of <${name}>`).toBe(rest);
    for (const [, attribute, value] of pairs) {
      expect(allowedAttributes, `attribute ${attribute} on <${name}>`).toContain(attribute);
      if (attribute === "href") {
        expect(value!.replace(/&amp;/g, "&")).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
      }
      if (attribute === "src" || attribute === "srcSet") {
        for (const candidate of value!.split(", ")) {
          expect(candidate, `${attribute} on <${name}>`).toMatch(
            /^\/media\/\d+-[0-9a-f]{16}-\d+\.(avif|webp)( \d+w)?$/,
          );
        }
      }
    }
  }
}
