import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { reviewShortcuts } from "./review-shortcuts.ts";

const kbd = "rounded-md bg-sand-100 px-2 py-0.5 font-mono text-sm text-ink-900 ring-1 ring-ink-300";

/**
 * The review's shortcuts, said where she sees them: a hint under the heading that opens the
 * list of shortcuts (so does "?"), the list itself in a dialog, and a polite live region that
 * tells a screen reader what each key did.
 */
export function KeyboardHelp({
  screen,
  open,
  onOpenChange,
  message,
}: {
  screen: "list" | "detail";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the last shortcut did, for the live region. */
  message: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => onOpenChange(true)}
        // Not offered on a touch screen (a phone's primary pointer is coarse): there are no
        // keys to press there. "?" still opens the list from a keyboard.
        className="text-sm text-ink-600 underline decoration-ink-300 underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 pointer-coarse:hidden"
      >
        {t("admin.keys.hint")}
      </button>
      <div id="review-keys-live" role="status" aria-live="polite" className="sr-only">
        {message}
      </div>
      {open ? (
        <ModalDialog
          id="review-keys"
          title={t("admin.keys.title")}
          closeLabel={t("admin.keys.close")}
          onClose={() => onOpenChange(false)}
        >
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-3 text-sm">
            {Object.entries(reviewShortcuts).map(([key, shortcut]) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className={kbd}>{key}</kbd>
                </dt>
                <dd className="text-ink-700">{t(`admin.keys.${screen}.${shortcut}`)}</dd>
              </div>
            ))}
          </dl>
          {screen === "list" ? (
            <p className="mt-4 text-sm text-ink-600">{t("admin.keys.escapeSearch")}</p>
          ) : null}
          <p className="mt-4 text-sm text-ink-600">{t("admin.keys.whenTyping")}</p>
        </ModalDialog>
      ) : null}
    </>
  );
}
