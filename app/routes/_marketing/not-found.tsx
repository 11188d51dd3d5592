import { Home } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
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
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold tracking-widest text-coral-700 uppercase">
        {t("notFound.code")}
      </p>
      <h1 className="mt-4 text-4xl font-semibold tracking-tight sm:text-5xl">
        {t("notFound.title")}
      </h1>
      <p className="mt-4 text-lg text-ink-600">{t("notFound.text")}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden /> {t("notFound.home")}
        </Link>
      </Button>
    </div>
  );
}
