import { BlogTeaser } from "#app/features/blog/blog-teaser.tsx";
import type { PostSummary } from "#app/features/blog/posts.server.ts";
import type { FaqItem, Testimonial } from "#app/features/content/home-items.server.ts";
import { Faq } from "#app/features/marketing/faq.tsx";
import { FiguresStrip } from "#app/features/marketing/figures-strip.tsx";
import { HowItWorks } from "#app/features/marketing/how-it-works.tsx";
import type { HowItWorks as Steps } from "#app/features/site/site-settings.server.ts";
import { Testimonials } from "#app/features/marketing/testimonials.tsx";
import { PreselectionSection } from "#app/features/preselection/preselection-section.tsx";

/**
 * The home page's sections after the services: how it works, the agency's figures, the
 * testimonials and on down, the pre-selection form among them.
 */
export function BelowTheFold({
  posts,
  faq,
  testimonials,
  howItWorks,
  figures,
  action,
}: {
  howItWorks: Steps;
  figures: { value: string; label: string }[];
  posts: PostSummary[];
  faq: FaqItem[];
  testimonials: Testimonial[];
  action: string;
}) {
  return (
    <>
      <HowItWorks content={howItWorks} />
      <FiguresStrip figures={figures} />
      <Testimonials items={testimonials} />
      <Faq items={faq} />
      <BlogTeaser posts={posts} />
      <PreselectionSection action={action} />
    </>
  );
}
