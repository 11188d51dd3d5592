import { data, redirect, useSearchParams } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { herIdentity } from "#app/features/identity/checks.server.ts";
import { HerIdentityCheck, type IdentityUploadResult } from "#app/features/identity/her-check.tsx";
import { receiveIdentityCheck } from "#app/features/identity/receive.server.ts";
import { readIdentityImageDays } from "#app/features/identity/retention.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/identity";

/*
 * /dashboard/model/identity (models; issue 30): her identity check, linked from her onboarding
 * card's identity step. She names her document and sends its photos and a selfie holding it, as
 * a plain multipart form (no JavaScript needed; a phone offers its camera); then she reads its
 * state here. A refused upload comes back here with the reason and the type she chose.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelIdentity");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const [identity, setting] = await Promise.all([
    herIdentity(db, viewer),
    readIdentityImageDays(db),
  ]);
  return {
    strings: strings("model", "areas", "identity"),
    title: pageTitle(t("identity.her.title")),
    identity,
    days: setting.days,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "modelIdentity");
  const answer = await receiveIdentityCheck(await getDatabase(), viewer, request);
  if (answer.status === 303) return redirect("/dashboard/model/identity?sent=1", 303);
  return data<IdentityUploadResult>(answer.result, answer.status);
}

export default function IdentityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { identity } = loaderData;
  return (
    <AreaShell title={t("identity.her.title")}>
      <div className="mt-6 max-w-3xl space-y-6">
        {identity ? (
          <HerIdentityCheck
            identity={identity}
            days={loaderData.days}
            sent={params.has("sent")}
            result={actionData}
          />
        ) : (
          <>
            {actionData?.error ? (
              <FormMessage tone="error">{t(actionData.error)}</FormMessage>
            ) : null}
            <p className="text-ink-700">{t("identity.her.none")}</p>
          </>
        )}
        <p>
          <a href="/dashboard/model" className="text-sm font-semibold text-brand-800 underline">
            {t("identity.her.back")}
          </a>
        </p>
      </div>
    </AreaShell>
  );
}
