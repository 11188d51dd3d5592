import routes from "#app/routes.ts";

/**
 * What the access matrices (access.spec.ts: loaders, access-actions.ts: actions) share: who asks,
 * where each signed-in user belongs, and the route table of app/routes.ts flattened to its URL
 * patterns, each with its route ids and its file.
 */

export type Who = "visitor" | "model" | "affiliate" | "approver" | "admin" | "owner";
export const everyone: Who[] = ["visitor", "model", "affiliate", "approver", "admin", "owner"];

/** Where each signed-in user belongs (product.md section 2). The owner of ADMIN_EMAIL is admin. */
export const home: Record<Exclude<Who, "visitor">, string> = {
  model: "/dashboard/model",
  affiliate: "/portal",
  approver: "/admin/dashboard",
  admin: "/admin/dashboard",
  owner: "/admin/dashboard",
};

export interface Answer {
  status: number;
  location?: string;
}

/** The location of a visitor's refusal: to log in, then back to the URL she asked for. */
export const LOGIN_BACK = "/login?redirect=";

export function expectedLocation(expected: Answer, url: string) {
  return expected.location === LOGIN_BACK
    ? `${LOGIN_BACK}${encodeURIComponent(url)}`
    : expected.location;
}

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export interface RouteOfTable {
  /** The ids of the routes that answer the pattern, outermost first (the leaf last). */
  ids: string[];
  /** The leaf route's module, relative to app/. */
  file: string;
  index: boolean;
}

/** The URL patterns of the route table, each with the route ids that answer it. */
function flatten(entries: RouteEntry[], parent = "", ids: string[] = []) {
  const found = new Map<string, RouteOfTable>();
  for (const entry of entries) {
    // React Router names a route by its file, unless the table gives it an id.
    const chain = [...ids, entry.id ?? entry.file.replace(/\.[jt]sx?$/, "")];
    const own = entry.index
      ? parent || "/"
      : entry.path !== undefined
        ? `${parent}/${entry.path}`.replace(/\/+/g, "/")
        : undefined;
    if (own) found.set(own, { ids: chain, file: entry.file, index: Boolean(entry.index) });
    for (const [pattern, child] of flatten(entry.children ?? [], own ?? parent, chain)) {
      found.set(pattern, child);
    }
  }
  return found;
}

export const table = flatten(routes as RouteEntry[]);
