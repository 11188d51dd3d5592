/**
 * The agency's profiles on the networks whose icons the footer shows. Browser-safe: the footer
 * draws the icons from this list; the server checks what the Site screen sends with
 * `socialProfileUrl` and checks again what it reads back before a page links to it.
 */

import type { SocialNetworkId } from "#app/components/layout/social-icons.tsx";

/**
 * The hosts a profile may be on: the network's own, exactly (a lookalike such as
 * facebook.com.evil.example, faceb00k.com or a homoglyph's punycode is another host).
 * LinkedIn also serves profiles on country hosts (br.linkedin.com).
 */
const profileHosts: Record<SocialNetworkId, (host: string) => boolean> = {
  facebook: (host) => ["facebook.com", "www.facebook.com", "m.facebook.com"].includes(host),
  x: (host) => ["x.com", "www.x.com", "twitter.com", "www.twitter.com"].includes(host),
  instagram: (host) => ["instagram.com", "www.instagram.com"].includes(host),
  linkedin: (host) => host === "linkedin.com" || /^(www|[a-z]{2})\.linkedin\.com$/.test(host),
};

export const MAX_PROFILE_URL = 300;

// Whitespace anywhere inside, control and invisible formatting characters, and the backslash
// (which browsers read as "/"): a real profile address has none of them.
const UNSAFE = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;

/**
 * The profile's address as a link will carry it (the parsed form, never the raw text), or null
 * when it is not an https address of a page on that network's own host: no other scheme
 * (javascript:, data:, http:), no user name or password, no port, and a path (the bare host is
 * the network, not the agency's profile).
 */
export function socialProfileUrl(network: SocialNetworkId, value: string): string | null {
  if (value.length > MAX_PROFILE_URL || UNSAFE.test(value)) return null;
  if (!value.toLowerCase().startsWith("https://")) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  if (!profileHosts[network](url.hostname)) return null;
  if (url.pathname.replace(/\/+$/, "") === "") return null;
  return url.href;
}
