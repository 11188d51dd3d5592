import { z } from "zod";
import { screenKinds } from "#app/features/content/admin/screen-kinds.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { checkbox, photoField } from "#app/features/content/photos.server.ts";

/**
 * What the content screen (routes/admin/content.tsx) reads from its address and its forms, and
 * what it calls a change that went through.
 */

const codes = languages.map((l) => l.code) as [Language, ...Language[]];
export const listSchema = z.object({
  kind: z.enum(screenKinds).catch("faq"),
  language: z.enum(codes).catch("pt"),
});

/** An id as a link or a form sends it. */
export const itemId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((id) => id >= 1);

/** A field as sent; the item's own schema checks it (itemForm, home-items.server.ts). */
const sent = z.string().optional();

/** A list item's fields: a FAQ item's or testimonial's, or a team member's; and a photo. */
const itemFields = {
  title: sent,
  subtitle: sent,
  body: sent,
  source: sent,
  name: sent,
  ...Object.fromEntries(languages.map(({ code }) => [`role-${code}`, sent])),
  photo: photoField,
  consent: checkbox,
};

export const contentForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), ...itemFields }),
  z.object({ intent: z.literal("edit"), id: itemId, ...itemFields }),
  z.object({
    intent: z.literal(["up", "down", "hide", "show", "delete", "removePhoto", "markCurrent"]),
    id: itemId,
  }),
  z.object({ intent: z.literal("restore"), id: itemId, revision: itemId }),
]);

/** Where a team member stands in the team (1-based), or null. */
export function placeIn(list: { id: number }[], id: number) {
  const index = list.findIndex((row) => row.id === id);
  return index < 0 ? null : { position: index + 1, total: list.length };
}

/** What a change that went through is called on the screen (StatusNote). */
export const doneOf = {
  add: "added",
  edit: "saved",
  up: "moved",
  down: "moved",
  hide: "hidden",
  show: "shown",
  delete: "deleted",
  removePhoto: "photoRemoved",
  markCurrent: "markedCurrent",
  restore: "restored",
} as const;
