import { cn } from "#app/utils/cn.ts";

/** The Maré Talent mark: a rising wave inside a circle, the island's tide. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      className={cn("size-9", className)}
    >
      <circle cx="20" cy="20" r="20" fill="#0f5c60" />
      <path
        d="M6 24c3.5 0 3.5-3 7-3s3.5 3 7 3 3.5-3 7-3 3.5 3 7 3"
        fill="none"
        stroke="#97e4de"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path
        d="M9 18.5c2.8-6 7-9 11-9 4.2 0 7.4 2.4 9.6 6.4-2.9-1.9-5.7-1.9-8.3.4-2.8 2.5-6.2 3.4-12.3 2.2z"
        fill="#f26b52"
      />
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span
        className={cn(
          "font-display text-xl font-semibold tracking-tight",
          inverted ? "text-white" : "text-ink-950",
        )}
      >
        Maré <span className={inverted ? "text-brand-200" : "text-brand-700"}>Talent</span>
      </span>
    </span>
  );
}
