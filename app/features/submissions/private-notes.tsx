import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Label } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { AGENCY_TIME_ZONE } from "#app/utils/agency-time.ts";
import type { NoteView } from "./notes.server.ts";
import { MentionTextarea } from "./mention-textarea.tsx";
import { NOTE_EDIT_MINUTES, NOTE_MAX_LENGTH, splitMentions, type Mentionable } from "./notes.ts";

type Note = Omit<NoteView, "createdAt" | "editedAt"> & {
  createdAt: string | Date;
  editedAt: string | Date | null;
};

type Answer = { ok: true; intent: string } | { ok: false; error: string; body?: string };

/** A moment on the agency's clock (Brasília), the same on the server and in every browser. */
function agencyWhen(value: string | Date, language: string) {
  return new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: AGENCY_TIME_ZONE,
  }).format(new Date(value));
}

const deleteKey = (applicationId: number) => `notes-delete-${applicationId}`;

/** Sent once the page's scripts run, so the answer comes back as data (routes/admin/submission-notes.tsx). */
function useScripted() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}

/** The note's text as written, every character as it is (React escapes it), mentions in bold. */
function NoteBody({ note }: { note: Note }) {
  return (
    <p className="mt-2 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-ink-800">
      {splitMentions(note.body, note.mentions).map((piece, index) =>
        piece.mention ? (
          <strong key={index} className="font-semibold text-brand-800">
            {piece.text}
          </strong>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}

/**
 * The team's private notes on her application: an internal panel, marked as such (a lock, "only
 * the team sees these", a sand background unlike the decision's form, whose note is hers). Each
 * note says who wrote it and when, Brasília time; its author may change or delete it for ten
 * minutes. Plain forms that work without JavaScript; with it, posted in place, the box emptied
 * and the caret left in it for the next note.
 */
export function PrivateNotes({
  applicationId,
  notes,
  people,
  viewerId,
}: {
  applicationId: number;
  notes: readonly Note[];
  people: readonly Mentionable[];
  viewerId: string;
}) {
  const { t } = useTranslation();
  const action = `/admin/cadastros/${applicationId}/notes`;
  const adding = useFetcher<Answer>({ key: `notes-${applicationId}` });
  // Shared with each note's delete button (OwnNoteActions): the deleted note's buttons are gone
  // by the time its answer is read, so the panel says it and takes the focus.
  const deleting = useFetcher<Answer>({ key: deleteKey(applicationId) });
  const scripted = useScripted();
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState("");
  const done = new URLSearchParams(useLocation().search).get("notes");

  // Each answer is acted on once: a later render (the page revalidated after another panel's
  // form, a new `t`) must not take her focus back to the notes from wherever she is.
  const handled = useRef(new WeakSet<object>());
  useEffect(() => {
    if (adding.state !== "idle" || !adding.data || handled.current.has(adding.data)) return;
    handled.current.add(adding.data);
    if (adding.data.ok) {
      setText("");
      setSaid(t("admin.notes.done.added"));
      box.current?.focus();
    }
  }, [adding.state, adding.data, t]);

  useEffect(() => {
    if (deleting.state !== "idle" || !deleting.data || handled.current.has(deleting.data)) return;
    handled.current.add(deleting.data);
    if (deleting.data.ok) setSaid(t("admin.notes.done.deleted"));
    heading.current?.focus();
  }, [deleting.state, deleting.data, t]);

  const refused = adding.data && !adding.data.ok ? adding.data : null;
  const refusedDelete = deleting.data && !deleting.data.ok ? deleting.data : null;
  return (
    <section
      id="notes"
      aria-labelledby="notes-title"
      className="rounded-2xl bg-sand-50 p-5 ring-1 ring-sand-300 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-sand-200 text-ink-800">
          <Icon name="lock-keyhole" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2
            id="notes-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-ink-900 outline-none"
          >
            {t("admin.notes.title")}
          </h2>
          <p className="mt-0.5 text-sm text-ink-700">{t("admin.notes.internal")}</p>
        </div>
      </div>

      {done && ["added", "edited", "deleted"].includes(done) ? (
        <div className="mt-4">
          <FormMessage tone="notice">{t(`admin.notes.done.${done}`)}</FormMessage>
        </div>
      ) : null}

      {refusedDelete ? (
        <p role="alert" className="mt-4 text-sm font-medium text-coral-700">
          {t(refusedDelete.error, { minutes: NOTE_EDIT_MINUTES })}
        </p>
      ) : null}

      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-ink-600">{t("admin.notes.none")}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              own={note.authorId === viewerId && note.editable}
              action={action}
              deleteKey={deleteKey(applicationId)}
              people={people}
              scripted={scripted}
            />
          ))}
        </ol>
      )}

      <adding.Form method="post" action={action} className="mt-5 space-y-2">
        <input type="hidden" name="intent" value="add" />
        {scripted ? <input type="hidden" name="js" value="1" /> : null}
        <Label htmlFor="note-body">{t("admin.notes.label")}</Label>
        <p id="note-body-hint" className="text-xs text-ink-600">
          {t("admin.notes.hint", { minutes: NOTE_EDIT_MINUTES })}
        </p>
        <MentionTextarea
          id="note-body"
          name="body"
          required
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={refused ? "note-body-hint note-body-error" : "note-body-hint"}
          aria-invalid={refused ? true : undefined}
          people={people}
          value={text}
          onValueChange={setText}
          textareaRef={box}
          className="bg-white"
        />
        {refused ? (
          <p id="note-body-error" role="alert" className="text-sm font-medium text-coral-700">
            {t(refused.error, { minutes: NOTE_EDIT_MINUTES })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={adding.state !== "idle"}>
            <Icon name="lock-keyhole" />
            {t("admin.notes.add")}
          </Button>
          <p role="status" className="text-sm text-ink-700">
            {said}
          </p>
        </div>
      </adding.Form>
    </section>
  );
}

/** One note: who wrote it and when (Brasília time), "edited" if it was, its text, her buttons. */
function NoteItem({
  note,
  own,
  action,
  deleteKey,
  people,
  scripted,
}: {
  note: Note;
  /** Hers, and still within the time she may change it. */
  own: boolean;
  action: string;
  deleteKey: string;
  people: readonly Mentionable[];
  scripted: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className="rounded-xl bg-white p-3 ring-1 ring-sand-200">
      <p className="text-xs text-ink-600">
        <span className="font-semibold text-ink-900">
          {note.author ?? t("admin.notes.formerStaff")}
        </span>{" "}
        ·{" "}
        <time dateTime={new Date(note.createdAt).toISOString()}>
          {agencyWhen(note.createdAt, i18n.language)}
        </time>
        {note.editedAt ? (
          <>
            {" "}
            · <span>{t("admin.notes.editedMark")}</span>
          </>
        ) : null}
      </p>
      <NoteBody note={note} />
      {own ? (
        <OwnNoteActions
          note={note}
          when={agencyWhen(note.createdAt, i18n.language)}
          action={action}
          deleteKey={deleteKey}
          people={people}
          scripted={scripted}
        />
      ) : null}
    </li>
  );
}

/** Edit and delete, for her own note while it may still change. */
function OwnNoteActions({
  note,
  when,
  action,
  deleteKey,
  people,
  scripted,
}: {
  note: Note;
  /** When she wrote it, as the note shows it: which note these buttons are for. */
  when: string;
  action: string;
  people: readonly Mentionable[];
  scripted: boolean;
  /** The panel's delete fetcher (the panel reads its answer). */
  deleteKey: string;
}) {
  const { t } = useTranslation();
  const editing = useFetcher<Answer>();
  const deleting = useFetcher<Answer>({ key: deleteKey });
  const [text, setText] = useState(note.body);
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (editing.state === "idle" && editing.data?.ok && details.current) {
      details.current.open = false;
      details.current.querySelector("summary")?.focus();
    }
  }, [editing.state, editing.data]);
  const refused = editing.data && !editing.data.ok ? editing.data : null;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-start gap-2">
        <details ref={details} className="group min-w-0 flex-1">
          <summary className="inline-flex cursor-pointer items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
            <Icon name="pencil" className="size-4" />
            {t("admin.notes.edit")}
            <span className="sr-only"> {t("admin.notes.yourNoteOf", { time: when })}</span>
          </summary>
          <editing.Form method="post" action={action} className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="note" value={note.id} />
            {scripted ? <input type="hidden" name="js" value="1" /> : null}
            <Label htmlFor={`note-${note.id}-body`} className="sr-only">
              {t("admin.notes.edit")} — {t("admin.notes.yourNoteOf", { time: when })}
            </Label>
            <MentionTextarea
              id={`note-${note.id}-body`}
              name="body"
              required
              maxLength={NOTE_MAX_LENGTH}
              people={people}
              value={text}
              onValueChange={setText}
              className="bg-white"
            />
            <Button type="submit" size="sm" variant="secondary" disabled={editing.state !== "idle"}>
              {t("admin.notes.save")}
            </Button>
          </editing.Form>
        </details>
        <deleting.Form method="post" action={action}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="note" value={note.id} />
          {scripted ? <input type="hidden" name="js" value="1" /> : null}
          <button
            type="submit"
            disabled={deleting.state !== "idle"}
            className="inline-flex items-center gap-1 text-sm font-semibold text-coral-700 hover:underline"
          >
            <Icon name="trash" className="size-4" />
            {t("admin.notes.delete")}
            <span className="sr-only"> {t("admin.notes.yourNoteOf", { time: when })}</span>
          </button>
        </deleting.Form>
      </div>
      <p className="mt-1 text-xs text-ink-500">
        {t("admin.notes.window", { minutes: NOTE_EDIT_MINUTES })}
      </p>
      {refused ? (
        <p role="alert" className="mt-1 text-sm font-medium text-coral-700">
          {t(refused.error, { minutes: NOTE_EDIT_MINUTES })}
        </p>
      ) : null}
    </div>
  );
}
