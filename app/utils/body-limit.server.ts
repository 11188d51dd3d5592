/**
 * How large a request body may be. The server refuses a declared Content-Length over the limit
 * before any route runs (server/app.ts); a body sent without one (chunked) is counted as it is
 * read, by readForm / readBodyAtMost (app/utils/request.server.ts), the only way the app reads
 * bodies. Nothing ever buffers more than its limit.
 */

/** Far more than any form of the site sends (the largest, a mail template, is a few KB). */
export const MAX_FORM_BYTES = 1024 * 1024;

/**
 * Better Auth's endpoints exposed to the browser (routes/resources/auth-api.ts) take a body
 * only as an OAuth provider's form_post callback: a code, a state and an ID token, a few KB.
 */
export const MAX_AUTH_BODY_BYTES = 16 * 1024;

/**
 * An image uploaded in the back office (/admin/images): up to 10 MB of picture, with the form's
 * few other fields and the multipart framing around it.
 */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * An application with its photos (the landing form, /register/model, the chatbot): up to 50 MB
 * of pictures (5 × 10 MB, app/features/submissions/photo-limits.ts) and its few KB of answers,
 * with room past that so that a sixth photo or one too many megabytes is still read to its end
 * (streamed, the extra dropped, never kept) and answered next to the photo field with every
 * answer she typed, rather than cut off by a bare 413.
 */
export const MAX_APPLICATION_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Her identity check (issue 30, app/features/identity/): three photos of up to 10 MB each (the
 * document's front and back, a selfie holding it) and the form's few fields.
 */
export const MAX_IDENTITY_BODY_BYTES = 3 * 10 * 1024 * 1024 + 64 * 1024;
const IDENTITY_PATHS = new Set(["/dashboard/model/identity", "/dashboard/model/identity.data"]);

/** Where an application may be posted: each page at its address and its data URL, and the chat's. */
const APPLICATION_PATHS = new Set([
  "/",
  "/_root.data",
  "/register/model",
  "/register/model.data",
  "/api/chatbot",
]);

/**
 * How much of a body over its limit is still read (and dropped) before the connection is cut:
 * closing it with data unread makes the client see a reset instead of the 413.
 */
export const MAX_DISCARDED_BYTES = 8 * 1024 * 1024;

/**
 * Where an image may be sent: the cover upload, the content screen's forms that carry a photo
 * (testimonial, team member), the Site screen's hero image and a staff member's own photo
 * (/admin/profile), each at its page address and its data URL.
 */
const IMAGE_UPLOAD_PATHS = new Set(
  ["/admin/images", "/admin/content", "/admin/site", "/admin/profile"].flatMap((path) => [
    path,
    `${path}.data`,
  ]),
);

/** The largest body a request may carry; GET and HEAD carry none here. */
export function maxBodyBytes(method: string, pathname: string): number {
  if (method === "GET" || method === "HEAD") return 0;
  // Routes match whatever the case (React Router), so the limit does too.
  const path = pathname.toLowerCase();
  if (path === "/api/auth" || path.startsWith("/api/auth/")) return MAX_AUTH_BODY_BYTES;
  // The editor's script posts the upload to the route's data URL (React Router's single fetch).
  if (IMAGE_UPLOAD_PATHS.has(path)) return MAX_IMAGE_UPLOAD_BYTES;
  if (APPLICATION_PATHS.has(path)) return MAX_APPLICATION_BODY_BYTES;
  if (IDENTITY_PATHS.has(path)) return MAX_IDENTITY_BODY_BYTES;
  return MAX_FORM_BYTES;
}
