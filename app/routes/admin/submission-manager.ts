import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { managerAnswer } from "#app/features/managers/answer.server.ts";
import { assignManager } from "#app/features/managers/assign.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-manager";

const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,14}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

// "me" is whoever sends it; anything else an account's id, checked against the staff.
const managerForm = z.object({
  manager: z.string().trim().min(1).max(100),
  return: z.string().optional(),
});

/** A GET changes nothing: to her page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplicationManager");
  return redirect(`/admin/cadastros/${idOf(params.id)}`);
}

/**
 * POST /admin/cadastros/:id/manager (approvers and admins): her talent manager, an approver or
 * an admin (assign.server.ts checks whom), once she is approved.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplicationManager");
  const form = await parseForm(request, managerForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  const id = idOf(params.id);
  const back = form.success ? form.data.return : form.values.return;
  const answer = (outcome: "assigned" | "same" | "notStaff" | "required" | "notApproved") =>
    managerAnswer(
      request,
      { ok: outcome === "assigned" || outcome === "same", outcome },
      {
        status: outcome === "assigned" || outcome === "same" ? 200 : 400,
        back,
        allowed: (path) => path === `/admin/cadastros/${id}`,
      },
    );
  if (!form.success) return answer("required");
  const managerId = form.data.manager === "me" ? viewer.id : form.data.manager;
  const result = await assignManager(await getDatabase(), {
    submissionIds: [id],
    managerId,
    actor: { id: viewer.id, ip: clientIp(request) },
  });
  if (result.outcome === "not-staff") return answer("notStaff");
  if (result.skipped.length) return answer("notApproved");
  return answer(result.changed.length ? "assigned" : "same");
}
