import type { ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/utils/env.server.ts";

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

// Files served as they are: nothing in them may run or be framed.
function staticFileHeaders(res: ServerResponse) {
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  );
}

export function createApp({
  build,
  env,
  clientDir,
}: {
  build: ServerBuild;
  env: Env;
  clientDir: string;
}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(compression());
  app.use(securityHeaders);
  // The app reads the client's address from this header (see app/utils/request.server.ts); it is
  // always set here, so a visitor cannot supply their own.
  app.use((req, _res, next) => {
    req.headers["x-client-ip"] = req.ip ?? "";
    next();
  });

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
