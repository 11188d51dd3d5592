import { data, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { PreferencesForm } from "#app/features/staff-alerts/preferences-form.tsx";
import { readStaffAlerts, saveStaffAlerts } from "#app/features/staff-alerts/preferences.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, "accountNotifications");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("notifications", "areas"),
    title: pageTitle(t("notifications.title")),
    current: await readStaffAlerts(await getDatabase(), user.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreenAction(request, "accountNotifications");
  if (isCrossSiteRequest(request)) {
    return data({ ok: false as const, errors: { mode: "validation.crossSite" } }, 403);
  }
  const result = await saveStaffAlerts(await getDatabase(), user.id, await readForm(request));
  return data(result, result.ok ? 200 : 400);
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <AreaShell title={t("notifications.title")}>
      <div className="max-w-2xl">
        <PreferencesForm
          current={loaderData.current}
          result={actionData}
          busy={navigation.state !== "idle"}
        />
      </div>
    </AreaShell>
  );
}
