import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { requireScreen } from "#app/auth/guards.server.ts";
import { mayAct } from "#app/auth/permissions.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { mergeApplications } from "#app/features/submissions/duplicates.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submission-merge";

// Digits only: Number() would also read "1e3" or " 7 " as an id.
const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,15}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

const mergeForm = z.object({
  other: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
  keep: z.enum(["this", "other"]),
  confirm: z.literal("yes", { message: "admin.duplicates.errors.unconfirmed" }),
});

type Result = { error: string };

/** What a refused merge answers with; a plain visit has nothing to do here. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplicationMerge");
  const id = idOf(params.id);
  const { t, strings } = pageContext(request);
  return {
    id,
    strings: strings("admin-detail"),
    title: pageTitle(t("admin.duplicates.mergeTitle")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * POST /admin/cadastros/:id/merge (admins; an approver may open the page her refusal is on, not
 * send it: 403 and nothing moves): `other` is the duplicate, `keep` says which of the two stays,
 * `confirm` the ticked box. Back to the application kept, which says what happened.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreen(request, "adminApplicationMerge");
  if (!mayAct(viewer.role, "adminApplicationMerge")) {
    return data<Result>({ error: "admin.duplicates.errors.forbidden" }, 403);
  }
  const form = await parseForm(request, mergeForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const id = idOf(params.id);
  if (!form.success) {
    const unconfirmed = form.error.issues.some((issue) => issue.path[0] === "confirm");
    return data<Result>(
      { error: unconfirmed ? "admin.duplicates.errors.unconfirmed" : "auth.errors.generic" },
      400,
    );
  }
  const { other, keep } = form.data;
  const [kept, merged] = keep === "this" ? [id, other] : [other, id];
  const result = await mergeApplications(await getDatabase(), {
    keep: kept,
    merge: merged,
    actor: { id: viewer.id, ip: clientIp(request) },
  });
  switch (result.outcome) {
    case "merged":
      throw redirect(`/admin/cadastros/${kept}?duplicates=merged`);
    case "missing":
      return data<Result>({ error: "admin.duplicates.errors.missing" }, 404);
    case "erased":
      return data<Result>({ error: "admin.duplicates.errors.erased" }, 409);
    case "paid-twice":
      return data<Result>({ error: "admin.duplicates.errors.paidTwice" }, 409);
    default:
      return data<Result>({ error: "admin.duplicates.errors.notDuplicates" }, 409);
  }
}

export default function MergeRefused({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const back = `/admin/cadastros/${loaderData.id}#duplicates`;
  return (
    <>
      <Link to={back} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
        ← {t("admin.duplicates.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">
        {t("admin.duplicates.mergeTitle")}
      </h1>
      <div className="mt-6 max-w-2xl">
        {actionData ? <FormMessage tone="error">{t(actionData.error)}</FormMessage> : null}
        <p>
          <Link to={back} className="font-semibold text-brand-700 underline underline-offset-2">
            {t("admin.duplicates.back")}
          </Link>
        </p>
      </div>
    </>
  );
}
