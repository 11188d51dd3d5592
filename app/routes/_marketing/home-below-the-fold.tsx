import { BlogTeaser } from "~/features/blog/blog-teaser";
import type { PostSummary } from "~/features/blog/posts.server";
import { Faq } from "~/features/marketing/faq";
import { Testimonials } from "~/features/marketing/testimonials";
import { PreselectionSection } from "~/features/preselection/preselection-section";

/**
 * The home page's sections from the testimonials down, the pre-selection form among them: their
 * code loads when the visitor scrolls near them (home.tsx, decision 019).
 */
export function BelowTheFold({ posts, action }: { posts: PostSummary[]; action: string }) {
  return (
    <>
      <Testimonials />
      <Faq />
      <BlogTeaser posts={posts} />
      <PreselectionSection action={action} />
    </>
  );
}
