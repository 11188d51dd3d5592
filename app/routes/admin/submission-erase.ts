import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { applicationOwner } from "#app/features/submissions/submissions.server.ts";
import { erasePerson } from "#app/features/privacy/erasure.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-erase";

const detail = (id: number, result?: string) =>
  `/admin/cadastros/${id}${result ? `?privacy=${result}` : ""}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplicationErase");
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return redirect(detail(id));
}

/**
 * POST /admin/cadastros/:id/erase (admin only, with the box ticked): erases the person of this
 * application, as her own confirmed request would: every application with her address and her
 * model account, in one transaction, recorded in the access log. Back to the application's page.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplicationErase");
  const form = await parseForm(request, z.object({ confirm: z.literal("yes") }));
  if (form.crossSite) throw data(null, { status: 403 });
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  if (!form.success) throw redirect(detail(id, "unconfirmed"));
  const db = await getDatabase();
  const application = await applicationOwner(db, id);
  if (!application) throw data(null, { status: 404 });
  if (application.erasedAt) throw redirect(detail(id, "erased"));
  await erasePerson(db, {
    email: application.email,
    by: { kind: "admin", id: viewer.id, ip: clientIp(request) },
    subject: `submission:${id}`,
  });
  throw redirect(detail(id, "erased"));
}
