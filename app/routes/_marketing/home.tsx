import { hydrateWhenVisible } from "#app/components/ui/hydrate-when-visible.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { listPosts } from "#app/features/blog/posts.server.ts";
import { homeContent } from "#app/features/content/home-items.server.ts";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { agency } from "#app/utils/agency.ts";
import { preselectionClientAction } from "#app/features/preselection/client-action.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t, seo, strings } = pageContext(request);
  const db = await getDatabase();
  const [posts, { faq, testimonials }] = await Promise.all([
    listPosts(db, language, 3),
    homeContent(db, language),
  ]);
  return {
    strings: strings("marketing", "blog", "preselection"),
    seo: seo({
      title: `${agency.name} | ${t("meta.tagline")}`,
      description: t("meta.homeDescription"),
      path: "/",
    }),
    posts,
    faq,
    testimonials,
  };
}

// The hero and the services are text and links: their code comes when she first points at them.
const FirstScreen = hydrateWhenVisible(
  "home-first-screen",
  () => import("./home-first-screen.tsx").then((module) => module.FirstScreen),
  { until: "used" },
);

// Below the services, a phone's first screen ends: the rest of the page, the form with it, brings
// its code when the visitor scrolls towards it (decision 019).
const BelowTheFold = hydrateWhenVisible("home-below-the-fold", () =>
  import("./home-below-the-fold.tsx").then((module) => module.BelowTheFold),
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
      <BelowTheFold
        posts={loaderData.posts}
        faq={loaderData.faq}
        testimonials={loaderData.testimonials}
        action="/?index"
      />
    </>
  );
}
