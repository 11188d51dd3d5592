import { actorsOf, rolesOf, screenAt, type ScreenName } from "#app/auth/permissions.ts";
import type { Role } from "#app/db/roles.ts";
import routes from "#app/routes.ts";

/**
 * What the access matrices (access.spec.ts: loaders, access-actions.ts: actions) share: who asks,
 * where each signed-in user belongs, who may open or act on each screen (read from
 * app/auth/permissions.ts, which the server's guards read too), and the route table of
 * app/routes.ts flattened to its URL patterns, each with its route ids and its file.
 */

export type Who = "visitor" | "model" | "affiliate" | "approver" | "editor" | "admin" | "owner";
export const everyone: Who[] = [
  "visitor",
  "model",
  "affiliate",
  "approver",
  "editor",
  "admin",
  "owner",
];

/** The role of each signed-in user. The owner of ADMIN_EMAIL is admin, whatever is stored. */
const roleOf: Record<Exclude<Who, "visitor">, Role> = {
  model: "model",
  affiliate: "affiliate",
  approver: "approver",
  editor: "editor",
  admin: "admin",
  owner: "admin",
};

/** Where each signed-in user belongs (product.md section 2). */
export const home: Record<Exclude<Who, "visitor">, string> = {
  model: "/dashboard/model",
  affiliate: "/portal",
  approver: "/admin/dashboard",
  editor: "/admin/blog",
  admin: "/admin/dashboard",
  owner: "/admin/dashboard",
};

/** The screen of a URL pattern in app/auth/permissions.ts; a test's mistake when it has none. */
export function screenOf(pattern: string): ScreenName {
  const screen = screenAt(pattern);
  if (!screen) throw new Error(`${pattern} is not a screen of app/auth/permissions.ts`);
  return screen;
}

const among = (roles: readonly Role[]) =>
  everyone.filter((who) => who !== "visitor" && roles.includes(roleOf[who]));

/** Who may open the screen of a URL pattern. */
export const mayOpenAt = (pattern: string) => among(rolesOf(screenOf(pattern)));

/** Who may send the forms of the screen of a URL pattern. */
export const mayActAt = (pattern: string) => among(actorsOf(screenOf(pattern)));

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
