import type { IconName } from "#app/components/ui/icon.tsx";
import { rolesOf, screenAt, type ScreenPath } from "#app/auth/permissions.ts";
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
] as const satisfies readonly {
  path: ScreenPath;
  status?: Status;
  label: string;
  icon: IconName;
}[];

const entries: readonly { path: ScreenPath; label: string; icon: IconName }[] = [
  { path: "/admin/dashboard", label: "admin.nav.dashboard", icon: "layout-dashboard" },
  ...reviewLists,
  { path: "/admin/afiliados", label: "admin.affiliates.nav", icon: "badge-check" },
  { path: "/admin/analytics", label: "admin.analytics.title", icon: "chart-column" },
  { path: "/admin/users", label: "admin.users.nav", icon: "lock-keyhole" },
  { path: "/admin/email", label: "admin.email.nav", icon: "mail" },
  { path: "/admin/tags", label: "admin.tags.nav", icon: "tag" },
  { path: "/admin/privacy", label: "admin.privacy.nav", icon: "shield-check" },
  { path: "/admin/production-checklist", label: "admin.checklist.nav", icon: "check" },
  { path: "/admin/auth-report", label: "admin.authReport.nav", icon: "shield-exclamation-point" },
  { path: "/admin/access-report", label: "admin.accessReport.nav", icon: "shield-check" },
  { path: "/admin/tech-report", label: "admin.tech.nav", icon: "compass" },
  { path: "/admin/blog", label: "admin.blog.nav", icon: "newspaper" },
  { path: "/admin/content", label: "admin.content.nav", icon: "message-square-quote" },
  { path: "/admin/site", label: "admin.site.nav", icon: "monitor-smartphone" },
];

/**
 * The admin sidebar (product.md section 2), each entry with the roles that may open its screen
 * (app/auth/permissions.ts). The server checks the same roles in each screen's guard; hiding an
 * entry is only a courtesy.
 */
export const adminNavigation = entries.map((entry) => ({
  ...entry,
  roles: rolesOf(screenAt(entry.path)),
}));
