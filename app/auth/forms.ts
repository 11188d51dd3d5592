import { z } from "zod";
import { newPasswordField } from "./new-password.ts";

/**
 * The account forms' rules, for the browser's messages and the server's checks. The password
 * policy's list of common passwords is checked on the server only (password.server.ts).
 */
export const emailField = z
  .string({ error: "auth.errors.emailInvalid" })
  .trim()
  .toLowerCase()
  .max(254, { error: "auth.errors.emailInvalid" })
  .pipe(z.email({ error: "auth.errors.emailInvalid" }));

export const affiliateSignUp = z.object({
  name: z
    .string({ error: "auth.errors.nameRequired" })
    .trim()
    .min(2, { error: "auth.errors.nameRequired" })
    .max(120, { error: "auth.errors.nameRequired" }),
  email: emailField,
  password: newPasswordField,
  promotion: z
    .string({ error: "auth.errors.promotionRequired" })
    .trim()
    .min(10, { error: "auth.errors.promotionRequired" })
    .max(1000, { error: "auth.errors.promotionRequired" }),
});

// Defined for every form in app/utils; still offered here to the screens that import it with
// the account forms' rules.

/** Better Auth's refusal of a password (auth.server.ts hooks) as the form's message key. */
export function passwordMessage(code: string | undefined): string | null {
  if (code === "PASSWORD_COMMON") return "auth.errors.passwordCommon";
  if (code === "PASSWORD_TOOSHORT" || code === "PASSWORD_TOO_SHORT") {
    return "auth.errors.passwordTooShort";
  }
  if (code === "PASSWORD_TOOLONG" || code === "PASSWORD_TOO_LONG")
    return "auth.errors.passwordTooLong";
  return null;
}
