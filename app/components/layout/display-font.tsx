import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/*
 * The display font (Fraunces) never holds up a first paint (decision 017). Headings use the
 * system serif until the font is in the browser's cache: it is fetched once a page has loaded,
 * and `display-font` on <html> switches the headings to it on the next page, never mid-page.
 */
const storageKey = "mare:display-font";
const className = "display-font";
const face = '600 1em "Fraunces"';

/**
 * Runs in <head> before the first paint, without the app's code: marks <html> when an earlier page
 * fetched the font, and fetches it a second after this page has loaded: well after its first
 * paint, which on a fast connection can come after the load event itself. CSP: the rendered page's nonce, or
 * the stored page's hash of this text (app/utils/document-cache.server.ts).
 */
export const displayFontScript = `try{localStorage.getItem("${storageKey}")&&document.documentElement.classList.add("${className}")}catch(e){}addEventListener("load",function(){setTimeout(function(){document.fonts.load('${face}').then(function(f){f.length&&localStorage.setItem("${storageKey}","1")}).catch(function(){})},1e3)})`;

/** A client-side navigation is a new page too: once the font is here, it uses it. */
export function DisplayFontOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (document.fonts.check(face)) document.documentElement.classList.add(className);
  }, [pathname]);
  return null;
}
