/**
 * The Content-Security-Policy of every HTML page: scripts run only with this response's nonce
 * (and what they load, via 'strict-dynamic'); everything else comes from this origin only.
 * Inline style attributes stay allowed: Radix positions popovers with them, and CSS cannot run code.
 */
export function contentSecurityPolicy(
  nonce: string,
  {
    dev = false,
    formTargets = [],
  }: {
    dev?: boolean;
    /**
     * Other origins a form post may end up on. Browsers apply form-action to the redirects that
     * follow a post too: POST /auth/google answers with a redirect to Google's sign-in page.
     */
    formTargets?: string[];
  } = {},
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": dev ? ["'self'", "ws:"] : ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", ...formTargets],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
