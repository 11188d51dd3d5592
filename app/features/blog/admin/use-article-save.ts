import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EDIT_SEQ_FIELD, EDIT_SESSION_FIELD } from "#app/features/blog/edit-stamp.ts";
import { savedBy, type EditorResult } from "./editor-result.ts";
import { clearLocalCopy, writeLocalCopy, type DraftFields } from "./local-copy.ts";

/** Form fields that are not the translation's: the intent, the write's stamp, the schedule. */
const NOT_A_FIELD = new Set(["intent", EDIT_SESSION_FIELD, EDIT_SEQ_FIELD, "publishAt", "confirm"]);
/** Waits before trying a failed save again (the last one repeats); sooner when back online. */
const RETRY_MS = [2_000, 5_000, 10_000, 20_000, 30_000];
/** Quiet time after the last keystroke before the draft is saved by itself. */
const AUTOSAVE_MS = 1_500;
type Outcome = "saved" | "failed";

/**
 * The editor's saving: every change copied into this browser at once (local-copy.ts) and
 * cleared only when the server has it, an autosave a moment after the last change, a save that
 * cannot get through kept and tried again (sooner when the connection comes back), and `flush`
 * for whatever must wait for her latest words (leaving, the preview).
 */
export function useArticleSave({
  id,
  language,
  initialBody,
  restored,
  keepLocalCopy,
  onFields,
}: {
  id: number;
  language: string;
  initialBody: unknown;
  /** Started from this browser's copy: unsaved from the start, saved at once. */
  restored: boolean;
  keepLocalCopy: boolean;
  /** Her fields after each change (the body as the editor's JSON). */
  onFields: (fields: DraftFields) => void;
}) {
  const fetcher = useFetcher<EditorResult>({ key: `article-${id}-${language}` });
  const form = useRef<HTMLFormElement>(null);
  const body = useRef(JSON.stringify(initialBody));
  const autosave = useRef<ReturnType<typeof setTimeout>>(undefined);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempts: number }>({
    attempts: 0,
  });
  const writes = useRef<{ session: string; seq: number }>(undefined);
  // Changes made, the last one a request carried, the last one the server confirmed.
  const edits = useRef({ made: restored ? 1 : 0, sent: 0, saved: 0 });
  const [unsaved, setUnsaved] = useState(restored);
  const lastIntent = useRef<string>("save");
  const waiting = useRef<((outcome: Outcome) => void)[]>([]);
  const inFlight = useRef(false);
  inFlight.current = fetcher.state !== "idle";
  // The fetcher is a new object at each of its changes: read through a ref, so that `save` and
  // `flush` stay the same functions (effects that depend on them do not run again).
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;
  const fieldsOf = useCallback((data: FormData): DraftFields => {
    const fields: DraftFields = {};
    for (const [name, value] of data) {
      if (typeof value === "string" && !NOT_A_FIELD.has(name)) fields[name] = value;
    }
    return fields;
  }, []);

  // Every write of this page is numbered, so that the server never applies an older one after
  // a later one (edit-stamp.ts). The page is named on its first write: a server render has none.
  const send = useCallback((data: FormData) => {
    clearTimeout(autosave.current);
    clearTimeout(retry.current.timer);
    writes.current ??= { session: crypto.randomUUID(), seq: 0 };
    data.set("body", body.current);
    data.set(EDIT_SESSION_FIELD, writes.current.session);
    data.set(EDIT_SEQ_FIELD, String(++writes.current.seq));
    const intent = String(data.get("intent") ?? "save");
    lastIntent.current = intent;
    edits.current.sent = edits.current.made;
    // An autosave changes nothing else on the page: reading its data again would only add a
    // request that can fail on a bad connection (and the router shows a failed read as an
    // error page). The other buttons change the article's state, which the page then reads.
    void latestFetcher.current.submit(data, {
      method: "post",
      ...(intent === "save" ? { defaultShouldRevalidate: false } : {}),
    });
  }, []);

  const save = useCallback(() => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("intent", "save");
    send(data);
  }, [send]);

  const changed = () => {
    edits.current.made++;
    setUnsaved(true);
    if (form.current) {
      const data = new FormData(form.current);
      data.set("body", body.current);
      const fields = fieldsOf(data);
      if (keepLocalCopy) writeLocalCopy(id, language, fields);
      onFields(fields);
    }
    clearTimeout(autosave.current);
    autosave.current = setTimeout(save, AUTOSAVE_MS);
  };

  /** Saves what is not saved yet, and tells whether the server has it all. */
  const flush = useCallback(
    () =>
      new Promise<Outcome>((resolve) => {
        const { made, sent, saved } = edits.current;
        if (made <= saved) return resolve("saved");
        waiting.current.push(resolve);
        // A save already on its way with every change in it is waited for, not sent twice.
        if (made > sent || !inFlight.current) save();
      }),
    [save],
  );

  // What became of each request: stored, refused, or not through (then tried again).
  const handled = useRef<EditorResult>(undefined);
  useEffect(() => {
    const done = fetcher.data;
    if (fetcher.state !== "idle" || !done || handled.current === done) return;
    handled.current = done;
    const settle = (outcome: Outcome) => {
      const waiters = waiting.current;
      waiting.current = [];
      for (const resolve of waiters) resolve(outcome);
    };
    if (savedBy(done)) {
      retry.current.attempts = 0;
      edits.current.saved = Math.max(edits.current.saved, edits.current.sent);
      if (edits.current.saved >= edits.current.made) {
        clearLocalCopy(id, language);
        setUnsaved(false);
        settle("saved");
      }
    } else {
      if (!done.ok && done.unreachable) {
        const { attempts } = retry.current;
        retry.current.attempts = attempts + 1;
        clearTimeout(retry.current.timer);
        retry.current.timer = setTimeout(save, RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)]);
      }
      settle("failed");
    }
  }, [fetcher.state, fetcher.data, id, language, save]);

  // Back online: what waits is sent at once rather than at the next try.
  useEffect(() => {
    const online = () => {
      if (edits.current.made > edits.current.saved && !inFlight.current) save();
    };
    window.addEventListener("online", online);
    const timers = retry.current;
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(autosave.current);
      clearTimeout(timers.timer);
    };
  }, [save]);

  // Restored from this browser's copy: saved straight away, as if just typed.
  useEffect(() => {
    if (restored) save();
  }, [restored, save]);

  return {
    fetcher,
    form,
    body,
    unsaved,
    lastIntent,
    changed,
    save,
    send,
    flush,
    hasUnsaved: () => edits.current.made > edits.current.saved,
  };
}
