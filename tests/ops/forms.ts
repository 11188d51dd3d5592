import { expect } from "@playwright/test";

/**
 * A form posted as her browser posts it from the site's own page: the Origin and Sec-Fetch-Site
 * the cross-site check reads, her session cookie if she has one, and, behind the trusted proxy
 * these servers are told of, the address she comes from. Redirects are not followed: the answer
 * is what the server said.
 */
export function postForm(
  origin: string,
  pathname: string,
  fields: Record<string, string>,
  { cookie, ip }: { cookie?: string; ip?: string } = {},
) {
  return fetch(`${origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The session cookie a response set, as the browser would send it back. */
export function sessionCookie(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((line) => /^mare\.session_token=[^;]/.test(line));
  expect(cookie, "a session cookie").toBeTruthy();
  return cookie!.split(";")[0]!;
}

/** Signs in through the login form and returns her session cookie. */
export async function signedInCookie(
  origin: string,
  account: { email: string; password: string },
  ip?: string,
) {
  const { email, password } = account;
  return sessionCookie(await postForm(origin, "/login", { email, password }, { ip }));
}
