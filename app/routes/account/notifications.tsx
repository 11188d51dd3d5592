import { data, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { PreferencesForm } from "#app/features/staff-alerts/preferences-form.tsx";
import {
  readStaffAlerts,
  saveStaffAlerts,
  staffAlertsForm,
  type StaffAlertsResult,
} from "#app/features/staff-alerts/preferences.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
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
  const form = await parseForm(request, staffAlertsForm);
  if (form.crossSite) {
    return data<StaffAlertsResult>({ ok: false, errors: { mode: "validation.crossSite" } }, 403);
  }
  if (!form.success) {
    return data<StaffAlertsResult>({ ok: false, errors: fieldErrorsOf(form.error) }, 400);
  }
  await saveStaffAlerts(await getDatabase(), user.id, form.data);
  return data<StaffAlertsResult>({ ok: true });
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
