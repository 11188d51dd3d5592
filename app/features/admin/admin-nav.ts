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

/** The sidebar's groups, in order: what the staff do, then whom, then what they publish. */
export const adminNavGroups = ["review", "people", "content", "settings", "reports"] as const;
export type AdminNavGroup = (typeof adminNavGroups)[number];

interface Entry {
  path: ScreenPath;
  label: string;
  icon: IconName;
  group: AdminNavGroup;
}

const entries: readonly Entry[] = [
  {
    path: "/admin/dashboard",
    label: "admin.nav.dashboard",
    icon: "layout-dashboard",
    group: "review",
  },
  ...reviewLists.map(({ path, label, icon }): Entry => ({ path, label, icon, group: "review" })),
  { path: "/admin/agenda", label: "admin.nav.agenda", icon: "calendar-clock", group: "review" },
  { path: "/admin/onboarding", label: "admin.onboarding.nav", icon: "user-check", group: "review" },
  {
    path: "/admin/statements",
    label: "admin.statements.nav",
    icon: "trending-up",
    group: "people",
  },
  { path: "/admin/afiliados", label: "admin.affiliates.nav", icon: "badge-check", group: "people" },
  // The admin's payout batches (issue 31).
  {
    path: "/admin/afiliados/pagamentos",
    label: "admin.payouts.nav",
    icon: "send",
    group: "people",
  },
  { path: "/admin/users", label: "admin.users.nav", icon: "lock-keyhole", group: "people" },
  { path: "/admin/blog", label: "admin.blog.nav", icon: "newspaper", group: "content" },
  {
    path: "/admin/content",
    label: "admin.content.nav",
    icon: "message-square-quote",
    group: "content",
  },
  { path: "/admin/site", label: "admin.site.nav", icon: "monitor-smartphone", group: "content" },
  { path: "/admin/profile", label: "manager.nav", icon: "user-check", group: "settings" },
  { path: "/admin/email", label: "admin.email.nav", icon: "mail", group: "settings" },
  { path: "/admin/contracts", label: "admin.contracts.nav", icon: "pencil", group: "settings" },
  { path: "/admin/tags", label: "admin.tags.nav", icon: "tag", group: "settings" },
  { path: "/admin/privacy", label: "admin.privacy.nav", icon: "shield-check", group: "settings" },
  {
    path: "/admin/production-checklist",
    label: "admin.checklist.nav",
    icon: "check",
    group: "settings",
  },
  {
    path: "/admin/analytics",
    label: "admin.analytics.title",
    icon: "chart-column",
    group: "reports",
  },
  {
    path: "/admin/auth-report",
    label: "admin.authReport.nav",
    icon: "shield-exclamation-point",
    group: "reports",
  },
  {
    path: "/admin/access-report",
    label: "admin.accessReport.nav",
    icon: "shield-check",
    group: "reports",
  },
  { path: "/admin/tech-report", label: "admin.tech.nav", icon: "compass", group: "reports" },
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
