import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { SubmissionStatus } from "#app/db/submission-statuses.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/utils/cn.ts";
import { DecisionDialog } from "./decision-dialog.tsx";
import { KeyboardHelp } from "./keyboard-help.tsx";
import type { ReviewKeyState } from "./list-keyboard.tsx";
import type { Neighbours } from "./neighbours.server.ts";
import { useAnnouncer, useReviewShortcuts } from "./review-shortcuts.ts";

type Decision = "Aprovado" | "Reprovado";

/**
 * An application's keyboard: j and k open the next and previous application of the list she
 * came from (also offered as links), a and r ask to confirm her approval or rejection (with its
 * reason) in a dialog that posts the page's own decision form, / goes back to the list's search,
 * ? lists the shortcuts. What each key did is said in a polite live region.
 */
export function ReviewDetailKeys({
  application,
  actions,
  reasons,
  neighbours,
}: {
  application: { id: number; fullName: string; status: SubmissionStatus };
  actions: readonly SubmissionStatus[];
  reasons: readonly { id: number; label: string }[];
  neighbours: Neighbours;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { message, announce } = useAnnouncer();
  const [helpOpen, setHelpOpen] = useState(false);
  // Each ask is a dialog of its own (`turn`): a key pressed just after Escape asks again while the
  // closed dialog's "close" event is still on its way, and that event must not close the new one.
  const [deciding, setDeciding] = useState<{ to: Decision; turn: number } | null>(null);
  const turns = useRef(0);
  const awaited = useRef<Decision | null>(null);
  const { id, status } = application;
  const name = application.fullName || t("admin.privacy.erasedName");
  const statusText = (value: SubmissionStatus) => t(`admin.status.${value}`);

  const ask = (to: Decision) => {
    if (!actions.includes(to)) {
      const key = to === "Aprovado" ? "admin.keys.cannotApprove" : "admin.keys.cannotReject";
      return announce(t(key, { status: statusText(status) }));
    }
    setDeciding({ to, turn: ++turns.current });
  };

  // Another application, another decision: nothing carries over from the last one.
  useEffect(() => {
    setDeciding(null);
    setHelpOpen(false);
  }, [id]);

  const state = location.state as ReviewKeyState | null;
  useEffect(() => {
    // Opened from the list by "a" or "r": the decision asked for is waiting to be confirmed.
    if (state?.decide) ask(state.decide);
    // The decision sent from the dialog was made: the action's redirect names it (an error
    // leaves the page where it was and shows as an alert).
    const done = new URLSearchParams(location.search).get("notice");
    if (awaited.current && done === awaited.current) {
      announce(t("admin.detail.changed", { status: statusText(awaited.current) }));
    }
    awaited.current = null;
    // Once per arrival, with the data of the page arrived at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const open = (direction: "next" | "previous") => {
    const neighbour = neighbours[direction];
    if (!neighbour) {
      return announce(t(direction === "next" ? "admin.keys.noNext" : "admin.keys.noPrevious"));
    }
    announce(
      t(direction === "next" ? "admin.keys.openingNext" : "admin.keys.openingPrevious", {
        name: neighbour.fullName || t("admin.privacy.erasedName"),
      }),
    );
    void navigate(neighbour.href);
  };

  useReviewShortcuts({
    next: () => open("next"),
    previous: () => open("previous"),
    approve: () => ask("Aprovado"),
    reject: () => ask("Reprovado"),
    search: () => {
      announce(t("admin.keys.toSearch"));
      void navigate(neighbours.list, { state: { focusSearch: true } satisfies ReviewKeyState });
    },
    help: () => setHelpOpen(true),
  });

  const closeDecision = useCallback(
    (turn: number) => setDeciding((open) => (open?.turn === turn ? null : open)),
    [],
  );

  const decisions = (["Aprovado", "Reprovado"] as const).filter((to) => actions.includes(to));
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
      {neighbours.previous || neighbours.next ? (
        <nav aria-label={t("admin.keys.around")} className="flex gap-4 text-sm font-semibold">
          {neighbours.previous ? (
            <Link to={neighbours.previous.href} className="text-brand-700 hover:text-brand-900">
              ← {t("admin.keys.previous")}
            </Link>
          ) : null}
          {neighbours.next ? (
            <Link to={neighbours.next.href} className="text-brand-700 hover:text-brand-900">
              {t("admin.keys.next")} →
            </Link>
          ) : null}
        </nav>
      ) : null}
      <KeyboardHelp screen="detail" open={helpOpen} onOpenChange={setHelpOpen} message={message} />
      {decisions.length ? (
        // On a phone the decision form is far below her answers: its buttons stay at the bottom
        // of the screen. Links to the form without JavaScript; with it, the same confirming
        // dialog as the keys a and r.
        <div
          role="group"
          aria-label={t("admin.detail.decide")}
          className="fixed inset-x-0 bottom-0 z-30 flex gap-3 border-t border-ink-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur lg:hidden"
        >
          {decisions.map((to) => (
            <a
              key={to}
              href="#decide-title"
              onClick={(event) => {
                event.preventDefault();
                ask(to);
              }}
              className={cn(
                buttonVariants({ variant: to === "Aprovado" ? "primary" : "secondary" }),
                "flex-1",
              )}
            >
              {t(`admin.detail.to${to}`)}
            </a>
          ))}
        </div>
      ) : null}
      {deciding ? (
        <DecisionDialog
          key={`${id}-${deciding.turn}`}
          to={deciding.to}
          name={name}
          status={status}
          reasons={reasons}
          onClose={() => closeDecision(deciding.turn)}
          onSubmit={() => {
            awaited.current = deciding.to;
            announce(t("admin.keys.sending"));
          }}
        />
      ) : null}
    </div>
  );
}
