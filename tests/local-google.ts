import { OAuth2Server } from "oauth2-mock-server";

/** Who signs in at the provider: the claims its ID token and userinfo carry. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect server on this machine standing in for Google (the tests reach no
 * other host), signing its tokens with a fresh RS256 key. `signInAs` sets who the next sign-in
 * at the provider is; every identity's address counts as verified, as Google's do.
 */
export async function startLocalGoogle() {
  const server = new OAuth2Server();
  let identity: GoogleIdentity = { sub: "nobody", email: "nobody@example.com", name: "Nobody" };
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const claims = () => ({ ...identity, email_verified: true });
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims());
  });
  server.service.on("beforeUserinfo", (userinfo: { body: Record<string, unknown> }) => {
    userinfo.body = claims();
  });
  return {
    /** The issuer URL, for GOOGLE_ISSUER. */
    issuer: server.issuer.url!,
    signInAs(next: GoogleIdentity) {
      identity = next;
    },
    /**
     * The next sign-in is refused at the provider, which sends the browser back with `error`
     * (and `error_description`, the provider's words, when given).
     */
    refuseNext(error = "access_denied", description?: string) {
      server.service.once("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
        redirect.url.searchParams.delete("code");
        redirect.url.searchParams.set("error", error);
        if (description !== undefined) {
          redirect.url.searchParams.set("error_description", description);
        }
      });
    },
    stop: () => server.stop(),
  };
}
