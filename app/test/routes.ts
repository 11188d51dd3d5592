/**
 * Running route modules' loaders and actions in unit tests the way React Router runs them (the
 * databases they run on: app/test/databases.ts).
 */

/** What a loader or action answered: a Response (often thrown: a redirect) or data(…). */
export interface RouteOutcome<Data = unknown> {
  status: number;
  location: string | null;
  /** What the route returned, unwrapped from data(…); undefined when it answered a Response. */
  data: Data | undefined;
  headers: Headers;
  /** The Response itself, when the answer was one (a file, a stream, a redirect). */
  response: Response | null;
}

export async function outcomeOf(run: () => unknown): Promise<RouteOutcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    // Thrown redirects are Responses; thrown data(…) is how a route answers an error status.
    if (!(error instanceof Response) && !isData(error)) throw error;
    value = error;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      data: undefined,
      headers: value.headers,
      response: value,
    };
  }
  if (isData(value)) {
    return {
      status: value.init?.status ?? 200,
      location: null,
      data: value.data,
      headers: new Headers(value.init?.headers),
      response: null,
    };
  }
  return { status: 200, location: null, data: value, headers: new Headers(), response: null };
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (value as { type?: string } | null)?.type === "DataWithResponseInit";
}

/** The data a loader or action returns, whether plain or wrapped in data(…). */
type RouteData<Returned> = Returned extends Response
  ? never
  : // What data(…) returns, read by its shape (React Router exports its type only as UNSAFE_).
    Returned extends { type: string; data: infer Data; init: ResponseInit | null }
    ? Data
    : Returned;

/** Runs a route module's loader or action with a request, as React Router would. */
export async function callRoute<F extends (args: never) => unknown>(
  handler: F,
  request: Request,
  params: Record<string, string> = {},
) {
  const args = { request, params, context: {} } as unknown as Parameters<F>[0];
  return (await outcomeOf(() => handler(args))) as RouteOutcome<RouteData<Awaited<ReturnType<F>>>>;
}

/** A request of a test's browser: a GET, or a form POSTed; a cookie sent back if given. */
export type BrowserRequests = (
  path: string,
  init?: { form?: Record<string, string>; cookie?: string },
) => Request;

/**
 * The requests of a test's browsers on `origin`, each from the client address `ip()` gives (rate
 * limits count per address). A form carries the Origin header a browser adds; a GET does too,
 * unless `originOnGets` is false (as a mail scanner's plain GETs do not).
 */
export function browserRequests(
  origin: string,
  { ip, originOnGets = true }: { ip: () => string; originOnGets?: boolean },
): BrowserRequests {
  return (path, init = {}) =>
    new Request(`${origin}${path}`, {
      method: init.form ? "POST" : "GET",
      body: init.form ? new URLSearchParams(init.form) : undefined,
      headers: {
        ...(init.form || originOnGets ? { origin } : {}),
        "x-client-ip": ip(),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });
}
