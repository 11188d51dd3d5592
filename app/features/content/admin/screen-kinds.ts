import { homeItemKinds } from "#app/db/home-item-kinds.ts";

/** The content screen's lists: the home page's per-language ones, and the team (one for all). */
export const screenKinds = [...homeItemKinds, "team"] as const;
