/**
 * An article's body: structured blocks, the subset of a ProseMirror document (the editor's own
 * format, TipTap) that the public page renders well — paragraphs, h2/h3 headings, bullet and
 * numbered lists, quotes, uploaded images (by id); bold, italic and links inside them; line
 * breaks. Nothing is ever stored
 * or rendered as HTML: `sanitizeBody` rebuilds whatever arrives from this allow-list, and the
 * page renders the result with React, which escapes every text.
 */

/**
 * A link opens where the page decides (body-view.tsx) unless she asked for a new tab: then it
 * carries target="_blank" and always rel="noopener noreferrer", never one without the other.
 */
export type LinkAttrs =
  { href: string } | { href: string; target: "_blank"; rel: typeof NEW_TAB_REL };
export const NEW_TAB_REL = "noopener noreferrer";

export type Mark = { type: "bold" } | { type: "italic" } | { type: "link"; attrs: LinkAttrs };

export type Inline = { type: "text"; text: string; marks?: Mark[] } | { type: "hardBreak" };

export type Block =
  | { type: "paragraph"; content?: Inline[] }
  | { type: "heading"; attrs: { level: 2 | 3 }; content?: Inline[] }
  | { type: "bulletList"; content: ListItem[] }
  | { type: "orderedList"; attrs?: { start: number }; content: ListItem[] }
  | { type: "blockquote"; content: Block[] }
  | ImageBlock;

/**
 * An uploaded image (app/features/images) by its stored id and its description. Never an
 * address: the page finds the image's variants by its id (resolveBodyImages) and writes their
 * addresses itself. An empty alt is allowed in a draft and refused at publication.
 */
export interface ImageBlock {
  type: "image";
  attrs: { id: number; alt: string };
}

/** An image block with what the page needs to lay it out, found on the server by its id. */
export type ResolvedImage = { id: number; hash: string; width: number; height: number };

export interface ListItem {
  type: "listItem";
  content: Block[];
}

export interface Body {
  type: "doc";
  content: Block[];
}

/** Limits that keep a hostile or broken document from costing the server anything. */
const MAX_DEPTH = 8;
const MAX_TEXT = 200_000;
const MAX_HREF = 2_000;
/** The longest description of a body image, as a cover's. */
export const MAX_IMAGE_ALT = 250;

// Control characters (tab and newline aside) and the invisible formatting marks that can hide
// or reorder text in a URL or a heading.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A link's address as the page will write it, or null when it may not be one: an absolute
 * http(s) address, a mailto: address, or a path on this site (never `//host`, a backslash or a
 * scheme such as `javascript:`, `data:` or `vbscript:`, however it is spelled or padded).
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const href = value.trim();
  if (!href || href.length > MAX_HREF || /[\s\\\p{Cc}\p{Cf}]/u.test(href)) return null;
  if (href.startsWith("/")) {
    if (href.startsWith("//")) return null;
    try {
      const url = new URL(href, "http://site.invalid");
      return url.origin === "http://site.invalid" ? href : null;
    } catch {
      return null;
    }
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === "mailto:") return /^mailto:[^@/?#]+@[^@/?#]+/i.test(href) ? href : null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** Whether a link leaves the site (the page opens it in a new tab, without an opener). */
export function isExternal(href: string) {
  return !href.startsWith("/");
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const childrenOf = (node: Record<string, unknown>): unknown[] =>
  Array.isArray(node.content) ? node.content : [];

function cleanText(value: unknown): string {
  return typeof value === "string" ? value.replace(CONTROL, "") : "";
}

function sanitizeMarks(value: unknown): Mark[] {
  if (!Array.isArray(value)) return [];
  const marks: Mark[] = [];
  for (const mark of value) {
    if (!isObject(mark)) continue;
    if (
      (mark.type === "bold" || mark.type === "italic") &&
      !marks.some((m) => m.type === mark.type)
    ) {
      marks.push({ type: mark.type });
    } else if (mark.type === "link" && !marks.some((m) => m.type === "link")) {
      const attrs = isObject(mark.attrs) ? mark.attrs : {};
      const href = safeHref(attrs.href);
      // Any other target, rel or attribute is dropped; a new tab never keeps its opener.
      if (href && attrs.target === "_blank") {
        marks.push({ type: "link", attrs: { href, target: "_blank", rel: NEW_TAB_REL } });
      } else if (href) {
        marks.push({ type: "link", attrs: { href } });
      }
    }
  }
  return marks;
}

/** Inline content: text with its allowed marks and line breaks; anything else gives its text. */
function sanitizeInline(nodes: unknown[], depth: number, budget: { left: number }): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (!isObject(node) || budget.left <= 0) continue;
    if (node.type === "text") {
      const text = cleanText(node.text).slice(0, budget.left);
      if (!text) continue;
      budget.left -= text.length;
      const marks = sanitizeMarks(node.marks);
      out.push(marks.length ? { type: "text", text, marks } : { type: "text", text });
    } else if (node.type === "hardBreak") {
      out.push({ type: "hardBreak" });
    } else if (depth < MAX_DEPTH) {
      out.push(...sanitizeInline(childrenOf(node), depth + 1, budget));
    }
  }
  return out;
}

function textBlock(
  type: "paragraph" | "heading",
  node: Record<string, unknown>,
  depth: number,
  budget: { left: number },
): Block | null {
  const content = sanitizeInline(childrenOf(node), depth + 1, budget);
  if (type === "paragraph") return content.length ? { type, content } : { type };
  const asked = isObject(node.attrs) ? Number(node.attrs.level) : 2;
  // The page's own title is the h1; deeper levels than h3 read as h3.
  const level = asked <= 2 ? 2 : 3;
  return content.length ? { type, attrs: { level }, content } : { type, attrs: { level } };
}

function sanitizeBlocks(nodes: unknown[], depth: number, budget: { left: number }): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    if (!isObject(node) || budget.left <= 0) continue;
    const block = sanitizeBlock(node, depth, budget);
    if (Array.isArray(block)) out.push(...block);
    else if (block) out.push(block);
  }
  return out;
}

function sanitizeList(node: Record<string, unknown>, depth: number, budget: { left: number }) {
  const items: ListItem[] = [];
  for (const child of childrenOf(node)) {
    if (!isObject(child)) continue;
    const content =
      child.type === "listItem"
        ? sanitizeBlocks(childrenOf(child), depth + 1, budget)
        : sanitizeBlocks([child], depth + 1, budget);
    if (content.length) items.push({ type: "listItem", content });
  }
  return items;
}

function sanitizeBlock(
  node: Record<string, unknown>,
  depth: number,
  budget: { left: number },
): Block | Block[] | null {
  if (depth > MAX_DEPTH) return null;
  switch (node.type) {
    case "paragraph":
      return textBlock("paragraph", node, depth, budget);
    case "heading":
      return textBlock("heading", node, depth, budget);
    case "bulletList":
    case "orderedList": {
      const content = sanitizeList(node, depth, budget);
      if (!content.length) return null;
      if (node.type === "bulletList") return { type: "bulletList", content };
      const start = isObject(node.attrs) ? Number(node.attrs.start) : 1;
      return Number.isInteger(start) && start > 1 && start < 10_000
        ? { type: "orderedList", attrs: { start }, content }
        : { type: "orderedList", content };
    }
    case "blockquote": {
      const content = sanitizeBlocks(childrenOf(node), depth + 1, budget);
      return content.length ? { type: "blockquote", content } : null;
    }
    case "image":
      return sanitizeImage(node);
    case "text":
    case "hardBreak": {
      const content = sanitizeInline([node], depth, budget);
      return content.length ? { type: "paragraph", content } : null;
    }
    default:
      // A node we do not render (a table, a code block, a script): its text survives
      // as paragraphs, nothing else of it.
      return sanitizeBlocks(childrenOf(node), depth + 1, budget);
  }
}

/** An image keeps a positive integer id and its alt text, nothing else (no src, no size). */
function sanitizeImage(node: Record<string, unknown>): ImageBlock | null {
  const attrs = isObject(node.attrs) ? node.attrs : {};
  const id = attrs.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return null;
  const alt = cleanText(attrs.alt).replace(/\s+/g, " ").trim().slice(0, MAX_IMAGE_ALT);
  return { type: "image", attrs: { id, alt } };
}

/** Every image block of a body, in order (inside lists and quotes too). */
export function bodyImages(body: Body): ImageBlock[] {
  const found: ImageBlock[] = [];
  const walk = (nodes: readonly (Block | ListItem)[]) => {
    for (const node of nodes) {
      if (node.type === "image") found.push(node);
      else if (node.type !== "paragraph" && node.type !== "heading") walk(node.content);
    }
  };
  walk(body.content);
  return found;
}

/**
 * The body to store, rebuilt from the allow-list whatever arrived: unknown nodes give their
 * text, unknown marks and attributes are dropped, a link with an unsafe address becomes its
 * text, control characters go, and the whole is bounded in depth and length.
 */
export function sanitizeBody(input: unknown): Body {
  const root = isObject(input) ? input : {};
  const content = sanitizeBlocks(childrenOf(root), 0, { left: MAX_TEXT });
  return { type: "doc", content };
}

/** The body's words, for the reading time and the feed's summary. */
export function plainText(body: Body): string {
  const parts: string[] = [];
  const walk = (nodes: readonly (Block | ListItem | Inline)[]) => {
    for (const node of nodes) {
      if (node.type === "text") parts.push(node.text);
      else if (node.type === "hardBreak") parts.push(" ");
      else if (node.type === "image") continue;
      else if ("content" in node && node.content) {
        walk(node.content);
        parts.push("\n");
      }
    }
  };
  walk(body.content);
  return parts
    .join("")
    .replace(/[ \t]+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** The words of a text: what is between spaces (an image has none). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Minutes to read at 200 words a minute, at least one (of a body as stored or as sent). */
export function readingMinutes(body: unknown): number {
  const words = countWords(plainText(sanitizeBody(body)));
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** A body from plain paragraphs and h2 headings (the spec's article blocks). */
export function bodyFromBlocks(blocks: readonly { tag: "p" | "h2"; text: string }[]): Body {
  return sanitizeBody({
    type: "doc",
    content: blocks.map((block) =>
      block.tag === "h2"
        ? { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: block.text }] }
        : { type: "paragraph", content: [{ type: "text", text: block.text }] },
    ),
  });
}
