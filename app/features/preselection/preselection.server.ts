import { data } from "react-router";
import { getDatabase } from "~/db/db.server";
import { referralFromRequest } from "~/features/referrals/referral.server";
import { createSubmission } from "~/features/submissions/submissions.server";
import { languageForRequest } from "~/i18n/language.server";
import { getEnv } from "~/utils/env.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { clientIp, isCrossSiteRequest } from "~/utils/request.server";
import { CONSENT_VERSION, HONEYPOT_FIELD, preselectionFields, type FieldErrors } from "./fields";
import { validatePreselection } from "./schema";

const MAX_BODY_BYTES = 64 * 1024;
const RATE_WINDOW_SECONDS = 10 * 60;

export type PreselectionActionData =
  | { status: "sent" }
  | { status: "invalid"; fieldErrors: FieldErrors; values: Record<string, string> }
  | { status: "limited"; retryAfterMinutes: number; values: Record<string, string> }
  | { status: "refused" }
  | { status: "error"; values: Record<string, string> };

/**
 * The pre-selection form's server side (home page and /register/model): the browser's schema
 * checked again, then the application stored with its confirmation mail. Every answer but
 * success gives back what she typed.
 */
export async function handlePreselection(request: Request, source: "form" | "register") {
  if (isCrossSiteRequest(request)) {
    return data<PreselectionActionData>({ status: "refused" }, { status: 403 });
  }
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const field of preselectionFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, 4000) : "";
  }

  // Only software fills in the hidden field: thank it and keep nothing.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return data<PreselectionActionData>({ status: "sent" });
  }

  const result = validatePreselection(values);
  if (!result.success) {
    return data<PreselectionActionData>(
      { status: "invalid", fieldErrors: result.fieldErrors, values },
      { status: 400 },
    );
  }

  try {
    const db = await getDatabase();
    const limit = await hitRateLimit(db, `submission:${clientIp(request)}`, {
      limit: getEnv().SUBMISSION_RATE_LIMIT,
      windowSeconds: RATE_WINDOW_SECONDS,
    });
    if (!limit.allowed) {
      return data<PreselectionActionData>(
        { status: "limited", retryAfterMinutes: Math.ceil(limit.retryAfterSeconds / 60), values },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const application = result.data;
    await createSubmission(db, {
      source,
      language: languageForRequest(request).language,
      fullName: application.fullName,
      email: application.email,
      age: application.age,
      whatsapp: application.whatsapp,
      instagram: application.instagram,
      experience: application.experience,
      message: application.message,
      referralCode: referralFromRequest(request),
      consentVersion: CONSENT_VERSION,
    });
    return data<PreselectionActionData>({ status: "sent" });
  } catch (error) {
    console.error(
      JSON.stringify({
        event: "submission.failed",
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return data<PreselectionActionData>({ status: "error", values }, { status: 503 });
  }
}

/** The posted form, read only up to 64 KB; anything larger or not a form is a 4xx. */
async function readForm(request: Request): Promise<FormData> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    throw data("Payload too large", { status: 413 });
  }
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) throw data("Payload too large", { status: 413 });
  try {
    const contentType = request.headers.get("content-type") ?? "";
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw data("Malformed form data", { status: 400 });
  }
}
