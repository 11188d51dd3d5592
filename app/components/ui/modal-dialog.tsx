import { useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import { cn } from "#app/utils/cn.ts";
import { Button } from "./button.tsx";
import { Icon } from "./icon.tsx";

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog, open while it is mounted: the browser's own <dialog> (showModal) makes the
 * page behind it inert, closes it on Escape and names it by its title. Tab and Shift+Tab wrap
 * around inside it rather than leaving for the browser's toolbar, and when it closes the focus
 * goes back to where it was. `initialFocus` is where she starts (else the first control).
 */
export function ModalDialog({
  id,
  title,
  description,
  closeLabel,
  onClose,
  initialFocus,
  className,
  children,
}: {
  /** Unique on the page: its title and description are `${id}-title` and `${id}-description`. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (initialFocus?.current ?? dialog.querySelector<HTMLElement>(focusable))?.focus();
    const wrapTab = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const controls = [...dialog.querySelectorAll<HTMLElement>(focusable)];
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    const closed = () => onCloseRef.current();
    dialog.addEventListener("keydown", wrapTab);
    dialog.addEventListener("close", closed);
    return () => {
      dialog.removeEventListener("keydown", wrapTab);
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
    // Opened once per mount; a new initial focus later on is not a reason to reopen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      className={cn(
        "m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-ink-900 shadow-2xl ring-1 ring-black/5 backdrop:bg-ink-950/55",
        className,
      )}
    >
      <div className="flex items-start gap-3 border-b border-ink-200/70 px-5 py-4">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-950">
            {title}
          </h2>
          {description ? (
            <p id={`${id}-description`} className="mt-1 text-sm text-ink-600">
              {description}
            </p>
          ) : null}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={closeLabel}
          onClick={() => dialogRef.current?.close()}
        >
          <Icon name="x" className="size-5!" />
        </Button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
