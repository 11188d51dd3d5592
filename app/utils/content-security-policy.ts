/**
 * The Content-Security-Policy of every HTML page: scripts run only with this response's nonce
 * (and what they load, via 'strict-dynamic'); everything else comes from this origin only.
 * Inline style attributes stay allowed: Radix positions popovers with them, and CSS cannot run code.
 *
 * A page kept in the document cache is sent as the same bytes to everyone, so it cannot carry a
 * per-response nonce: it names the hashes of its inline scripts instead (computed once, when it
 * is stored), and scripts from this origin. Not 'strict-dynamic' there: the modules that React
 * Router's inline module script imports would inherit no trust from a hash (only a nonce passes
 * on to them) and Chromium blocks them. See docs/decisions/015-cached-pages-at-static-speed.md.
 */
export function contentSecurityPolicy(
  /** This response's nonce, or the `'sha256-…'` sources of a stored page's inline scripts. */
  scripts: string | { hashes: string[] },
  {
    dev = false,
    formTargets = [],
    framedBySelf = false,
  }: {
    dev?: boolean;
    /**
     * Whether pages of this site may show this one in a frame (an article's preview); no other
     * site ever may, and no other page either.
     */
    framedBySelf?: boolean;
    /**
     * Other origins a form post may end up on. Browsers apply form-action to the redirects that
     * follow a post too: POST /auth/google answers with a redirect to Google's sign-in page.
     */
    formTargets?: string[];
  } = {},
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src":
      typeof scripts === "string"
        ? [`'nonce-${scripts}'`, "'strict-dynamic'", "'self'"]
        : [...scripts.hashes, "'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": dev ? ["'self'", "ws:"] : ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", ...formTargets],
    "frame-ancestors": [framedBySelf ? "'self'" : "'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
