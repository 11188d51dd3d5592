import type { IconName } from "#app/components/ui/icon.tsx";
import type { Role } from "#app/db/schema.server.ts";
import type { SubmissionStatus as Status } from "#app/db/submission-statuses.ts";

/** The review lists: one screen, four filters (spec section 2's admin child routes). */
export const reviewLists = [
  { path: "/admin/cadastros", status: undefined, label: "admin.nav.all", icon: "clipboard-list" },
  { path: "/admin/pendentes", status: "Pendente", label: "admin.nav.pending", icon: "clock" },
  { path: "/admin/aprovados", status: "Aprovado", label: "admin.nav.approved", icon: "thumbs-up" },
  {
    path: "/admin/reprovados",
    status: "Reprovado",
    label: "admin.nav.rejected",
    icon: "thumbs-down",
  },
] as const satisfies readonly { path: string; status?: Status; label: string; icon: IconName }[];

/**
 * The admin sidebar (product.md section 2): each entry with the roles that see it. The server
 * checks the same roles in each screen's loader; hiding an entry is only a courtesy.
 */
export const adminNavigation = [
  {
    path: "/admin/dashboard",
    label: "admin.nav.dashboard",
    icon: "layout-dashboard",
    roles: ["approver", "admin"],
  },
  ...reviewLists.map((list) => ({ ...list, roles: ["approver", "admin"] as const })),
  // Approvers read the affiliates; every change there is an admin's (checked in the actions).
  {
    path: "/admin/afiliados",
    label: "admin.affiliates.nav",
    icon: "badge-check",
    roles: ["approver", "admin"],
  },
  {
    path: "/admin/analytics",
    label: "admin.analytics.title",
    icon: "chart-column",
    roles: ["approver", "admin"],
  },
  // The admin's own: people, mail, and the four reports.
  { path: "/admin/users", label: "admin.users.nav", icon: "lock-keyhole", roles: ["admin"] },
  { path: "/admin/email", label: "admin.email.nav", icon: "mail", roles: ["admin"] },
  { path: "/admin/privacy", label: "admin.privacy.nav", icon: "shield-check", roles: ["admin"] },
  {
    path: "/admin/production-checklist",
    label: "admin.checklist.nav",
    icon: "check",
    roles: ["admin"],
  },
  {
    path: "/admin/auth-report",
    label: "admin.authReport.nav",
    icon: "shield-exclamation-point",
    roles: ["admin"],
  },
  {
    path: "/admin/access-report",
    label: "admin.accessReport.nav",
    icon: "shield-check",
    roles: ["admin"],
  },
  {
    path: "/admin/tech-report",
    label: "admin.tech.nav",
    icon: "compass",
    roles: ["admin"],
  },
] as const satisfies readonly {
  path: string;
  label: string;
  icon: IconName;
  roles: readonly Role[];
}[];
