/** The longest each of a translation's texts may be (the editor's form and the server's check). */
export const LIMITS = {
  title: 160,
  /** What search results show of a title before cutting it (about 60–70 characters). */
  seoTitle: 70,
  category: 40,
  excerpt: 300,
  description: 170,
  coverAlt: 250,
} as const;
