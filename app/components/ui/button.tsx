import type { ComponentProps } from "react";
import { cn } from "#app/utils/cn.ts";

// The styles are app.css's .btn classes: written once there, not on every button of the page.
const variants = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  ghost: "btn-ghost",
  light: "btn-light",
  outlineLight: "btn-outline-light",
};

const sizes = {
  sm: "btn-sm",
  md: "btn-md",
  lg: "btn-lg",
  icon: "btn-icon",
};

export interface ButtonVariants {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
}

/** The button's classes, for a <button> or for a link that looks like one. */
export function buttonVariants({ variant, size }: ButtonVariants = {}) {
  return `btn ${variants[variant ?? "primary"]} ${sizes[size ?? "md"]}`;
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
