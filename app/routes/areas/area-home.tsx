import { useTranslation } from "~/i18n/translation";
import { areas } from "~/auth/permissions";
import { requireArea } from "~/auth/session.server";
import { AreaShell, ComingSoon } from "~/components/layout/area-shell";
import { pageContext } from "~/utils/page.server";
import { pageTitle } from "~/utils/seo";
import type { Route } from "./+types/area-home";

/** The model's dashboard and the affiliate's portal: one screen each, read from the path. */
const homes = {
  [areas.modelDashboard.path]: { area: "modelDashboard", texts: "account.dashboardModel" },
  [areas.affiliatePortal.path]: { area: "affiliatePortal", texts: "account.portal" },
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const home = homes[path as keyof typeof homes];
  const user = await requireArea(request, home.area);
  const { t } = pageContext(request);
  return {
    title: pageTitle(t(`${home.texts}.title`)),
    texts: home.texts,
    name: user.name.split(" ")[0],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function AreaHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaShell title={t(`${loaderData.texts}.title`)}>
      <ComingSoon
        greeting={t("account.greeting", { name: loaderData.name })}
        text={t(`${loaderData.texts}.text`)}
      />
    </AreaShell>
  );
}
