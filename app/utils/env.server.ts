import { z } from "zod";

/**
 * Every environment variable the server reads, checked once at start-up with a clear message.
 * The README's configuration table lists the same variables.
 */
const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((url) => new URL(url).origin)
    .optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => parseTrustProxy(value)),
  /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
    .optional(),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The From address of outgoing mail. */
  MAIL_FROM: z.email().default("contato@maretalent.com.br"),
  /**
   * 32 bytes, base64 or hex, for AES-256-GCM of sensitive fields (document numbers). Without it
   * a key is generated once into DATA_DIR; the production checklist flags that.
   */
  DATA_ENCRYPTION_KEY: z.string().optional(),
  /** Applications accepted per IP address in ten minutes. */
  SUBMISSION_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * How long storing an application may take before she is answered 503 with her answers back
   * (a slow or unreachable PostgreSQL; app/db/deadline.server.ts).
   */
  SUBMISSION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Folder of the embedded database (and other local state). */
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * With DATA_DIR=memory://, the embedded database starts as a copy of this tarball (PGlite's
   * dumpDataDir) instead of empty; the unit tests give each file a migrated copy this way.
   */
  DATA_DIR_FROM: z.string().min(1).optional(),
  /** Signs sessions and tokens (32+ random bytes). Without it one is generated into DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The address whose verified owner is admin (product.md section 2). */
  ADMIN_EMAIL: z
    .email()
    .transform((value) => value.toLowerCase())
    .optional(),
  /** Google sign-in (OpenID Connect); the button is hidden until both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** `off`: Google sign-in is deliberately not offered (the production checklist accepts it). */
  GOOGLE_SIGN_IN: z.enum(["on", "off"]).optional(),
  /** The OpenID issuer; another one (a local test server) only for tests and demos. */
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com"),
  /**
   * Seconds from start to this instance's first check of the retention job (then hourly); the
   * job runs once a day across all instances (app/features/privacy/retention.server.ts).
   */
  RETENTION_FIRST_CHECK_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * How often each instance looks for mail it did not queue itself (another instance's, a retry
   * falling due); its own is sent at once.
   */
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /**
   * How long a decision's mail waits in the outbox, the time its decider has to undo it
   * (product.md section 7: a minute). Shorter only for the browser tests, which wait for mail.
   */
  DECISION_UNDO_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** How much the server logs (JSON lines on stdout): fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name such as cf-ipcountry")
    .transform((value) => value.toLowerCase())
    .optional(),
});

export type Env = z.infer<typeof schema>;

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // a list of addresses or subnets, as Express understands it
}

let cached: Env | undefined;

export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && cached) return cached;
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}
