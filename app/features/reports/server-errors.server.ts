/**
 * The latest server errors of this process, for the tech report: what failed, where and when,
 * without stack traces or request bodies (they may hold personal data). Kept in memory: each
 * instance reports its own, and a restart starts afresh (the logs keep the full story).
 */
export interface ServerError {
  at: string;
  path: string;
  message: string;
}

const KEEP = 50;
const recent: ServerError[] = [];
let total = 0;

export function recordServerError(error: unknown, request?: Request) {
  total += 1;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  recent.unshift({
    at: new Date().toISOString(),
    path: request ? new URL(request.url).pathname : "",
    // E-mail addresses and long digit runs are masked: an error message may quote her data.
    message: message
      .replace(/[^\s@"'<>]+@[^\s@"'<>]+/g, "<e-mail>")
      .replace(/\d{5,}/g, "<number>")
      .slice(0, 300),
  });
  recent.length = Math.min(recent.length, KEEP);
}

export function serverErrors() {
  return { total, recent: [...recent] };
}
