/**
 * What the server's request helpers read of a request: its method, URL and headers. A Fetch
 * `Request` is one; so is the light view the document cache takes of Node's request on a hit
 * (server/app.ts), where copying every header into a `Headers` would cost more than the answer.
 */
export interface RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}
