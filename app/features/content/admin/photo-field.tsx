import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { PORTRAIT_WIDTHS, type StoredImage } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";

/** What the content screen shows of a stored photo: it, and who recorded the consent and when. */
export interface PhotoOnFile {
  image: StoredImage;
  consentBy: string | null;
  consentAt: Date | string;
}

/**
 * A person's photo in a back-office form: a file to send, and the consent box that must be
 * ticked with it (checked again on the server, app/features/content/photos.server.ts).
 */
export function PhotoField({
  prefix,
  error,
  consented = false,
}: {
  prefix: string;
  error?: string;
  /** Whether the box was ticked in the post that came back with an error. */
  consented?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-ink-200/70">
      <Field
        id={`${prefix}-photo`}
        label={t("admin.content.photo.label")}
        hint={t("admin.content.photo.hint")}
        error={error}
      >
        {(aria) => (
          <Input
            {...aria}
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="file:me-3 file:rounded-full file:border-0 file:bg-brand-800 file:px-4 file:py-1.5 file:text-sm file:font-semibold file:text-white"
          />
        )}
      </Field>
      <label className="flex items-start gap-3 text-sm text-ink-800">
        <input
          type="checkbox"
          name="consent"
          defaultChecked={consented}
          aria-describedby={error ? `${prefix}-photo-error` : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-ink-300 text-brand-700 focus:ring-brand-600"
        />
        {t("admin.content.photo.consent")}
      </label>
    </div>
  );
}

/** A stored photo, its consent record, and the button that takes it down. */
export function PhotoOnRecord({
  id,
  name,
  photo,
}: {
  id: number;
  name: string;
  photo: PhotoOnFile;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Picture
        image={photo.image}
        standard={PORTRAIT_WIDTHS}
        sizes="48px"
        alt={t("admin.content.photo.alt", { name })}
        className="size-12 rounded-full bg-brand-100 object-cover"
      />
      <p className="text-sm text-ink-600">
        {t("admin.content.photo.consentRecord", {
          who: photo.consentBy ?? t("admin.content.photo.someone"),
          when: formatAgencyTime(photo.consentAt, i18n.language),
        })}
      </p>
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <Button
          type="submit"
          name="intent"
          value="removePhoto"
          variant="ghost"
          size="sm"
          className="text-coral-700"
          aria-label={`${t("admin.content.photo.remove")}: ${name}`}
        >
          {t("admin.content.photo.remove")}
        </Button>
      </Form>
    </div>
  );
}
