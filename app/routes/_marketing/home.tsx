import { getDatabase } from "#app/db/db.server.ts";
import { BlogTeaser } from "#app/features/blog/blog-teaser.tsx";
import { Faq } from "#app/features/marketing/faq.tsx";
import { FiguresStrip } from "#app/features/marketing/figures-strip.tsx";
import { Hero } from "#app/features/marketing/hero.tsx";
import { HowItWorks } from "#app/features/marketing/how-it-works.tsx";
import { Services } from "#app/features/marketing/services.tsx";
import { Team } from "#app/features/marketing/team.tsx";
import { Testimonials } from "#app/features/marketing/testimonials.tsx";
import { PreselectionSection } from "#app/features/preselection/preselection-section.tsx";
import { listPosts } from "#app/features/blog/posts.server.ts";
import { homeContent } from "#app/features/content/home-items.server.ts";
import { siteHome } from "#app/features/site/site-settings.server.ts";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { takeThankYou } from "#app/features/submissions/thank-you.server.ts";
import { data } from "react-router";
import { agency } from "#app/utils/agency.ts";
import { preselectionClientAction } from "#app/features/preselection/client-action.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import { seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t, seo, strings } = pageContext(request);
  const db = await getDatabase();
  const [posts, { faq, testimonials, team, hero }, { figures, howItWorks }, { thanks, headers }] =
    await Promise.all([
      listPosts(db, language, 3),
      homeContent(db, language),
      siteHome(db, language),
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
    figures,
    howItWorks,
    team,
    hero,
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
      <Hero image={loaderData.hero} />
      <Services />
      <HowItWorks content={loaderData.howItWorks} />
      <FiguresStrip figures={loaderData.figures} />
      <Testimonials items={loaderData.testimonials} />
      <Team members={loaderData.team} />
      <Faq items={loaderData.faq} />
      <BlogTeaser posts={loaderData.posts} />
      <PreselectionSection action="/?index" thanks={loaderData.thanks} />
    </>
  );
}
