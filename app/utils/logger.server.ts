import pino, { type Logger } from "pino";
import { getEnv } from "./env.server.ts";

/**
 * The server's one logger: JSON lines on stdout (pino), level from LOG_LEVEL. Nothing personal
 * reaches it: every string logged is scrubbed of e-mail addresses, long numbers (documents,
 * phones) and token-like strings, keys that name secrets are redacted, and errors are reduced
 * to what helps (a failed query keeps its SQL but never its parameters).
 * See docs/decisions/012-logs-without-personal-data.md.
 */
let instance: Logger | undefined;

export function logger(): Logger {
  instance ??= createLogger(getEnv().LOG_LEVEL);
  return instance;
}

/** A logger whose lines carry the request's id (set by the server for every request). */
export function requestLogger(request: Request): Logger {
  const reqId = request.headers.get("x-request-id");
  return reqId ? logger().child({ reqId }) : logger();
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
      },
      hooks: {
        // Everything passed to a log call is scrubbed before pino sees it: pino copies an
        // error's message into the line's `msg`, so errors must be reduced first.
        logMethod(args, method) {
          const scrubbed = args.map((arg) =>
            arg instanceof Error ? { err: serializeError(arg) } : scrubValue(arg),
          );
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      // Errors are already reduced by the hook; pino's own serializer would redo it badly.
      serializers: { err: (value: unknown) => value },
      redact: {
        paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/** Keys whose values never appear, at the top level or one level down. */
const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "cookie",
  "authorization",
  "document",
  "email",
  "phone",
  "whatsapp",
];

const EMAIL = /[\p{L}\p{N}._%+-]+@([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;
// Eight or more digits, possibly grouped (123.456.789-09, +55 48 99999-0000): documents, phones.
const LONG_NUMBER = /\+?\d(?:[\d .()/-]*\d){7,}/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/;
// Session tokens, reset and verification tokens, signed cookies: long unbroken runs of base64url
// characters with digits in them (words and slugs have neither the length nor the digits).
const TOKEN = /[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g;
const TOKEN_MIN_LENGTH = 20;

/** A string as it may be logged. */
export function scrub(text: string): string {
  return text
    .replace(EMAIL, (_match, domain: string) => `•••@${domain}`)
    .replace(LONG_NUMBER, (match) => (ISO_DATE.test(match) ? match : "[number]"))
    .replace(TOKEN, (match) => (looksLikeToken(match) ? "[token]" : match));
}

/** Fields the server itself fills with known-safe values (a request id looks like a token). */
const TRUSTED_KEYS = new Set(["reqId", "event"]);

/** Random strings are long and mix letters and digits in long pieces; slugs join short words. */
function looksLikeToken(text: string) {
  if (text.length < TOKEN_MIN_LENGTH || !/[A-Za-z]/.test(text)) return false;
  return text
    .split("-")
    .some((piece) => piece.length >= 12 && /\d/.test(piece) && /[A-Za-z]/.test(piece));
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 5 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return serializeError(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = depth === 0 && TRUSTED_KEYS.has(key) ? item : scrubValue(item, depth + 1);
  }
  return copy;
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as logged: its kind, message, code and stack. Drivers put the offending values in
 * other fields (PostgreSQL's `detail`, Drizzle's `params`), which are left out; a failed query's
 * message is cut before its parameters.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)) };
  const message = error.message.replace(/\nparams:[\s\S]*$/, "\nparams: [withheld]");
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrub(message),
    ...(typeof code === "string" ? { code } : {}),
    // The frames only: the stack's first lines repeat the message, parameters included.
    ...(error.stack
      ? {
          stack: scrub(
            error.stack
              .split("\n")
              .filter((line) => /^\s+at /.test(line))
              .join("\n"),
          ),
        }
      : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: serializeError(error.cause, depth + 1) }
      : {}),
  };
}

/**
 * A URL path as logged: token-like segments (password-reset links, confirmation links) hidden,
 * the query string left out (searches and tokens travel there).
 */
export function loggablePath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path
    .split("/")
    .map((segment) => scrub(decodeSafely(segment)))
    .join("/");
}

function decodeSafely(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
