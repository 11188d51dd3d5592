import type { ReactNode } from "react";
import { cn } from "#app/utils/cn.ts";
import "./kit.css";

/**
 * The second step of an action that cannot be undone (erase her data, void an entry): the
 * trigger opens a panel that explains what will happen and holds the form that does it. A
 * disclosure rather than a modal dialog, so it works before and without JavaScript, and the
 * browser gives it keyboard and screen-reader behaviour of its own (decision 020).
 */
export function ConfirmDialog({
  trigger,
  triggerLabel,
  triggerClassName,
  floating = false,
  open,
  className,
  panelClassName,
  children,
}: {
  /** What the trigger shows. */
  trigger: ReactNode;
  /** The trigger's accessible name when its text alone is ambiguous ("Void" in a table row). */
  triggerLabel?: string;
  triggerClassName?: string;
  /** Over the content below (in a table row) rather than pushing it down. */
  floating?: boolean;
  /** Open from the server's answer (a confirmation that was missing). */
  open?: boolean;
  className?: string;
  /** The panel's own classes (a form rather than a warning: wider, calmer). */
  panelClassName?: string;
  /** The explanation and the form that confirms. */
  children: ReactNode;
}) {
  return (
    <details
      className={cn("confirm group", className)}
      data-float={floating || undefined}
      open={open || undefined}
    >
      <summary className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </summary>
      <div className={cn("confirm-panel", panelClassName)}>{children}</div>
    </details>
  );
}
