import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { managerAnswer } from "#app/features/managers/answer.server.ts";
import { assignManager } from "#app/features/managers/assign.server.ts";
import { BULK_MAX } from "#app/features/managers/outcomes.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/bulk-manager";

const bulkManagerForm = z.object({
  manager: z.string({ error: "required" }).trim().min(1, "required").max(100, "required"),
  // The ticked rows (the list's bulk form), each once; what is no row's id is left out.
  id: z
    .array(z.string().catch(""), { error: "chooseRows" })
    .transform((ids) => [...new Set(ids.filter((id) => /^[1-9]\d{0,14}$/.test(id)).map(Number))])
    .refine((ids) => ids.length > 0, { error: "chooseRows" })
    .refine((ids) => ids.length <= BULK_MAX, { error: "tooMany" }),
  return: z.string().optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminBulkManager");
  return redirect("/admin/aprovados");
}

/**
 * POST /admin/bulk-manager (approvers and admins): one talent manager for the ticked approved
 * applications of the list, in one transaction (assign.server.ts). The boxes are the list's
 * bulk selection (its form `#bulk`); the other fields that come along are not read.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminBulkManager");
  const form = await parseForm(request, bulkManagerForm, {
    fields: BULK_MAX + 10,
    repeated: ["id"],
  });
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  const back = form.success ? form.data.return : form.values.return;
  const allowed = (path: string) => reviewLists.some((list) => list.path === path);
  if (!form.success) {
    const errors = fieldErrorsOf(form.error);
    const outcome = errors.manager === "required" ? "required" : (errors.id ?? "chooseRows");
    return managerAnswer(
      request,
      {
        ok: false,
        outcome:
          outcome === "tooMany" ? "tooMany" : outcome === "required" ? "required" : "chooseRows",
      },
      { status: 400, back, allowed },
    );
  }
  const { manager, id: ids } = form.data;
  const result = await assignManager(await getDatabase(), {
    submissionIds: ids,
    managerId: manager === "me" ? viewer.id : manager,
    actor: { id: viewer.id, ip: clientIp(request) },
  });
  if (result.outcome === "not-staff") {
    return managerAnswer(
      request,
      { ok: false, outcome: "notStaff" },
      { status: 400, back, allowed },
    );
  }
  const counts = {
    changed: result.changed.length,
    unchanged: result.unchanged.length,
    skipped: result.skipped.length,
  };
  return managerAnswer(request, { ok: true, outcome: "bulk", counts }, { back, allowed });
}
