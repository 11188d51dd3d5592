import type { Role } from "#app/db/schema.server.ts";

/**
 * Who may enter which signed-in area (product.md section 2), shared by the server, which
 * decides, and the interface, which only hides what she cannot use.
 */
export const areas = {
  modelDashboard: { path: "/dashboard/model", roles: ["model"] },
  affiliatePortal: { path: "/portal", roles: ["affiliate"] },
  admin: { path: "/admin", roles: ["approver", "admin"] },
} as const satisfies Record<string, { path: string; roles: readonly Role[] }>;

export type Area = keyof typeof areas;

export function mayEnter(role: Role, area: Area): boolean {
  return (areas[area].roles as readonly Role[]).includes(role);
}

/** Where a signed-in user lands: her own area. */
export function homeOf(role: Role): string {
  if (role === "admin" || role === "approver") return "/admin/dashboard";
  if (role === "affiliate") return areas.affiliatePortal.path;
  return areas.modelDashboard.path;
}

// Any whitespace, control or invisible formatting character, or backslash. Browsers drop tabs and
// newlines from URLs and read `\` as `/`, so `/\t/evil.example` or `/\\evil.example` would
// become `//evil.example`, another site. No path of this site contains one.
const UNSAFE_IN_PATH = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;
const PARSE_BASE = "http://return-path.invalid";

/**
 * A return path from a query string or a form, kept only when it is a path on this site, so a
 * sign-in link can never send her elsewhere (`//evil.example`, `https://…`, `/\t/evil.example`,
 * `javascript:`). It is parsed as a browser would parse it and must stay on the same origin; what
 * comes back is that parsed form, never the raw text.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || UNSAFE_IN_PATH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can turn a harmless path into a protocol-relative one: `/.//evil.example`.
  if (path.startsWith("//") || UNSAFE_IN_PATH.test(path)) return null;
  return path;
}
