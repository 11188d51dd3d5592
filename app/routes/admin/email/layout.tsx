import { Outlet } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { pageStrings } from "#app/i18n/resources.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { EmailTabs } from "#app/mail/admin/email-tabs.tsx";
import type { Route } from "./+types/layout";

/**
 * /admin/email (admin only): its heading and the tabs between its screens, each a route of its
 * own that loads only what it shows and answers only its own forms.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminEmail");
  return { strings: pageStrings(request, ["admin-email", "contact-templates"]) };
}

export default function AdminEmailLayout() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.email.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-600">{t("admin.email.intro")}</p>
      <EmailTabs />
      <div className="mt-6">
        <Outlet />
      </div>
    </>
  );
}
