import { BlogTeaser } from "#app/features/blog/blog-teaser.tsx";
import type { PostSummary } from "#app/features/blog/posts.server.ts";
import type { FaqItem, Testimonial } from "#app/features/content/home-items.server.ts";
import { Faq } from "#app/features/marketing/faq.tsx";
import { Testimonials } from "#app/features/marketing/testimonials.tsx";
import { PreselectionSection } from "#app/features/preselection/preselection-section.tsx";
import type { ReplyPromise } from "#app/features/submissions/thank-you.ts";

/** The home page's sections from the testimonials down, the pre-selection form among them. */
export function BelowTheFold({
  posts,
  faq,
  testimonials,
  action,
  thanks,
}: {
  posts: PostSummary[];
  faq: FaqItem[];
  testimonials: Testimonial[];
  action: string;
  thanks: ReplyPromise | null;
}) {
  return (
    <>
      <Testimonials items={testimonials} />
      <Faq items={faq} />
      <BlogTeaser posts={posts} />
      <PreselectionSection action={action} thanks={thanks} />
    </>
  );
}
