/**
 * Joins class names, skipping the false and empty ones (`cn("a", open && "b")`). Components take
 * care that a caller's classes add to their own rather than fight them (use a variant, such as
 * `max-sm:hidden`, to override a base utility): merging conflicting Tailwind classes at run time
 * would cost every page 8 KB of JavaScript.
 */
export function cn(...classes: (string | false | null | undefined | 0)[]) {
  return classes.filter(Boolean).join(" ");
}
