import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Link } from "react-router";
import { StatusPage } from "#app/components/layout/status-page.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
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
