import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";

/**
 * Passwords people pick most often (the zxcvbn-ts list, about 49,000 of them, shipped in
 * node_modules), compared case-insensitively. Only the ones long enough to pass the length
 * rule matter, so only those are kept in memory.
 */
const common = new Set(
  (dictionary["passwords-common"] as string[])
    .filter((password) => password.length >= PASSWORD_MIN_LENGTH)
    .map((password) => password.toLowerCase()),
);

export type PasswordProblem = "tooShort" | "tooLong" | "common";

/** What is wrong with a new password, or null when it meets the policy. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (common.has(password.toLowerCase())) return "common";
  return null;
}
