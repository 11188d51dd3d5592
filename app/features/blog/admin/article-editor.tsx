import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { StoredImage } from "#app/features/images/media.ts";
import type { TranslationView } from "#app/features/blog/editor.server.ts";
import { EDIT_SEQ_FIELD, EDIT_SESSION_FIELD } from "#app/features/blog/edit-stamp.ts";
import { ArticleFields } from "./article-fields.tsx";
import type { EditorResult } from "./editor-result.ts";
import { PublishPanel } from "./publish-panel.tsx";
import { SaveStatus } from "./save-status.tsx";

/** Quiet time after the last keystroke before the draft is saved by itself. */
const AUTOSAVE_MS = 1_500;

interface EditorProps {
  id: number;
  language: string;
  translation: TranslationView;
  cover: StoredImage | null;
  result?: EditorResult;
}

/**
 * One translation's editor. Its fields keep what she typed, not what the server last sent: when
 * she discards her unpublished changes, the form starts again from the live copy (else the
 * discarded text would stay on screen and the next autosave would bring it back).
 */
export function ArticleEditor(props: EditorProps) {
  const fetcher = useFetcher<EditorResult>({ key: `article-${props.id}-${props.language}` });
  const [discards, setDiscards] = useState<{ answer?: EditorResult; count: number }>({
    count: 0,
  });
  // Idle: the page's data has been read again, so the live copy is what the form starts from.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer?.ok && answer.done === "discarded" && answer !== discards.answer) {
    setDiscards({ answer, count: discards.count + 1 });
  }
  return <EditorForm key={discards.count} {...props} />;
}

/**
 * Its fields and body in one form, saved by itself a moment after each change (a draft in
 * place; a live article's changes held aside until published), with publishing beside it. Whatever the server refuses is shown at its field, and nothing typed
 * leaves the screen.
 */
function EditorForm({ id, language, translation, cover, result }: EditorProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditorResult>({ key: `article-${id}-${language}` });
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const writes = useRef<{ session: string; seq: number }>(undefined);
  const [dirty, setDirty] = useState(false);
  const answer = fetcher.data ?? result;
  const errors = answer && !answer.ok ? answer.errors : {};

  // Every write of this page is numbered, so that the server never applies an older one after
  // a later one (edit-stamp.ts). The page is named on its first write: a server render has none.
  const send = (data: FormData) => {
    clearTimeout(timer.current);
    writes.current ??= { session: crypto.randomUUID(), seq: 0 };
    data.set(EDIT_SESSION_FIELD, writes.current.session);
    data.set(EDIT_SEQ_FIELD, String(++writes.current.seq));
    setDirty(false);
    void fetcher.submit(data, { method: "post" });
  };
  const save = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("intent", "save");
    send(data);
  };
  const changed = () => {
    setDirty(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(save, AUTOSAVE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // Leaving with changes not yet saved asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      onChange={changed}
      onSubmit={(event) => {
        // Sent here rather than by the form itself, to number it; without script the browser
        // posts the form as it is.
        event.preventDefault();
        send(new FormData(event.currentTarget, event.nativeEvent.submitter));
      }}
      className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      aria-label={t("admin.blog.editorLabel")}
    >
      <div className="min-w-0 space-y-6">
        <SaveStatus
          state={fetcher.state}
          dirty={dirty}
          answer={answer}
          hasPendingChanges={translation.hasPendingChanges}
          live={translation.state !== "draft"}
        />
        <ArticleFields
          id={id}
          language={language}
          fields={translation.working}
          cover={cover}
          errors={errors}
          onBodyChange={changed}
          onCoverChange={save}
        />
      </div>
      <PublishPanel
        id={id}
        language={language}
        translation={translation}
        errors={errors}
        busy={fetcher.state !== "idle"}
        previewUrl={answer?.ok ? answer.previewUrl : undefined}
        onPreview={save}
      />
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-coral-700 xl:col-span-2">
          {t(errors.form)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
