/** What the home page's edited lists hold (home_items.kind): questions and answers, and creators' words. */
export const homeItemKinds = ["faq", "testimonial"] as const;
export type HomeItemKind = (typeof homeItemKinds)[number];
