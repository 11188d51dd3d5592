import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import onHeaders from "on-headers";
import type { ServerBuild } from "react-router";
import type { Readiness } from "#app/db/db.server.ts";
import type { DocumentAnswer } from "#app/utils/document-cache.server.ts";
import type { RequestHead } from "#app/utils/request-head.ts";
import { MAX_DISCARDED_BYTES, maxBodyBytes } from "#app/utils/body-limit.server.ts";
import type { Env } from "#app/utils/env.server.ts";
import { loggablePath, logger } from "#app/utils/logger.server.ts";
import { createRequestHandler, requestOrigin } from "./request-handler.ts";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Headers every response carries. The HTML pages add their own nonce-based CSP (entry.server). */
function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), browsing-topics=()",
  );
  // Only over HTTPS (directly, or as told by a trusted proxy): HSTS on plain HTTP is ignored.
  if (req.secure) {
    res.setHeader(
      "Strict-Transport-Security",
      `max-age=${2 * ONE_YEAR_SECONDS}; includeSubDomains`,
    );
  }
  next();
}

/**
 * Cookies over HTTPS carry `Secure`. Better Auth marks its own from PUBLIC_ORIGIN, once, at start;
 * behind a TLS proxy with TRUST_PROXY set but no PUBLIC_ORIGIN the session cookie went out without
 * it while HSTS said the site is https-only. A request the trusted proxy says came over https (or
 * that did so directly) gets `Secure` on every cookie it sets, just before its headers leave.
 */
function secureCookiesOverHttps(req: Request, res: Response, next: NextFunction) {
  if (req.secure) {
    onHeaders(res, () => {
      const set = res.getHeader("Set-Cookie");
      if (set === undefined) return;
      const lines = (Array.isArray(set) ? set : [String(set)]).map((line) =>
        /;\s*secure\s*(;|$)/i.test(line) ? line : `${line}; Secure`,
      );
      res.setHeader("Set-Cookie", lines);
    });
  }
  next();
}

/**
 * Only a path is a request target here. HTTP also allows the absolute form (`GET http://host/`,
 * which proxies send) and `*` (OPTIONS); the router builds its URL by putting the origin in front
 * of the target, so those ended in a 500. This server is no proxy: they are the client's mistake.
 */
function originFormOnly(req: Request, res: Response, next: NextFunction) {
  if (req.url.startsWith("/")) {
    next();
    return;
  }
  res.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad Request");
}

// Files served as they are: nothing in them may run or be framed.
function staticFileHeaders(res: ServerResponse) {
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  );
}

// An id a proxy in front already gave the request is kept, if it looks like one.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Gives every request an id (X-Request-Id, echoed in the response and passed on to the app,
 * whose log lines carry it) and logs one line when its response is done: method, path without
 * query string, status, duration. Build files and probes log at debug level only.
 */
const requestLog =
  (acceptGivenId: boolean) => (req: Request, res: Response, next: NextFunction) => {
    const given = acceptGivenId ? req.headers["x-request-id"] : undefined;
    const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const quiet =
        req.path.startsWith("/assets/") || req.path === "/healthz" || req.path === "/readyz";
      const level = quiet ? "debug" : "info";
      // Build files are the busiest path: nothing is prepared for a line that is not written.
      if (!logger().isLevelEnabled(level)) return;
      logger()[level]({
        event: "request",
        reqId: id,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    next();
  };

/**
 * Refuses a body over its path's limit (app/utils/body-limit.server.ts) before any route runs:
 * a declared Content-Length over it, or any body at all on a GET or HEAD. The 413 is sent at
 * once; what the client still sends is read and dropped, up to 8 MB, so she sees the answer
 * rather than a reset, and past that the connection is cut. A body without a declared length
 * (chunked) on another method is passed on: React Router's adapter reads the Node request
 * itself, so counting it here would mean consuming it first. The app's readers count it as it
 * streams (readForm, readBodyAtMost), and a route that does not read it never buffers it.
 */
function bodyLimit(req: Request, res: Response, next: NextFunction) {
  const declared = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  const max = maxBodyBytes(req.method, req.path);
  // A chunked body has no size until it is read; on GET and HEAD (limit 0) any is refused.
  const tooLarge = declared !== undefined ? Number(declared) > max : chunked && max === 0;
  if (!tooLarge) {
    next();
    return;
  }
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > MAX_DISCARDED_BYTES) req.destroy();
  });
  res.status(413).type("text/plain").send("Payload Too Large");
}

/**
 * Pages stored by the app (app/utils/document-cache.server.ts), answered here before React
 * Router builds a request, runs loaders or renders: the same bytes for everyone, already
 * compressed. The app decides what is a hit (entry.server's cachedDocument); anything else goes
 * on to the request handler, which stores what may be shared.
 */
function cachedDocuments(lookup: ((head: RequestHead) => DocumentAnswer | null) | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!lookup || (req.method !== "GET" && req.method !== "HEAD") || path.extname(req.path)) {
      next();
      return;
    }
    const answer = lookup({
      method: req.method,
      url: `${requestOrigin(req)}${req.originalUrl}`,
      headers: {
        get(name) {
          const value = req.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        },
      },
    });
    if (!answer) {
      next();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
}

export function createApp({
  build,
  env,
  clientDir,
  readiness,
  draining = () => false,
}: {
  build: ServerBuild;
  env: Env;
  clientDir: string;
  /** Whether the database answers and is migrated (app/entry.server.tsx). */
  readiness?: () => Promise<Readiness>;
  /** True once the server is shutting down: /readyz then turns traffic away. */
  draining?: () => boolean;
}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(originFormOnly);

  // Only a trusted proxy's id is kept; a visitor's own is replaced.
  app.use(requestLog(env.TRUST_PROXY !== false));
  // Probes for a process manager or load balancer, answered before anything else runs.
  // /healthz: the process is up and serving. /readyz: it should get traffic.
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining()) {
      res.status(503).json({ ready: false, reason: "shutting down" });
      return;
    }
    const state = readiness ? await readiness() : ({ ready: true } as const);
    res.status(state.ready ? 200 : 503).json(state);
  });

  app.use(securityHeaders);
  app.use(secureCookiesOverHttps);
  // The app reads the client's address from this header (see app/utils/request.server.ts); it is
  // always set here, so a visitor cannot supply their own.
  app.use((req, _res, next) => {
    req.headers["x-client-ip"] = req.ip ?? "";
    next();
  });
  app.use(bodyLimit);
  // Before compression(): a stored page is already compressed, and its wrapper costs on every hit.
  const entry = build.entry.module as {
    cachedDocument?: (head: RequestHead) => DocumentAnswer | null;
  };
  app.use(cachedDocuments(entry.cachedDocument));
  app.use(compression({ filter: worthCompressing }));

  // Hashed build output never changes under the same name: cache it for a year. The build wrote
  // each file compressed beside it (.br, .gz; vite.config.ts), sent as it is to browsers that
  // accept it, Brotli first; compression() leaves a response already encoded alone.
  app.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: ONE_YEAR_SECONDS * 1000,
        index: false,
        setHeaders: staticFileHeaders,
      },
    }),
  );
  // A missing build file is a plain 404, never a page render or a logged error.
  app.use("/assets", (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  // Other public files (images, icons) keep their names across releases: cache, then revalidate.
  // Every one of them has an extension; page paths never do, so pages skip the file lookup.
  const publicFiles = express.static(clientDir, {
    maxAge: 60 * 60 * 1000,
    index: false,
    redirect: false,
    setHeaders: staticFileHeaders,
  });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  app.use(createRequestHandler({ build, mode: env.NODE_ENV }));
  return app;
}

/**
 * What compression() may encode. The answer to a form sent by the page's code (React Router's
 * `_.data` action result) is a few dozen bytes, streamed without a length, so compression() would
 * set up a Brotli encoder for every application: a tenth of the server's time in the benchmark's
 * applications. Pages (HTML, including the answer to a form sent without JavaScript) and loader
 * data stay compressed.
 */
function worthCompressing(req: Request, res: Response) {
  const html = String(res.getHeader("Content-Type") ?? "").startsWith("text/html");
  if (req.method === "POST" && !html) return false;
  return compression.filter(req, res);
}
