import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { StoredImage } from "#app/features/images/media.ts";
import type { TranslationView } from "#app/features/blog/editor.server.ts";
import type { BlogTranslationFields } from "#app/db/schema.server.ts";
import { sanitizeBody, type Body } from "#app/features/blog/body.ts";
import { missingToPublish } from "#app/features/blog/publish-requirements.ts";
import { ArticleDetails, focusField, WritingFields } from "./article-fields.tsx";
import { useArticleSave } from "./use-article-save.ts";
import type { EditorResult } from "./editor-result.ts";
import { LeaveGuard } from "./leave-guard.tsx";
import { clearLocalCopy, readLocalCopy, type DraftFields, type LocalCopy } from "./local-copy.ts";
import { LocalCopyOffer } from "./local-copy-offer.tsx";
import { PublishPanel } from "./publish-panel.tsx";
import { SaveStatus } from "./save-status.tsx";

/** Errors that are not an editor field's: the form's own, and the time to publish at (beside the button). */
const NOT_FOCUSED = new Set(["form", "publishAt"]);

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
 * discarded text would stay on screen and the next autosave would bring it back). When this
 * browser holds words of hers the server never got (a dropped connection, a closed tab), it
 * offers them back before anything else.
 */
export function ArticleEditor(props: EditorProps) {
  const { id, language, translation } = props;
  const fetcher = useFetcher<EditorResult>({ key: `article-${id}-${language}` });
  const [start, setStart] = useState<{
    answer?: EditorResult;
    count: number;
    restored?: LocalCopy;
  }>({ count: 0 });
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  // Idle: the page's data has been read again, so the live copy is what the form starts from.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer?.ok && answer.done === "discarded" && answer !== start.answer) {
    setStart({ answer, count: start.count + 1 });
  }
  useEffect(() => {
    const copy = readLocalCopy(id, language);
    if (!copy) return;
    // Already what the server has (its answer was lost, not the save): nothing to offer.
    if (sameAsSaved(copy.fields, translation.working)) clearLocalCopy(id, language);
    else setOffer(copy);
    // Read once, when the editor opens: later copies are this page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const working = start.restored
    ? restoredFields(translation.working, start.restored.fields)
    : translation.working;
  return (
    <>
      {offer ? (
        <LocalCopyOffer
          copy={offer}
          savedAt={translation.updatedAt}
          onRestore={() => {
            setStart({ ...start, count: start.count + 1, restored: offer });
            setOffer(null);
          }}
          onDiscard={() => {
            clearLocalCopy(id, language);
            setOffer(null);
          }}
        />
      ) : null}
      <EditorForm
        key={start.count}
        {...props}
        translation={{ ...translation, working }}
        restored={Boolean(start.restored)}
        // While the offer is open, this page must not overwrite the copy it offers.
        keepLocalCopy={offer === null}
      />
    </>
  );
}

/** The server's fields with what the local copy holds put back (the body from its JSON). */
function restoredFields(server: BlogTranslationFields, copy: DraftFields): BlogTranslationFields {
  const fields: Record<string, unknown> = { ...server };
  for (const [name, value] of Object.entries(copy)) {
    // The cover stays the server's: its picture is shown from the page's data.
    if (name === "coverImageId" || !(name in server)) continue;
    if (name === "body") {
      try {
        fields.body = sanitizeBody(JSON.parse(value));
      } catch {
        // An unreadable body is not offered back over the saved one.
      }
    } else fields[name] = value;
  }
  return fields as unknown as BlogTranslationFields;
}

/** Whether the copy holds nothing the server does not have already. */
function sameAsSaved(copy: DraftFields, saved: BlogTranslationFields) {
  const restored = restoredFields(saved, copy);
  return (Object.keys(saved) as (keyof BlogTranslationFields)[]).every(
    (name) => JSON.stringify(restored[name]) === JSON.stringify(saved[name]),
  );
}

/**
 * Its fields and body in one form, saved by itself a moment after each change (a draft in
 * place; a live article's changes held aside until published), with publishing beside it.
 *
 * Nothing she types is lost (issue 27): every change is copied into this browser at once
 * (local-copy.ts) and cleared only when the server has it; a save that cannot get through keeps
 * the editor, says so and tries again, sooner when the connection comes back; leaving for
 * another page of the app, or opening the preview, saves first and asks her if it cannot.
 * Whatever the server refuses is shown at its field.
 */
function EditorForm({
  id,
  language,
  translation,
  cover,
  result,
  restored,
  keepLocalCopy,
}: EditorProps & { restored: boolean; keepLocalCopy: boolean }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(() => missingToPublish(translation.working));
  const { fetcher, form, body, unsaved, lastIntent, changed, save, send, flush, hasUnsaved } =
    useArticleSave({
      id,
      language,
      initialBody: translation.working.body,
      restored,
      keepLocalCopy,
      onFields: (fields) => {
        const now = missingToPublish({
          title: fields.title ?? "",
          category: fields.category ?? "",
          excerpt: fields.excerpt ?? "",
          description: fields.description ?? "",
          body: JSON.parse(fields.body ?? "{}") as Body,
        });
        setMissing((before) => (now.join() === before.join() ? before : now));
      },
    });
  const answer = fetcher.data ?? result;
  const errors = answer && !answer.ok ? answer.errors : {};

  // A refused publication takes her to the first thing it lacks.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return;
    if (lastIntent.current !== "publish" && lastIntent.current !== "schedule") return;
    // The time to publish at is beside the button, its error with it.
    const first = Object.keys(fetcher.data.errors).find((name) => !NOT_FOCUSED.has(name));
    if (first) focusField(first);
  }, [fetcher.state, fetcher.data, lastIntent]);

  const unreachable = answer && !answer.ok ? answer.unreachable : undefined;
  const hasPendingChanges =
    answer?.ok && answer.hasPendingChanges !== undefined
      ? answer.hasPendingChanges
      : translation.hasPendingChanges;
  const status = (
    <SaveStatus
      saving={fetcher.state === "submitting"}
      unsaved={unsaved}
      unreachable={unreachable}
      answer={answer}
    />
  );

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
      className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
      aria-label={t("admin.blog.editorLabel")}
    >
      <div className="min-w-0 space-y-4">
        {translation.state !== "draft" && hasPendingChanges ? (
          <p className="rounded-xl bg-sand-100 px-4 py-2 text-sm font-medium text-ink-800 ring-1 ring-sand-300">
            {t("admin.blog.pendingNotice")}
          </p>
        ) : null}
        <WritingFields
          language={language}
          fields={translation.working}
          errors={errors}
          required={missing}
          status={status}
          onBodyChange={(value) => {
            body.current = JSON.stringify(value);
            changed();
          }}
        />
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-coral-700">
            {t(errors.form)}
          </p>
        ) : null}
      </div>
      <div className="min-w-0 space-y-6">
        <PublishPanel
          id={id}
          language={language}
          translation={translation}
          errors={errors}
          busy={fetcher.state !== "idle"}
          missing={missing}
          refusal={publishRefusal(answer, lastIntent.current)}
          previewUrl={answer?.ok ? answer.previewUrl : undefined}
          flush={flush}
        />
        <ArticleDetails
          id={id}
          language={language}
          fields={translation.working}
          cover={cover}
          errors={errors}
          required={missing}
          onCoverChange={save}
        />
      </div>
      {/* On a phone the publishing panel is below the text: one tap away, wherever she is. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t border-ink-200 bg-white/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-t-xl xl:hidden">
        <span className="text-sm text-ink-700">
          {missing.length
            ? t("admin.blog.needs.count", { count: missing.length })
            : t("admin.blog.needs.ready")}
        </span>
        <a href="#publish-panel" className="btn btn-primary btn-sm">
          <Icon name="send" /> {t("admin.blog.goToPublishing")}
        </a>
      </div>
      <LeaveGuard unsaved={hasUnsaved} flush={flush} />
    </fetcher.Form>
  );
}

/** What the publish button's last press came to, when it was refused or did not get through. */
function publishRefusal(answer: EditorResult | undefined, intent: string) {
  if (!answer || answer.ok || (intent !== "publish" && intent !== "schedule")) return undefined;
  return {
    draftSaved: Boolean(answer.savedAt),
    unreachable: answer.unreachable,
    fields: Object.keys(answer.errors).filter((name) => name !== "form" && name !== "publishAt"),
  };
}

export type PublishRefusal = NonNullable<ReturnType<typeof publishRefusal>>;
