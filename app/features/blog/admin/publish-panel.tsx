import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime, toAgencyLocal } from "#app/utils/agency-time.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import type { TranslationView } from "#app/features/blog/editor.server.ts";
import { PrivateLink } from "./private-link.tsx";
import { StateBadge } from "./state-badge.tsx";

/**
 * Beside the editor: the translation's state, its preview, publishing now or at a time (Brasília
 * time), taking it off the site, a private link to share the draft, and deleting the article.
 * Its buttons send the editor's form, so what is on screen is what is published.
 */
export function PublishPanel({
  id,
  language,
  translation,
  errors,
  busy,
  previewUrl,
  onPreview,
}: {
  id: number;
  language: string;
  translation: TranslationView;
  errors: FieldErrors;
  busy: boolean;
  previewUrl?: string;
  onPreview: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { state, publishAt } = translation;
  const when = publishAt ? formatAgencyTime(publishAt, i18n.language) : null;
  return (
    <aside aria-labelledby="publish-title" className="card h-fit space-y-5 xl:sticky xl:top-24">
      <div className="flex items-center justify-between gap-3">
        <h2 id="publish-title" className="section-title">
          {t("admin.blog.publishing")}
        </h2>
        <StateBadge state={state} />
      </div>
      {when ? (
        <p className="text-sm text-ink-700">{t(`admin.blog.stateSince.${state}`, { when })}</p>
      ) : null}
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
        to={`/admin/blog/${id}/${language}/preview`}
        target="_blank"
        onClick={onPreview}
        className="btn btn-secondary btn-md w-full"
      >
        <Icon name="eye" /> {t("admin.blog.preview")}
        <span className="sr-only"> ({t("admin.blog.newTab")})</span>
      </Link>
      <Button type="submit" name="intent" value="publish" disabled={busy} className="w-full">
        <Icon name="send" />{" "}
        {t(state === "published" ? "admin.blog.update" : "admin.blog.publishNow")}
      </Button>
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
          <Icon name="eye-off" /> {t("admin.blog.unpublish")}
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
