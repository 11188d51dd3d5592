import { isAPIError } from "better-auth/api";

export type AuthOutcome =
  { ok: true; response: Response } | { ok: false; status: number; code?: string; message?: string };

/**
 * Runs a Better Auth endpoint asked for its Response. Its refusals arrive either as an error
 * Response or, from hooks, as a thrown APIError; both become one refusal the forms can read.
 */
export async function callAuth(call: () => Promise<Response>): Promise<AuthOutcome> {
  try {
    const response = await call();
    if (response.ok) return { ok: true, response };
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    return { ok: false, status: response.status, code: body.code, message: body.message };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const body = (error.body ?? {}) as { code?: string; message?: string };
    return { ok: false, status: error.statusCode, code: body.code, message: body.message };
  }
}
