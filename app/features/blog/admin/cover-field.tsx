import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { MAX_IMAGE_BYTES, mediaSrc, type StoredImage } from "#app/features/images/media.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import type { UploadResult } from "#app/features/images/images.server.ts";
import { LIMITS } from "#app/features/blog/limits.ts";

/**
 * The cover: a picture uploaded from her computer (checked and re-encoded by the server) and
 * its description for those who cannot see it. Empty alt text marks it as decoration.
 */
export function CoverField({
  id,
  language,
  cover,
  alt,
  errors,
  onChange,
}: {
  id: number;
  language: string;
  cover: StoredImage | null;
  alt: string;
  errors: FieldErrors;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const uploader = useFetcher<UploadResult>({ key: `cover-${id}-${language}` });
  const [image, setImage] = useState(cover);
  // A file over the limit is refused here: sent, it would be cut off before the route answers.
  const [tooLarge, setTooLarge] = useState(false);
  const uploaded = uploader.data?.ok ? uploader.data.image : null;
  useEffect(() => {
    if (uploaded && uploaded.id !== image?.id) setImage(uploaded);
  }, [uploaded, image]);
  // Saved once the form holds the new picture (the hidden field renders the state).
  const shown = useRef(cover?.id ?? null);
  useEffect(() => {
    if ((image?.id ?? null) === shown.current) return;
    shown.current = image?.id ?? null;
    onChange();
  }, [image, onChange]);
  const uploadError = tooLarge
    ? t("admin.images.errors.tooLarge")
    : uploader.data && !uploader.data.ok
      ? t(uploader.data.error)
      : undefined;
  const error = uploadError ?? (errors.coverImageId ? t(errors.coverImageId) : undefined);
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-ink-900">{t("admin.blog.fields.cover")}</legend>
      {/* Rendered from the state: React sets a hidden input's value again on every render. */}
      <input type="hidden" name="coverImageId" value={image?.id ?? ""} />
      {image ? (
        <img
          src={mediaSrc(image, Math.min(image.width, 480), "webp")}
          alt=""
          className="aspect-video w-full max-w-sm rounded-2xl object-cover ring-1 ring-ink-200"
        />
      ) : (
        <p className="text-sm text-ink-600">{t("admin.blog.noCover")}</p>
      )}
      <Field
        id="cover-file"
        label={t("admin.blog.uploadCover")}
        hint={t("admin.blog.hints.cover")}
        error={error}
        announce
      >
        {(aria) => (
          <input
            {...aria}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploader.state !== "idle"}
            className="block text-sm file:me-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
            onChange={(event) => {
              event.stopPropagation();
              const file = event.currentTarget.files?.[0];
              if (!file) return;
              setTooLarge(file.size > MAX_IMAGE_BYTES);
              if (file.size > MAX_IMAGE_BYTES) {
                event.currentTarget.value = "";
                return;
              }
              const data = new FormData();
              data.set("image", file);
              void uploader.submit(data, {
                method: "post",
                action: "/admin/images",
                encType: "multipart/form-data",
              });
              event.currentTarget.value = "";
            }}
          />
        )}
      </Field>
      {uploader.state !== "idle" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-600">
          <Icon name="clock" className="size-4" /> {t("admin.blog.uploading")}
        </p>
      ) : null}
      <Field
        id="field-coverAlt"
        label={t("admin.blog.fields.coverAlt")}
        hint={t("admin.blog.hints.coverAlt", { max: LIMITS.coverAlt })}
        error={errors.coverAlt ? t(errors.coverAlt, LIMITS) : undefined}
      >
        {(aria) => (
          <Input
            {...aria}
            name="coverAlt"
            type="text"
            defaultValue={alt}
            maxLength={LIMITS.coverAlt}
            lang={language}
          />
        )}
      </Field>
    </fieldset>
  );
}
