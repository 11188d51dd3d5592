import { useTranslation } from "react-i18next";
import { requireArea } from "~/auth/session.server";
import { AreaShell, ComingSoon } from "~/components/layout/area-shell";
import { pageContext } from "~/utils/page.server";
import { pageTitle } from "~/utils/seo";
import type { Route } from "./+types/affiliate-portal";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireArea(request, "affiliatePortal");
  const { t } = pageContext(request);
  return { title: pageTitle(t("account.portal.title")), name: user.name.split(" ")[0] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaShell title={t("account.portal.title")}>
      <ComingSoon
        greeting={t("account.greeting", { name: loaderData.name })}
        text={t("account.portal.text")}
      />
    </AreaShell>
  );
}
