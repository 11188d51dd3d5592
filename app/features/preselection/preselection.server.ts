import { data } from "react-router";
import { preselectionFields, type FieldErrors } from "./fields";
import { validatePreselection } from "./schema";

const MAX_BODY_BYTES = 64 * 1024;

export type PreselectionActionData =
  | { status: "invalid"; fieldErrors: FieldErrors; values: Record<string, string> }
  | { status: "unavailable"; values: Record<string, string> };

/**
 * The pre-selection form's server side: the same schema as the browser, checked again.
 * Storing applications arrives with the database; until then a valid form is answered
 * 503 "not available yet" and the visitor keeps everything she typed.
 */
export async function handlePreselection(request: Request) {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw data("Payload too large", { status: 413 });

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("Malformed form data", { status: 400 });
  }
  const values: Record<string, string> = {};
  for (const field of preselectionFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, 4000) : "";
  }

  const result = validatePreselection(values);
  if (!result.success) {
    return data<PreselectionActionData>(
      { status: "invalid", fieldErrors: result.fieldErrors, values },
      { status: 400 },
    );
  }
  return data<PreselectionActionData>(
    { status: "unavailable", values },
    { status: 503, headers: { "Retry-After": "86400" } },
  );
}
