import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { teamAnswer } from "#app/features/submissions/team-answer.server.ts";
import {
  assignOwner,
  rateApplication,
  tagApplications,
  untagApplication,
} from "#app/features/submissions/team.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-team";

const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,14}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

const rowId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

/** One of the detail's team forms: its owner, a tag on or off, her rating or none. */
const teamForm = z.discriminatedUnion("intent", [
  // "" is nobody; "me" is whoever sends it.
  z.object({
    intent: z.literal("assign"),
    owner: z.string().max(100),
    return: z.string().optional(),
  }),
  z.object({ intent: z.literal("tag"), tag: rowId, return: z.string().optional() }),
  z.object({ intent: z.literal("untag"), tag: rowId, return: z.string().optional() }),
  z.object({
    intent: z.literal("rate"),
    // "" takes her rating away.
    stars: z.enum(["", "1", "2", "3", "4", "5"]).transform((v) => (v ? Number(v) : null)),
    return: z.string().optional(),
  }),
]);

/** A GET changes nothing: to her page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplicationTeam");
  return redirect(`/admin/cadastros/${idOf(params.id)}`);
}

/**
 * POST /admin/cadastros/:id/team (approvers and admins): who owns the application (recorded in
 * the access log), its tags, and the sender's own rating of it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplicationTeam");
  const form = await parseForm(request, teamForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  const id = idOf(params.id);
  if (!form.success) return data({ error: "admin.owner.invalid" }, 400);
  const input = form.data;
  const db = await getDatabase();
  const answer = (error: string | null, status = 200) =>
    teamAnswer(request, error ? { error } : { ok: true }, {
      status,
      back: input.return,
      allowed: (path) => path === `/admin/cadastros/${id}`,
    });
  switch (input.intent) {
    case "assign": {
      const owner = input.owner === "me" ? viewer.id : input.owner || null;
      const outcome = await assignOwner(db, {
        submissionId: id,
        ownerId: owner,
        actor: { id: viewer.id, ip: clientIp(request) },
      });
      if (outcome === "missing") throw data(null, { status: 404 });
      return outcome === "not-staff" ? answer("admin.owner.notStaff", 400) : answer(null);
    }
    case "tag": {
      const tagged = await tagApplications(db, { ids: [id], tagId: input.tag, actorId: viewer.id });
      return tagged.outcome === "unknown-tag" ? answer("admin.tags.unknown", 400) : answer(null);
    }
    case "untag":
      await untagApplication(db, { submissionId: id, tagId: input.tag });
      return answer(null);
    case "rate": {
      const rated = await rateApplication(db, {
        submissionId: id,
        userId: viewer.id,
        stars: input.stars,
      });
      if (rated === "missing") throw data(null, { status: 404 });
      return answer(null);
    }
  }
}
