import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import {
  deleteView,
  renameView,
  saveView,
  viewHref,
} from "#app/features/submissions/saved-views.server.ts";
import { teamAnswer } from "#app/features/submissions/team-answer.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/saved-views";

const name = z
  .string({ error: "admin.views.nameRequired" })
  .transform((value) => storableText(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: "admin.views.nameRequired" })
      .max(60, { error: "admin.views.nameTooLong" }),
  );
const viewId = z
  .string({ error: "admin.views.missing" })
  .regex(/^[1-9]\d{0,14}$/, { error: "admin.views.missing" })
  .transform(Number);

const viewForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("save"),
      name,
      href: z.string().max(2000),
      return: z.string().optional(),
    }),
    z.object({ intent: z.literal("rename"), id: viewId, name, return: z.string().optional() }),
    z.object({ intent: z.literal("delete"), id: viewId, return: z.string().optional() }),
  ],
  { error: "admin.views.missing" },
);

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminSavedViews");
  return redirect("/admin/cadastros");
}

/**
 * POST /admin/views (approvers and admins): save the list she is looking at under a name, or
 * rename or delete one of hers. Every change names her id in its WHERE clause: another's view
 * id is answered as a view that does not exist.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminSavedViews");
  const form = await parseForm(request, viewForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  const allowed = (path: string) => reviewLists.some((list) => list.path === path);
  if (!form.success) {
    const errors = fieldErrorsOf(form.error);
    return teamAnswer(
      request,
      { error: errors.name ?? errors.id ?? "admin.views.missing" },
      { status: 400, allowed },
    );
  }
  const input = form.data;
  const db = await getDatabase();
  let outcome;
  if (input.intent === "save") {
    const href = viewHref(input.href);
    if (!href)
      return teamAnswer(request, { error: "admin.views.notAList" }, { status: 400, allowed });
    outcome = await saveView(db, { userId: viewer.id, name: input.name, href });
  } else if (input.intent === "rename") {
    outcome = await renameView(db, { userId: viewer.id, id: input.id, name: input.name });
  } else {
    outcome = await deleteView(db, { userId: viewer.id, id: input.id });
  }
  switch (outcome) {
    case "saved":
      return teamAnswer(request, { ok: true }, { back: input.return, allowed });
    case "taken":
      return teamAnswer(request, { error: "admin.views.taken" }, { status: 409, allowed });
    case "full":
      return teamAnswer(request, { error: "admin.views.full" }, { status: 409, allowed });
    default:
      return teamAnswer(request, { error: "admin.views.missing" }, { status: 404, allowed });
  }
}
