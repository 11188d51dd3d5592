import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { Logo } from "#app/components/layout/logo.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/permission-denied";

export function loader({ request }: Route.LoaderArgs) {
  const { t } = pageContext(request);
  return { title: pageTitle(t("meta.permissionDeniedTitle")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

// Shown without the site's navigation bar and footer (spec section 2).
export default function PermissionDenied() {
  const { t } = useTranslation();
  return (
    <main
      id="main-content"
      className="flex min-h-dvh flex-col items-center justify-center px-4 py-16 text-center"
    >
      <Link to="/" aria-label={t("a11y.homeLink")} className="rounded-full">
        <Logo />
      </Link>
      <div className="mt-12 grid size-16 place-items-center rounded-full bg-coral-300/30">
        <Icon name="shield-exclamation-point" className="size-8 text-coral-700" />
      </div>
      <h1 className="mt-6 text-4xl font-semibold tracking-tight">{t("permissionDenied.title")}</h1>
      <p className="mt-4 max-w-md text-lg text-ink-600">{t("permissionDenied.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants({ size: "lg" })}>
          {t("permissionDenied.home")}
        </Link>
        <Link to="/login" className={buttonVariants({ variant: "secondary", size: "lg" })}>
          {t("permissionDenied.login")}
        </Link>
      </div>
    </main>
  );
}
