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

  // Numbers this page's next write, so that the server never applies an older one after it
  // (edit-stamp.ts). Made on the first write: a server render has no page to name.
  const stamp = () => {
    writes.current ??= { session: crypto.randomUUID(), seq: 0 };
    writes.current.seq += 1;
    const fields = form.current?.elements;
    if (!fields) return;
    (fields.namedItem(EDIT_SESSION_FIELD) as HTMLInputElement).value = writes.current.session;
    (fields.namedItem(EDIT_SEQ_FIELD) as HTMLInputElement).value = String(writes.current.seq);
  };
  const save = () => {
    clearTimeout(timer.current);
    if (!form.current) return;
    stamp();
    const data = new FormData(form.current);
    data.set("intent", "save");
    setDirty(false);
    void fetcher.submit(data, { method: "post" });
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
      onSubmit={() => {
        clearTimeout(timer.current);
        stamp();
        setDirty(false);
      }}
      className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      aria-label={t("admin.blog.editorLabel")}
    >
      <input type="hidden" name={EDIT_SESSION_FIELD} defaultValue="" />
      <input type="hidden" name={EDIT_SEQ_FIELD} defaultValue="" />
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
        previewPath={answer?.ok ? answer.previewPath : undefined}
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
