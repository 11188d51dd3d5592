import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SubmissionStatus } from "#app/db/submission-statuses.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { KeyboardHelp } from "./keyboard-help.tsx";
import { useAnnouncer, useReviewShortcuts } from "./review-shortcuts.ts";

/** What a page opened by a shortcut is asked to do on arrival. */
export interface ReviewKeyState {
  decide?: "Aprovado" | "Reprovado";
  focusSearch?: boolean;
}

/** The links to the rows' applications, in the table's order. */
const rowLinks = () => [
  ...document.querySelectorAll<HTMLAnchorElement>(".review-table > tbody td:nth-child(2) a"),
];

/**
 * The review list's keyboard: j and k move the focus from row to row (on each row's link to
 * the application, so Enter opens it, the focus ring shows where she is and the row is
 * highlighted), a and r open the focused row's application with its approval or its rejection
 * (reasons) to confirm there, / goes to the search field, ? lists the shortcuts.
 */
export function ReviewListKeys({
  rows,
}: {
  rows: readonly { id: number; fullName: string; status: SubmissionStatus }[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { message, announce } = useAnnouncer();
  const [helpOpen, setHelpOpen] = useState(false);
  // The row last moved to, for when the focus has since left the table.
  const selected = useRef(-1);

  useEffect(() => {
    selected.current = -1;
  }, [rows]);

  // Sent here by "/" on an application's page.
  const state = location.state as ReviewKeyState | null;
  useEffect(() => {
    if (state?.focusSearch) document.getElementById("q")?.focus();
  }, [location.key, state?.focusSearch]);

  // Escape leaves the search field for the list, where the letters are shortcuts again (it
  // would otherwise empty the field, which the browser does for a search box).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const field = event.target;
      if (event.key !== "Escape" || !(field instanceof HTMLInputElement) || field.id !== "q") {
        return;
      }
      event.preventDefault();
      field.blur();
      announce(t("admin.keys.leftSearch"));
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [announce, t]);

  const current = () => {
    const row = document.activeElement?.closest(".review-table > tbody > tr");
    const index = row ? rowLinks().findIndex((link) => row.contains(link)) : -1;
    return index >= 0 ? index : selected.current;
  };

  const nameOf = (index: number) => rows[index]?.fullName || t("admin.privacy.erasedName");

  const move = (step: 1 | -1) => {
    const links = rowLinks();
    if (links.length === 0) return announce(t("admin.list.empty"));
    const from = current();
    const to = from < 0 ? 0 : from + step;
    if (to < 0 || to >= links.length) {
      links[from]?.focus();
      return announce(t(step > 0 ? "admin.keys.lastOnPage" : "admin.keys.firstOnPage"));
    }
    selected.current = to;
    links[to]!.focus();
    announce(
      t("admin.keys.at", {
        name: nameOf(to),
        position: to + 1,
        total: links.length,
        status: rows[to] ? t(`admin.status.${rows[to].status}`) : "",
      }),
    );
  };

  const decide = (to: "Aprovado" | "Reprovado") => {
    const index = current();
    const link = rowLinks()[index];
    if (!link) return announce(t("admin.keys.chooseFirst"));
    announce(
      t(to === "Aprovado" ? "admin.keys.openingToApprove" : "admin.keys.openingToReject", {
        name: nameOf(index),
      }),
    );
    navigate(link.getAttribute("href")!, { state: { decide: to } satisfies ReviewKeyState });
  };

  useReviewShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    approve: () => decide("Aprovado"),
    reject: () => decide("Reprovado"),
    search: () => {
      const field = document.getElementById("q");
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      announce(t("admin.keys.searching"));
    },
    help: () => setHelpOpen(true),
  });

  return (
    <KeyboardHelp screen="list" open={helpOpen} onOpenChange={setHelpOpen} message={message} />
  );
}
