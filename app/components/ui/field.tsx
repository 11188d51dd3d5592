import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/utils/cn.ts";

/** Styled by app.css's .field (an invalid field carries aria-invalid and turns coral). */
const control = "field";

/** A text box unless `type` says otherwise: named, so checkers read its autofill hint. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(control, className)} {...props} />;
}

/** A compact drop-down for filters and short choices in the back office's forms. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn("field-compact", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(control, "min-h-32 resize-y", className)} {...props} />;
}

export function Label({
  className,
  htmlFor,
  ...props
}: ComponentProps<"label"> & { htmlFor: string }) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("block text-sm font-semibold text-ink-900", className)}
      {...props}
    />
  );
}

/** A label, a control, an optional hint and the error message, wired together for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  announce = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** An error that comes without her moving (an upload's answer) is read out as it appears. */
  announce?: boolean;
  className?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} announce={announce} />
    </div>
  );
}

export function FieldError({
  id,
  error,
  announce = false,
}: {
  id: string;
  error?: string;
  announce?: boolean;
}) {
  if (!error) return null;
  return (
    <p id={id} role={announce ? "alert" : undefined} className="text-sm font-medium text-coral-700">
      {error}
    </p>
  );
}
