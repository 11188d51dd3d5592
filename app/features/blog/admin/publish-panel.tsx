import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime, toAgencyLocal } from "#app/utils/agency-time.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import type { TranslationView } from "#app/features/blog/editor.server.ts";
import {
  PUBLISH_REQUIREMENTS,
  type PublishRequirement,
} from "#app/features/blog/publish-requirements.ts";
import type { PublishRefusal } from "./article-editor.tsx";
import { focusField } from "./article-fields.tsx";
import { UnsavedDialog } from "./leave-guard.tsx";
import { PrivateLink } from "./private-link.tsx";
import { StateBadge } from "./state-badge.tsx";

/**
 * Beside the editor: the translation's state, what publishing still needs, its preview,
 * publishing now or at a time (Brasília time), taking it off the site, a private link to share
 * the draft, and deleting the article. Its buttons send the editor's form, so what is on screen
 * is what is published; the preview opens once her latest words are saved (or she chose to see
 * the last saved version).
 */
export function PublishPanel({
  id,
  language,
  translation,
  errors,
  busy,
  missing,
  refusal,
  previewUrl,
  flush,
}: {
  id: number;
  language: string;
  translation: TranslationView;
  errors: FieldErrors;
  busy: boolean;
  missing: readonly PublishRequirement[];
  refusal?: PublishRefusal;
  previewUrl?: string;
  flush: () => Promise<"saved" | "failed">;
}) {
  const { t, i18n } = useTranslation();
  const { state, publishAt } = translation;
  const when = publishAt ? formatAgencyTime(publishAt, i18n.language) : null;
  const preview = `/admin/blog/${id}/${language}/preview`;
  const [askPreview, setAskPreview] = useState(false);
  const openPreview = () => {
    // Opened by the page after the save, so allowed by the browser within the click's moments;
    // refused (a slow save), the preview opens here instead: her words are saved.
    if (!window.open(preview, "_blank")) window.location.assign(preview);
  };
  return (
    <aside
      id="publish-panel"
      aria-labelledby="publish-title"
      className="card h-fit min-w-0 scroll-mt-4 space-y-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="publish-title" className="section-title">
          {t("admin.blog.publishing")}
        </h2>
        <StateBadge state={state} />
      </div>
      {when ? (
        <p className="text-sm text-ink-700">{t(`admin.blog.stateSince.${state}`, { when })}</p>
      ) : null}
      <PublishChecklist missing={missing} />
      {state === "published" ? (
        <Link
          to={`/blog/${translation.liveSlug}?lang=${language}`}
          target="_blank"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          <Icon name="external-link" className="size-4" /> {t("admin.blog.viewLive")}
          <span className="sr-only"> ({t("admin.blog.newTab")})</span>
        </Link>
      ) : null}
      <Link
        to={preview}
        target="_blank"
        onClick={(event) => {
          // Her latest words first: the preview shows what is saved.
          event.preventDefault();
          void flush().then((outcome) =>
            outcome === "saved" ? openPreview() : setAskPreview(true),
          );
        }}
        className="btn btn-secondary btn-md w-full"
      >
        <Icon name="eye" /> {t("admin.blog.preview")}
        <span className="sr-only"> ({t("admin.blog.newTab")})</span>
      </Link>
      {askPreview ? (
        <UnsavedDialog
          id="preview-unsaved"
          question="preview"
          onStay={() => setAskPreview(false)}
          onGo={() => {
            setAskPreview(false);
            openPreview();
          }}
        />
      ) : null}
      <div className="space-y-3">
        <Button type="submit" name="intent" value="publish" disabled={busy} className="w-full">
          <Icon name="send" />{" "}
          {t(state === "published" ? "admin.blog.update" : "admin.blog.publishNow")}
        </Button>
        {refusal ? <RefusalNotice refusal={refusal} /> : null}
      </div>
      {state !== "published" ? (
        <div className="space-y-3 border-t border-ink-200 pt-4">
          <Field
            id="publish-at"
            label={t("admin.blog.publishAt")}
            hint={t("admin.blog.hints.publishAt")}
            error={errors.publishAt ? t(errors.publishAt) : undefined}
          >
            {(aria) => (
              <Input
                {...aria}
                name="publishAt"
                type="datetime-local"
                className="min-w-0"
                defaultValue={
                  publishAt && state === "scheduled" ? toAgencyLocal(new Date(publishAt)) : ""
                }
              />
            )}
          </Field>
          <Button
            type="submit"
            name="intent"
            value="schedule"
            variant="secondary"
            disabled={busy}
            className="w-full"
          >
            <Icon name="calendar-clock" /> {t("admin.blog.schedule")}
          </Button>
        </div>
      ) : null}
      <MoreActions
        id={id}
        language={language}
        translation={translation}
        busy={busy}
        previewUrl={previewUrl}
      />
    </aside>
  );
}

/** What publishing needs, ticked off as she writes; each missing one a link to its field. */
function PublishChecklist({ missing }: { missing: readonly PublishRequirement[] }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-sand-50 p-3 text-sm">
      <p id="publish-needs" className="font-semibold text-ink-900">
        {missing.length ? t("admin.blog.needs.title") : t("admin.blog.needs.ready")}
      </p>
      <ul aria-labelledby="publish-needs" className="mt-2 space-y-1">
        {PUBLISH_REQUIREMENTS.map((name) => {
          const done = !missing.includes(name);
          const label = t(`admin.blog.fields.${name}`);
          return (
            <li key={name} className="flex items-center gap-2">
              <Icon
                name={done ? "check" : "circle"}
                className={done ? "size-4 text-brand-700" : "size-4 text-ink-400"}
              />
              {done ? (
                <span className="text-ink-600">
                  {label}
                  <span className="sr-only"> ({t("admin.blog.needs.done")})</span>
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => focusField(name)}
                  className="text-start font-medium text-brand-800 underline-offset-2 hover:underline"
                >
                  {label}
                  <span className="sr-only"> ({t("admin.blog.needs.missing")})</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Why the publish button's last press did not put the article live, beside the button: the
 * draft is saved and what is missing (each a link to its field), a field to correct, or no
 * connection (her words kept, saved when it is back).
 */
function RefusalNotice({ refusal }: { refusal: PublishRefusal }) {
  const { t } = useTranslation();
  const { fields, draftSaved, unreachable } = refusal;
  const message = unreachable
    ? t(`admin.blog.refused.${unreachable}`)
    : draftSaved
      ? t("admin.blog.refused.missing", { count: fields.length })
      : t("admin.blog.refused.fields");
  return (
    <div
      role="alert"
      className="rounded-xl bg-sand-100 p-3 text-sm text-ink-900 ring-1 ring-coral-300"
    >
      <p className="font-semibold text-coral-700">{message}</p>
      {fields.length && !unreachable ? (
        <ul className="mt-2 list-disc space-y-1 ps-5">
          {fields.map((name) => (
            <li key={name}>
              <button
                type="button"
                onClick={() => focusField(name)}
                className="font-medium underline underline-offset-2"
              >
                {t(`admin.blog.fields.${name}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Less frequent: drop held-aside changes, take it off the site, share, history, delete. */
function MoreActions({
  id,
  language,
  translation,
  busy,
  previewUrl,
}: {
  id: number;
  language: string;
  translation: TranslationView;
  busy: boolean;
  previewUrl?: string;
}) {
  const { t } = useTranslation();
  const { state, previewExpiresAt } = translation;
  return (
    <div className="space-y-3 border-t border-ink-200 pt-4 text-sm">
      {translation.hasPendingChanges ? (
        <Button
          type="submit"
          name="intent"
          value="discard"
          variant="ghost"
          size="sm"
          disabled={busy}
        >
          <Icon name="undo-2" /> {t("admin.blog.discard")}
        </Button>
      ) : null}
      {state !== "draft" ? (
        <Button
          type="submit"
          name="intent"
          value="unpublish"
          variant="ghost"
          size="sm"
          disabled={busy}
        >
          <Icon name={state === "scheduled" ? "x" : "eye-off"} />{" "}
          {t(state === "scheduled" ? "admin.blog.cancelSchedule" : "admin.blog.unpublish")}
        </Button>
      ) : null}
      <PrivateLink url={previewUrl} expiresAt={previewExpiresAt} busy={busy} />
      <Link
        to={`/admin/blog/${id}/${language}/history`}
        className="flex items-center gap-1 font-semibold text-brand-800 hover:underline"
      >
        <Icon name="rotate-ccw-clock" className="size-4" /> {t("admin.blog.history")}
      </Link>
      <ConfirmDialog
        trigger={
          <>
            <Icon name="trash" /> {t("admin.blog.delete")}
          </>
        }
        triggerClassName="btn btn-ghost btn-sm text-coral-700"
      >
        <p className="text-sm text-ink-700">{t("admin.blog.deleteExplain")}</p>
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" name="intent" value="delete" size="sm" className="mt-3 bg-coral-700">
          {t("admin.blog.deleteConfirm")}
        </Button>
      </ConfirmDialog>
    </div>
  );
}
