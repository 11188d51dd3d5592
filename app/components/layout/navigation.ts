/** The public navigation, shared by the header, the mobile menu and the footer (spec section 2). */
export const navigationLinks = [
  { label: "nav.home", to: "/" },
  { label: "nav.services", to: "/#services" },
  { label: "nav.testimonials", to: "/#testimonials" },
  { label: "nav.faq", to: "/#faq" },
  { label: "nav.blog", to: "/blog" },
  { label: "nav.contact", to: "/contact" },
  { label: "nav.affiliate", to: "/register/affiliate" },
] as const;

export const footerExploreLinks = navigationLinks.filter((link) => link.label !== "nav.faq");

/** After going home from another page, wait this long before scrolling to the section (spec 9). */
export const HASH_SCROLL_DELAY_MS = 100;
