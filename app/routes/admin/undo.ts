import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { safeReturnPath } from "#app/auth/permissions.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { undoDecision, undoDecisions } from "#app/features/submissions/undo.server.ts";
import { undoParams } from "#app/features/submissions/undo.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/undo";

const BULK_MAX = 200;

const undoForm = z.object({
  decision: z
    .array(z.string().regex(/^[1-9]\d{0,14}$/))
    .min(1)
    .max(BULK_MAX)
    .transform((ids) => [...new Set(ids.map(Number))]),
  back: z.string().default(""),
});

/** Where she undid it from: a page of the review, without the notices of before. */
function backTo(value: string, params: Record<string, string>) {
  const path = safeReturnPath(value);
  const url = new URL(
    path?.startsWith("/admin/") ? path : "/admin/pendentes",
    "http://back.invalid",
  );
  for (const key of ["notice", ...Object.keys(undoParams({ undo: "done" }))]) {
    url.searchParams.delete(key);
  }
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

/** A GET changes nothing: to the pending list. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminUndo");
  return redirect("/admin/pendentes");
}

/**
 * POST /admin/undo: takes back the decisions named (one, or a bulk decision's batch), each only
 * by its decider and within its minute; back to the page she came from, which says how it went.
 * A plain form: it works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminUndo");
  const form = await parseForm(request, undoForm, {
    fields: BULK_MAX + 5,
    repeated: ["decision"],
  });
  if (form.crossSite) throw data(null, { status: 403 });
  if (!form.success) throw data(null, { status: 400 });
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const { decision: ids, back } = form.data;
  if (ids.length === 1) {
    const result = await undoDecision(db, ids[0]!, actor);
    // Someone else's decision (or none): refused outright, with nothing to show.
    if (result.outcome === "forbidden" || result.outcome === "not-found") {
      throw data(null, { status: result.outcome === "forbidden" ? 403 : 404 });
    }
    throw redirect(
      backTo(back, undoParams({ undo: result.outcome === "undone" ? "done" : result.outcome })),
    );
  }
  const counts = await undoDecisions(db, ids, actor);
  if (counts.forbidden === ids.length) throw data(null, { status: 403 });
  throw redirect(
    backTo(
      back,
      undoParams({
        undo: counts.refused + counts.forbidden ? "partial" : "done",
        count: counts.undone,
      }),
    ),
  );
}
