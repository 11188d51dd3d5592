import { BlogTeaser } from "~/features/blog/blog-teaser";
import { listPosts } from "~/features/blog/posts.server";
import { Faq } from "~/features/marketing/faq";
import { Hero } from "~/features/marketing/hero";
import { Services } from "~/features/marketing/services";
import { Testimonials } from "~/features/marketing/testimonials";
import { handlePreselection } from "~/features/preselection/preselection.server";
import { PreselectionSection } from "~/features/preselection/preselection-section";
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
      <Hero />
      <Services />
      <Testimonials />
      <Faq />
      <BlogTeaser posts={loaderData.posts} />
      <PreselectionSection action="/?index" />
    </>
  );
}
