import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";

/**
 * A new password's lengths, with the form's messages. A module of its own, without object
 * schemas, so the pre-selection form's browser chunk can use it: zod probes for `eval` when an
 * object schema is made before the chunk turns that off, and the CSP reports the probe.
 */
export const newPasswordField = z
  .string({ error: "auth.errors.passwordTooShort" })
  .min(PASSWORD_MIN_LENGTH, { error: "auth.errors.passwordTooShort" })
  .max(PASSWORD_MAX_LENGTH, { error: "auth.errors.passwordTooLong" });
