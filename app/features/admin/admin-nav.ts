import {
  ClipboardList,
  Clock,
  LayoutDashboard,
  ThumbsDown,
  ThumbsUp,
  type LucideIcon,
} from "lucide-react";
import type { Role } from "~/db/schema.server";
import type { SubmissionStatus as Status } from "~/features/submissions/statuses";

/** The review lists: one screen, four filters (spec section 2's admin child routes). */
export const reviewLists = [
  { path: "/admin/cadastros", status: undefined, label: "admin.nav.all", icon: ClipboardList },
  { path: "/admin/pendentes", status: "Pendente", label: "admin.nav.pending", icon: Clock },
  { path: "/admin/aprovados", status: "Aprovado", label: "admin.nav.approved", icon: ThumbsUp },
  { path: "/admin/reprovados", status: "Reprovado", label: "admin.nav.rejected", icon: ThumbsDown },
] as const satisfies readonly { path: string; status?: Status; label: string; icon: LucideIcon }[];

/**
 * The admin sidebar (product.md section 2): each entry with the roles that see it. The server
 * checks the same roles in each screen's loader; hiding an entry is only a courtesy.
 */
export const adminNavigation = [
  {
    path: "/admin/dashboard",
    label: "admin.nav.dashboard",
    icon: LayoutDashboard,
    roles: ["approver", "admin"],
  },
  ...reviewLists.map((list) => ({ ...list, roles: ["approver", "admin"] as const })),
] as const satisfies readonly {
  path: string;
  label: string;
  icon: LucideIcon;
  roles: readonly Role[];
}[];
