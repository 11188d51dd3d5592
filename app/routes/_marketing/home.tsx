import { getDatabase } from "#app/db/db.server.ts";
import { listPosts } from "#app/features/blog/posts.server.ts";
import { homeContent } from "#app/features/content/home-items.server.ts";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { takeThankYou } from "#app/features/submissions/thank-you.server.ts";
import { data } from "react-router";
import { agency } from "#app/utils/agency.ts";
import { preselectionClientAction } from "#app/features/preselection/client-action.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/home";
import { BelowTheFold } from "./home-below-the-fold.tsx";
import { FirstScreen } from "./home-first-screen.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t, seo, strings } = pageContext(request);
  const db = await getDatabase();
  const [posts, { faq, testimonials }, { thanks, headers }] = await Promise.all([
    listPosts(db, language, 3),
    homeContent(db, language),
    takeThankYou(request),
  ]);
  const page = {
    strings: strings("marketing", "blog", "preselection"),
    seo: seo({
      title: `${agency.name} | ${t("meta.tagline")}`,
      description: t("meta.homeDescription"),
      path: "/",
    }),
    posts,
    faq,
    testimonials,
    thanks,
  };
  return data(page, { headers });
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
        thanks={loaderData.thanks}
      />
    </>
  );
}
