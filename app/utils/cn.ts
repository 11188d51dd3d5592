import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Components take care that a caller's classes add to their own rather than
 * fight them (use a variant, such as `max-sm:hidden`, to override a base utility): merging
 * conflicting Tailwind classes at run time would cost every page 8 KB of JavaScript.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
