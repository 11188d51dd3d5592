import { hydrateWhenVisible } from "~/components/ui/hydrate-when-visible";
import { listPosts } from "~/features/blog/posts.server";
import { handlePreselection } from "~/features/preselection/preselection.server";
import { agency } from "~/utils/agency";
import { preselectionClientAction } from "~/features/preselection/client-action";
import { pageContext } from "~/utils/page.server";
import { pageWithActionHeaders } from "~/utils/route-headers";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  const { language, t, seo, strings } = pageContext(request);
  return {
    strings: strings("marketing", "blog", "preselection"),
    seo: seo({
      title: `${agency.name} | ${t("meta.tagline")}`,
      description: t("meta.homeDescription"),
      path: "/",
    }),
    posts: listPosts(language, 3),
  };
}

// The hero and the services are text and links: their code comes when she first points at them.
const FirstScreen = hydrateWhenVisible(
  "home-first-screen",
  () => import("./home-first-screen").then((module) => module.FirstScreen),
  { until: "used" },
);

// Below the services, a phone's first screen ends: the rest of the page, the form with it, brings
// its code when the visitor scrolls towards it (decision 019).
const BelowTheFold = hydrateWhenVisible("home-below-the-fold", () =>
  import("./home-below-the-fold").then((module) => module.BelowTheFold),
);

// Reached by a client-side navigation, the page renders with that code, never without it.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), FirstScreen.preload(), BelowTheFold.preload()]);
  return data;
}

export const headers = pageWithActionHeaders;

export const clientAction = preselectionClientAction;

export function action({ request }: Route.ActionArgs) {
  return handlePreselection(request, "form");
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FirstScreen />
      <BelowTheFold posts={loaderData.posts} action="/?index" />
    </>
  );
}
