import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createRouterHandler, type ServerBuild } from "react-router";

/**
 * The origin of a request as the app sees it (its URL's, so its links' and its stored pages'):
 * the protocol and host as Express reads them (X-Forwarded-* only from a trusted proxy, whose
 * X-Forwarded-Host port wins then), or localhost without a usable host. The one place it is
 * worked out: the stored-page lookup and the request handler below both take it from here, so
 * a page is found under the origin it was rendered for.
 */
export function requestOrigin(req: Request): string {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwardedPort = req.app.enabled("trust proxy") ? portOf(req.get("X-Forwarded-Host")) : NaN;
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : undefined;
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${hostname}${port === undefined ? "" : `:${port}`}`;
}

/** Node's request as the Fetch request React Router takes, aborted when the client goes away. */
function fetchRequest(req: Request, res: Response): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new globalThis.Request(`${requestOrigin(req)}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  });
}

/**
 * The app's pages, loaders and actions, through React Router's own request handler and its
 * Node stream helpers (public APIs); written here rather than taken from @react-router/express
 * so that the request's origin comes from requestOrigin like the stored pages' does.
 */
export function createRequestHandler({ build, mode }: { build: ServerBuild; mode: string }) {
  const handle = createRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(fetchRequest(req, res));
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      // Set-Cookie comes one by one from the Headers' iterator, each its own header line.
      for (const [name, value] of response.headers) {
        // A page's own framing rule replaces the server's default (securityHeaders in app.ts)
        // rather than joining it: two contradicting values would be read as the stricter.
        if (name === "x-frame-options") res.setHeader(name, value);
        else res.append(name, value);
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}
