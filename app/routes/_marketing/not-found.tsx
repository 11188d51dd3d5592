import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/translation";
import { data, Link } from "react-router";
import { StatusPage } from "~/components/layout/status-page";
import { buttonVariants } from "~/components/ui/button";
import { pageContext } from "~/utils/page.server";
import { pageTitle } from "~/utils/seo";
import type { Route } from "./+types/not-found";

// Any path no other route claims: a real 404 status with a helpful page.
export function loader({ request }: Route.LoaderArgs) {
  const { t } = pageContext(request);
  return data({ title: pageTitle(t("meta.notFoundTitle")) }, { status: 404 });
}

// Posting to an unknown path is a 404 too, not a "method not allowed".
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "404" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage code={t("notFound.code")} title={t("notFound.title")} text={t("notFound.text")}>
      <Link to="/" className={buttonVariants({ size: "lg" })}>
        <Icon name="house" /> {t("notFound.home")}
      </Link>
    </StatusPage>
  );
}
