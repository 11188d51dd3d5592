import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { teamAnswer } from "#app/features/submissions/team-answer.server.ts";
import { tagApplications } from "#app/features/submissions/team.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import type { Route } from "./+types/bulk-tag";

const BULK_MAX = 200;

const bulkTagForm = z.object({
  tag: z
    .string({ error: "admin.tags.choose" })
    .regex(/^[1-9]\d{0,14}$/, { error: "admin.tags.choose" })
    .transform(Number),
  // The ticked rows (the list's bulk form), each once; what is no row's id is left out.
  id: z
    .array(z.string().catch(""), { error: "admin.bulk.chooseRows" })
    .transform((ids) => [...new Set(ids.filter((id) => /^[1-9]\d{0,14}$/.test(id)).map(Number))])
    .refine((ids) => ids.length > 0, { error: "admin.bulk.chooseRows" })
    .refine((ids) => ids.length <= BULK_MAX, { error: "admin.bulk.tooMany" }),
  return: z.string().optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminBulkTag");
  return redirect("/admin/cadastros");
}

/**
 * POST /admin/bulk-tag (approvers and admins): one tag on the ticked applications of the list,
 * in one statement. The boxes are the list's bulk selection (its form `#bulk`); the list's
 * decision fields that come along are not read.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminBulkTag");
  const form = await parseForm(request, bulkTagForm, {
    fields: BULK_MAX + 10,
    repeated: ["id"],
  });
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  const allowed = (path: string) => reviewLists.some((list) => list.path === path);
  if (!form.success) {
    const errors = fieldErrorsOf(form.error);
    const error = errors.tag ?? errors.id ?? "admin.bulk.chooseRows";
    return teamAnswer(request, { error }, { status: 400, allowed });
  }
  const { id: ids, tag } = form.data;
  const tagged = await tagApplications(await getDatabase(), {
    ids,
    tagId: tag,
    actorId: viewer.id,
  });
  if (tagged.outcome === "unknown-tag") {
    return teamAnswer(request, { error: "admin.tags.unknown" }, { status: 400, allowed });
  }
  return teamAnswer(
    request,
    { ok: true, count: tagged.count },
    { back: form.data.return, allowed },
  );
}
