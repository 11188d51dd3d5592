import { Icon } from "#app/components/ui/icon.tsx";
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { preloadToasts, toast, Toaster } from "#app/components/ui/toast.tsx";
import { failureMessageKey } from "#app/features/submissions/failure-message.ts";
import type { ApplicationResult } from "#app/features/submissions/receive.server.ts";
import type { ReplyPromise } from "#app/features/submissions/thank-you.ts";
import { Composer } from "./composer.tsx";
import { newConversation, progress, reduce, type Conversation } from "./conversation.ts";
import { homeCountry } from "./home-country.ts";
import { questions, type Answers } from "./questions.ts";
import { forgetConversation, loadConversation, saveConversation } from "./saved-conversation.ts";
import { Transcript } from "./transcript.tsx";
import { PHOTOS_FIELD } from "#app/features/submissions/photo-limits.ts";

/** A kept conversation, starting by asking for what the browser did not keep, or a new one. */
function initialConversation(): Conversation {
  const kept = loadConversation();
  return kept ? reduce(kept, { type: "resume" }) : newConversation();
}

/**
 * The pre-selection chatbot (spec section 4), in a modal dialog: the browser's own <dialog>
 * keeps the focus inside, closes on Escape and gives the focus back to the launcher.
 * Loaded only when she opens it.
 */
export default function Chatbot({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [conversation, dispatch] = useReducer(reduce, undefined, initialConversation);
  const [confirmingRestart, setConfirmingRestart] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [reply, setReply] = useState<ReplyPromise | null>(null);
  // Her photos' files: in this page's memory only, sent with her answers.
  const [photos, setPhotos] = useState<File[]>([]);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusRef = useRef<HTMLElement>(null);
  const { stage, entries } = conversation;
  const geoCountry = useGeoCountry();

  // Opened before the focus effect below runs, so the focus lands on her answer, not on the
  // first button of the dialog. Toasts load now: a send may fail because the network is gone.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    preloadToasts();
  }, []);

  // Kept until sent or restarted, without her date of birth and document number (see
  // saved-conversation.ts); once sent, nothing of hers stays in the browser.
  useEffect(() => {
    if (stage.kind === "sent") forgetConversation();
    else saveConversation(conversation);
  }, [conversation, stage.kind]);

  // Each new message: scroll it into view and put the focus where she answers.
  const lastEntryId = entries.at(-1)?.id;
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
    if (!confirmingRestart) focusRef.current?.focus({ preventScroll: true });
  }, [lastEntryId, stage.kind, confirmingRestart]);

  const lastEntry = entries.at(-1);
  const invalidEntryId =
    stage.kind === "question" && lastEntry?.from === "bot" && lastEntry.line.kind === "invalid"
      ? lastEntry.id
      : null;

  async function send() {
    if (!conversation.consent) {
      setConsentError(true);
      focusRef.current?.focus();
      return;
    }
    setConsentError(false);
    dispatch({ type: "confirm" });
    const result = await postApplication(i18n.language, conversation.answers, photos);
    if (result?.status === "sent") {
      setReply(result.reply);
      dispatch({ type: "sent" });
      toast({
        title: t("preselection.sentTitle"),
        description: t("preselection.sentDescription"),
        variant: "success",
      });
      return;
    }
    if (result?.status === "invalid") {
      dispatch({ type: "rejected", fieldErrors: result.fieldErrors });
      return;
    }
    const message = result
      ? failureMessageKey(result)
      : { key: "preselection.errorDescription", params: {} };
    dispatch({ type: "failed", message });
    toast({
      title: t("preselection.errorTitle"),
      description: t(message.key, message.params),
      variant: "destructive",
    });
  }

  function restart() {
    forgetConversation();
    setPhotos([]);
    setConfirmingRestart(false);
    setConsentError(false);
    dispatch({ type: "restart" });
  }

  const current = progress(conversation);
  const sending = stage.kind === "sending";

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="chatbot-dialog-title"
      aria-describedby="chatbot-dialog-subtitle"
      onClose={onClose}
      className="fixed inset-0 m-0 flex h-dvh max-h-none w-full max-w-none flex-col overflow-hidden bg-sand-50 p-0 text-ink-900 backdrop:bg-ink-950/55 sm:m-auto sm:h-[min(46rem,calc(100dvh-3rem))] sm:max-w-xl sm:rounded-3xl sm:shadow-2xl sm:ring-1 sm:ring-black/5"
    >
      <ChatHeader
        current={current}
        canRestart={stage.kind !== "welcome"}
        sending={sending}
        onRestart={() => setConfirmingRestart(true)}
        onClose={() => dialogRef.current?.close()}
      />
      {current ? <ProgressBar current={current} /> : null}

      {/* A live log, so screen readers announce each new message; focusable, so the keyboard
          can scroll back through it. (On the list itself the role would hide the list.) */}
      <div
        ref={scrollRef}
        role="log"
        aria-label={t("chatbot.title")}
        // A scrollable region must be reachable from the keyboard (WCAG 2.1.1, axe's rule).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
      >
        <Transcript entries={entries} />
      </div>

      <footer className="border-t border-ink-200/70 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5">
        {confirmingRestart ? (
          <RestartConfirmation onYes={restart} onNo={() => setConfirmingRestart(false)} />
        ) : (
          <Composer
            conversation={conversation}
            dispatch={dispatch}
            onConfirm={() => void send()}
            onRestart={restart}
            onClose={() => dialogRef.current?.close()}
            focusRef={focusRef}
            invalidEntryId={invalidEntryId}
            consentError={consentError}
            reply={stage.kind === "sent" ? reply : null}
            homeCountry={homeCountry(i18n.language, geoCountry, navigator.languages)}
            onPhotos={(files) => {
              setPhotos(files);
              dispatch(
                files.length ? { type: "photos", count: files.length } : { type: "skip-photos" },
              );
            }}
          />
        )}
      </footer>
      <Toaster inDialog />
    </dialog>
  );
}

/**
 * Sends her application: JSON, or with photos a multipart form as the pages send (the browser
 * sets its boundary). Null when the server could not be reached or did not answer JSON.
 */
async function postApplication(
  language: string,
  given: Answers,
  photos: readonly File[],
): Promise<ApplicationResult | null> {
  const answers = { ...given, consent: "on" };
  let body: BodyInit = JSON.stringify(answers);
  const headers: Record<string, string> = { accept: "application/json" };
  if (photos.length) {
    const form = new FormData();
    for (const [name, value] of Object.entries(answers)) form.append(name, value ?? "");
    for (const photo of photos) form.append(PHOTOS_FIELD, photo, photo.name);
    body = form;
  } else {
    headers["content-type"] = "application/json";
  }
  try {
    const response = await fetch(`/api/chatbot?lang=${encodeURIComponent(language)}`, {
      method: "POST",
      headers,
      body,
    });
    return (await response.json()) as ApplicationResult;
  } catch {
    return null;
  }
}

/**
 * The visitor's country as the server's geo lookup sees it (the proxy's header), asked once the
 * chat opens: the pages are cached alike for everyone, so they cannot carry it. Null until it
 * answers, or when it cannot tell.
 */
function useGeoCountry() {
  const [country, setCountry] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fetch("/api/geo-language", { headers: { accept: "application/json" } })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ country?: unknown }>) : null,
      )
      .then((body) => {
        if (current && typeof body?.country === "string") setCountry(body.country);
      })
      .catch(() => {
        // Offline or refused: the page's language decides instead.
      });
    return () => {
      current = false;
    };
  }, []);
  return country;
}

/** The dialog's title bar: what it is, how far she has come, and the ways out. */
function ChatHeader({
  current,
  canRestart,
  sending,
  onRestart,
  onClose,
}: {
  current: number | null;
  canRestart: boolean;
  sending: boolean;
  onRestart: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-3 border-b border-ink-200/70 bg-white px-4 py-3 sm:px-5">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-950">
        <Icon name="message-circle-heart" className="size-5 text-coral-400" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="chatbot-dialog-title" className="truncate text-base font-semibold text-ink-950">
          {t("chatbot.title")}
        </h2>
        <p id="chatbot-dialog-subtitle" className="truncate text-xs text-ink-500">
          {current
            ? t("chatbot.progress", { current, total: questions.length })
            : t("chatbot.subtitle")}
        </p>
      </div>
      {canRestart ? (
        <Button variant="ghost" size="sm" disabled={sending} onClick={onRestart}>
          <Icon name="rotate-ccw" />
          <span className="max-sm:sr-only">{t("chatbot.restart")}</span>
        </Button>
      ) : null}
      <Button variant="ghost" size="icon" aria-label={t("chatbot.close")} onClick={onClose}>
        <Icon name="x" className="size-5!" />
      </Button>
    </header>
  );
}

function ProgressBar({ current }: { current: number }) {
  return (
    <div
      aria-hidden
      className="h-1 bg-brand-100"
      style={{ ["--progress" as string]: `${(current / questions.length) * 100}%` }}
    >
      <div className="h-full w-(--progress) bg-brand-600 transition-[width] duration-300" />
    </div>
  );
}

/** Asked before her answers are thrown away. */
function RestartConfirmation({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-labelledby="chat-restart-question" className="space-y-3">
      <p id="chat-restart-question" className="text-sm font-semibold text-ink-900">
        {t("chatbot.restartConfirm")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={(button) => button?.focus()} onClick={onYes}>
          {t("chatbot.restartYes")}
        </Button>
        <Button variant="secondary" onClick={onNo}>
          {t("chatbot.restartNo")}
        </Button>
      </div>
    </div>
  );
}
