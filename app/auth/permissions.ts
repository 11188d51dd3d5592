import type { Role } from "~/db/schema.server";

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

/**
 * A return path from a query string, kept only when it is a path on this site (never
 * `//evil.example` or `https://…`), so a sign-in link cannot send her elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  return value;
}
