import { useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/**
 * Leaving the editor for another page of the back office (a link, the language tabs, back)
 * waits for her latest words to be saved, and goes on once they are. When they cannot be (no
 * connection), she is asked first; they stay in this browser either way (local-copy.ts). A
 * reload or a closed tab gets the browser's own question.
 */
export function LeaveGuard({
  unsaved,
  flush,
}: {
  /** Whether there are changes the server has not confirmed. */
  unsaved: () => boolean;
  flush: () => Promise<"saved" | "failed">;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved() && currentLocation.pathname !== nextLocation.pathname,
  );
  const [ask, setAsk] = useState(false);
  const latest = useRef(blocker);
  latest.current = blocker;
  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (!blocked) return;
    let cancelled = false;
    void flush().then((outcome) => {
      if (cancelled || latest.current.state !== "blocked") return;
      if (outcome === "saved") latest.current.proceed();
      else setAsk(true);
    });
    return () => {
      cancelled = true;
    };
  }, [blocked, flush]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved()) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  if (!ask || !blocked) return null;
  return (
    <UnsavedDialog
      id="leave-unsaved"
      question="leave"
      onStay={() => {
        setAsk(false);
        latest.current.reset?.();
      }}
      onGo={() => {
        setAsk(false);
        latest.current.proceed?.();
      }}
    />
  );
}

/**
 * Asked when her latest words could not be saved before she leaves or opens the preview. Staying
 * is the first choice; going says what she will find (the saved version; her words kept here).
 */
export function UnsavedDialog({
  id,
  question,
  onStay,
  onGo,
}: {
  id: string;
  question: "leave" | "preview";
  onStay: () => void;
  onGo: () => void;
}) {
  const { t } = useTranslation();
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      id={id}
      title={t("admin.blog.unsaved.title")}
      description={t(`admin.blog.unsaved.${question}`)}
      closeLabel={t("a11y.close")}
      onClose={onStay}
      initialFocus={stay}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onGo}>
          {t(`admin.blog.unsaved.${question}Anyway`)}
        </Button>
        <Button ref={stay} type="button" onClick={onStay}>
          {t("admin.blog.unsaved.stay")}
        </Button>
      </div>
    </ModalDialog>
  );
}
