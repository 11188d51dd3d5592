import { plainText, type Body } from "./body.ts";

/**
 * What an article needs before it can go live, beyond what a draft needs (a title and a valid
 * address): something to list it with in the blog (category, summary), to describe it to search
 * engines, and a text. One rule for the server, which refuses a publication that lacks one
 * (editor.server.ts), and for the editor, which marks these fields from the start and lists
 * what is still missing beside the publish button — so she is never refused over a field nobody
 * said was needed.
 */
export const PUBLISH_REQUIREMENTS = [
  "title",
  "body",
  "category",
  "excerpt",
  "description",
] as const;

export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

export interface PublishableFields {
  title: string;
  category: string;
  excerpt: string;
  description: string;
  /** As stored or as the editor sends it: read with the same walk as the reading time. */
  body: Body | { type: "doc"; content: unknown[] };
}

/** The requirements these fields do not meet yet, in the order the editor lists them. */
export function missingToPublish(fields: PublishableFields): PublishRequirement[] {
  return PUBLISH_REQUIREMENTS.filter((name) =>
    name === "body" ? !hasContent(fields.body as Body) : !fields[name].trim(),
  );
}

/** Words, or at least a picture: an empty paragraph left by the editor is not a text. */
function hasContent(body: Body) {
  const hasImage = (nodes: readonly unknown[]): boolean =>
    nodes.some((node) => {
      const { type, content } = (node ?? {}) as { type?: unknown; content?: unknown };
      return type === "image" || (Array.isArray(content) && hasImage(content));
    });
  return plainText(body).trim() !== "" || hasImage(body.content);
}
