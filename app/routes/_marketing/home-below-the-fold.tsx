import { BlogTeaser } from "#app/features/blog/blog-teaser.tsx";
import type { PostSummary } from "#app/features/blog/posts.server.ts";
import type { FaqItem, Testimonial } from "#app/features/content/home-items.server.ts";
import type { TeamMember } from "#app/features/content/team.server.ts";
import { Team } from "#app/features/marketing/team.tsx";
import { Faq } from "#app/features/marketing/faq.tsx";
import { Testimonials } from "#app/features/marketing/testimonials.tsx";
import { PreselectionSection } from "#app/features/preselection/preselection-section.tsx";

/** The home page's sections from the testimonials down, the pre-selection form among them. */
export function BelowTheFold({
  posts,
  faq,
  testimonials,
  team,
  action,
}: {
  posts: PostSummary[];
  faq: FaqItem[];
  testimonials: Testimonial[];
  team: TeamMember[];
  action: string;
}) {
  return (
    <>
      <Testimonials items={testimonials} />
      <Team members={team} />
      <Faq items={faq} />
      <BlogTeaser posts={posts} />
      <PreselectionSection action={action} />
    </>
  );
}
