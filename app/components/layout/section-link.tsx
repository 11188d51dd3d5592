import type { ComponentProps } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { HASH_SCROLL_DELAY_MS } from "./navigation.ts";

function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // Move keyboard and screen-reader focus along with the view.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * A link that may point at a section of the home page ("/#faq"). On the home page it scrolls
 * smoothly; from another page it goes home first and scrolls after 100 ms (spec section 2).
 * Without JavaScript it is a plain link and the browser jumps to the section.
 */
export function SectionLink({
  to,
  onClick,
  ...props
}: ComponentProps<typeof Link> & { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [pathname, hash] = to.split("#") as [string, string | undefined];
  // On the page itself the link keeps the address's query (?lang=, ?ref=, an ad's utm_…): a tap
  // before the page's code has arrived is then a jump within the page, not a new page load.
  const samePage = hash !== undefined && location.pathname === pathname;

  return (
    <Link
      to={samePage ? { pathname, search: location.search, hash: `#${hash}` } : to}
      onClick={(event) => {
        onClick?.(event);
        if (!hash || event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (location.pathname === pathname) {
          // The router jumps to the section itself when it commits the new address. A smooth
          // scroll under way when it jumps lands past the section on a busy phone (the browser
          // adds the two), so the address is committed first and at once (flushSync), the view
          // put back where she was before anything is painted, and only then scrolled smoothly.
          const from = window.scrollY;
          void navigate(
            { pathname, search: location.search, hash: `#${hash}` },
            { preventScrollReset: true, replace: location.hash === `#${hash}`, flushSync: true },
          );
          window.scrollTo({ top: from, behavior: "instant" });
          scrollToSection(hash);
        } else {
          void navigate({ pathname, hash: `#${hash}` }, { preventScrollReset: true });
          window.setTimeout(() => scrollToSection(hash), HASH_SCROLL_DELAY_MS);
        }
      }}
      {...props}
    />
  );
}
