import { useLayoutEffect, useRef, useState } from "react";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { isTyping, useAnnouncer } from "#app/features/submissions/review-shortcuts.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** The onboarding view's keys, as the review's lists have theirs (j, k, Enter, ?), and d. */
export const boardShortcuts = {
  j: "next",
  k: "previous",
  o: "open",
  d: "done",
  "?": "help",
} as const;
type Shortcut = (typeof boardShortcuts)[keyof typeof boardShortcuts];

const kbd = "rounded-md bg-sand-100 px-2 py-0.5 font-mono text-sm text-ink-900 ring-1 ring-ink-300";

const rowLinks = () => [
  ...document.querySelectorAll<HTMLAnchorElement>(".onboarding-board > li a.row-link"),
];

/**
 * The view's keyboard: j and k move the focus from model to model (on her name's link, so Enter
 * opens her application too), o opens it, d marks done the step the focused row waits on (its
 * own Done button's form, so the server checks it as any other), ? lists the keys. Never while
 * she types in a field, never with Ctrl, Alt or ⌘, never while a dialog is open.
 */
export function BoardKeys({ rows }: { rows: readonly { name: string; step: string }[] }) {
  const { t } = useTranslation();
  const { message, announce } = useAnnouncer();
  const [helpOpen, setHelpOpen] = useState(false);
  const selected = useRef(-1);
  const handlers = useRef<Record<Shortcut, () => void>>(null!);

  const current = () => {
    const row = document.activeElement?.closest(".onboarding-board > li");
    const index = row ? rowLinks().findIndex((link) => row.contains(link)) : -1;
    return index >= 0 ? index : selected.current;
  };

  const move = (step: 1 | -1) => {
    const links = rowLinks();
    if (links.length === 0) return announce(t("onboarding.board.empty"));
    const from = current();
    const to = from < 0 ? 0 : from + step;
    if (to < 0 || to >= links.length) {
      links[from]?.focus();
      return announce(t(step > 0 ? "admin.keys.lastOnPage" : "admin.keys.firstOnPage"));
    }
    selected.current = to;
    links[to]!.focus();
    announce(
      t("onboarding.keys.at", {
        name: rows[to]?.name ?? "",
        step: rows[to]?.step ?? "",
        position: to + 1,
        total: links.length,
      }),
    );
  };

  handlers.current = {
    next: () => move(1),
    previous: () => move(-1),
    open: () => {
      const link = rowLinks()[current()];
      if (!link) return announce(t("admin.keys.chooseFirst"));
      link.click();
    },
    done: () => {
      const index = current();
      const row = rowLinks()[index]?.closest("li");
      const form = row?.querySelector<HTMLFormElement>("form.row-done");
      if (!form) return announce(t("admin.keys.chooseFirst"));
      announce(
        t("onboarding.keys.marking", {
          name: rows[index]?.name ?? "",
          step: rows[index]?.step ?? "",
        }),
      );
      form.requestSubmit();
    },
    help: () => setHelpOpen(true),
  };

  // A layout effect, as the review's keys: a key pressed the moment the page hydrates is heard.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.isComposing || isTyping(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const key = event.key.length === 1 && !event.shiftKey ? event.key.toLowerCase() : event.key;
      if (!Object.hasOwn(boardShortcuts, key)) return;
      event.preventDefault();
      handlers.current[boardShortcuts[key as keyof typeof boardShortcuts]]();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setHelpOpen(true)}
        className="text-sm text-ink-600 underline decoration-ink-300 underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 pointer-coarse:hidden"
      >
        {t("admin.keys.hint")}
      </button>
      <div id="onboarding-keys-live" role="status" aria-live="polite" className="sr-only">
        {message}
      </div>
      {helpOpen ? (
        <ModalDialog
          id="onboarding-keys"
          title={t("admin.keys.title")}
          closeLabel={t("admin.keys.close")}
          onClose={() => setHelpOpen(false)}
        >
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-3 text-sm">
            {Object.entries(boardShortcuts).map(([key, shortcut]) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className={kbd}>{key}</kbd>
                </dt>
                <dd className="text-ink-700">{t(`onboarding.keys.${shortcut}`)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-ink-600">{t("admin.keys.whenTyping")}</p>
        </ModalDialog>
      ) : null}
    </>
  );
}
