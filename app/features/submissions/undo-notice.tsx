import { useEffect, useRef, type ReactNode } from "react";
import { Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { readUndoParams } from "./undo.ts";

/**
 * "Done: the application is now Approved. … Undo": the decision just made, and a plain form that takes it back while its mail
 * still waits (POST /admin/undo, which works without JavaScript). The notice takes the focus
 * when it appears, so a keyboard or screen-reader user hears it and finds Undo at the next Tab.
 */
export function UndoNotice({
  decisions,
  children,
}: {
  /** The history rows to take back: one, or a bulk decision's batch. */
  decisions: readonly number[];
  /** What was decided. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const box = useRef<HTMLDivElement>(null);
  const key = decisions.join(",");
  useEffect(() => {
    const focus = () => box.current?.focus();
    // A shortcut's confirmation may still be closing: it gives the focus back to where it was
    // before (ModalDialog), so the notice takes it once the dialog is closed.
    const dialog = document.querySelector("dialog[open]");
    if (!dialog) return focus();
    dialog.addEventListener("close", focus, { once: true });
    return () => dialog.removeEventListener("close", focus);
  }, [key]);
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/undo";
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <p role="status" className="min-w-0 flex-1">
        <span className="font-semibold">{children}</span> {t("admin.undo.window")}
      </p>
      <Form method="post" action="/admin/undo" className="shrink-0">
        {decisions.map((id) => (
          <input key={id} type="hidden" name="decision" value={id} />
        ))}
        <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          <Icon name="undo-2" />
          {t("admin.undo.button")}
        </Button>
      </Form>
    </div>
  );
}

/** How an undo went, read from the page's address (the undo route's redirect). */
export function UndoOutcome() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = readUndoParams(params);
  if (!outcome) return null;
  const { undo, count } = outcome;
  return (
    <FormMessage tone={undo === "done" ? "notice" : "error"}>
      {t(`admin.undo.outcome.${undo}`, { count })}
    </FormMessage>
  );
}
