import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

const variants = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  secondary: "bg-white text-ink-900 ring-1 ring-ink-200 hover:bg-sand-50 ring-inset",
  ghost: "text-ink-800 hover:bg-ink-100/70",
  light: "bg-white text-brand-800 hover:bg-sand-50",
  outlineLight: "text-white ring-1 ring-white/60 ring-inset hover:bg-white/10",
};

const sizes = {
  sm: "h-9 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-13 px-7 text-base",
  icon: "size-10",
};

export interface ButtonVariants {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
}

/** The button's classes, for a <button> or for a link that looks like one. */
export function buttonVariants({ variant, size }: ButtonVariants = {}) {
  return `${base} ${variants[variant ?? "primary"]} ${sizes[size ?? "md"]}`;
}

/** A button. For a link that looks like one, give the link `className={buttonVariants(…)}`. */
export function Button({
  className,
  variant,
  size,
  ...props
}: ComponentProps<"button"> & ButtonVariants) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
