/**
 * The home page held under load (issue 7): LOAD_CONNECTIONS connections asking for / without a
 * pause for BENCH_HOLD_SECONDS (30 by default), over loopback, from the production server. It
 * is the same request as the throughput part's "SSR /" (a visitor without a session, so the
 * rendered-page cache serves it, as it serves every such visitor), five times as many at once.
 * Answers other than 2xx and failed connections are counted apart: the target is none of either.
 */
import autocannon from "autocannon";
import { origin } from "./server.ts";

export interface LoadResult {
  path: string;
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP90Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Answers the server gave, but not 2xx, by status code. */
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Connection errors, timeouts included: requests that got no answer at all. */
  errors: number;
  timeouts: number;
}

export const LOAD_CONNECTIONS = 50;
// Not counted: a server that has just started compiles its code and fills its cache first.
const WARM_UP = 500;

export async function loadBench(seconds: number): Promise<LoadResult> {
  const request = {
    url: `${origin}/`,
    connections: LOAD_CONNECTIONS,
    headers: { "accept-encoding": "gzip, deflate, br" },
  };
  await autocannon({ ...request, amount: WARM_UP });
  console.log(`load: / with ${LOAD_CONNECTIONS} connections for ${seconds} s…`);
  const result = await autocannon({ ...request, duration: seconds });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
  );
  return {
    path: "/",
    seconds,
    connections: LOAD_CONNECTIONS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP90Ms: result.latency.p90,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
