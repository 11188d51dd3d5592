import { Form } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PORTRAIT_WIDTHS, type StoredImage } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { Initials } from "#app/features/submissions/team-panel.tsx";
import { PROFILE_LIMITS, type ProfileField } from "./profile.ts";

/** What the profile's action answers when it does not save: each field's error, and her words. */
export interface ProfileResult {
  errors: Partial<Record<ProfileField, string>>;
  values?: Partial<Record<string, string>>;
}

interface Profile {
  displayName: string;
  whatsapp: string | null;
  meetingUrl: string | null;
  introduction: Record<Language, string>;
  photo: { image: StoredImage; consentAt: string } | null;
}

const fileClass =
  "file:me-3 file:rounded-full file:border-0 file:bg-brand-800 file:px-4 file:py-1.5 file:text-sm file:font-semibold file:text-white";

/**
 * Her own profile (/admin/profile): one plain multipart form, so it works without JavaScript;
 * a refused post comes back with every word she typed and each field's message beside it.
 */
export function ProfileForm({
  profile,
  saved,
  result,
  busy,
}: {
  profile: Profile;
  saved: boolean;
  result: ProfileResult | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errors = result?.errors ?? {};
  const typed = result?.values;
  const value = (name: string, stored: string | null) =>
    typed ? (typed[name] ?? "") : (stored ?? "");
  const error = (field: ProfileField) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // A new answer, new defaults: what she typed, or what is stored.
      key={JSON.stringify(result)}
      className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]"
    >
      <div className="space-y-6">
        {saved ? <FormMessage tone="notice">{t("manager.profile.saved")}</FormMessage> : null}
        {errors.form ? <FormMessage tone="error">{t(errors.form)}</FormMessage> : null}
        <Section id="profile-contact" title={t("manager.profile.about")}>
          <div className="mt-4 grid gap-5">
            <Field
              id="displayName"
              label={t("manager.profile.displayName")}
              hint={t("manager.profile.displayNameHint")}
              error={error("displayName")}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="displayName"
                  required
                  maxLength={PROFILE_LIMITS.displayName}
                  autoComplete="name"
                  defaultValue={value("displayName", profile.displayName)}
                />
              )}
            </Field>
            <Field
              id="whatsapp"
              label={t("manager.profile.whatsapp")}
              hint={t("manager.profile.whatsappHint")}
              error={error("whatsapp")}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="whatsapp"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={40}
                  defaultValue={value("whatsapp", profile.whatsapp)}
                />
              )}
            </Field>
            <Field
              id="meetingUrl"
              label={t("manager.profile.meetingUrl")}
              hint={t("manager.profile.meetingUrlHint")}
              error={error("meetingUrl")}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="meetingUrl"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={PROFILE_LIMITS.meetingUrl}
                  defaultValue={value("meetingUrl", profile.meetingUrl)}
                />
              )}
            </Field>
          </div>
        </Section>
        <Section
          id="profile-intro"
          title={t("manager.profile.introTitle")}
          description={t("manager.profile.introHint", { max: PROFILE_LIMITS.introduction })}
        >
          <div className="mt-4 grid gap-5">
            {languages.map(({ code, name }) => (
              <Field
                key={code}
                id={`intro-${code}`}
                label={t("manager.profile.introIn", { language: name })}
                error={error(`intro-${code}`)}
              >
                {(aria) => (
                  <Textarea
                    {...aria}
                    name={`intro-${code}`}
                    lang={code}
                    rows={3}
                    maxLength={PROFILE_LIMITS.introduction}
                    className="min-h-24"
                    defaultValue={value(`intro-${code}`, profile.introduction[code])}
                  />
                )}
              </Field>
            ))}
          </div>
        </Section>
      </div>
      <div className="space-y-6">
        <PhotoPart
          photo={profile.photo}
          name={profile.displayName}
          error={error("photo")}
          consented={typed?.consent === "on"}
        />
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <Icon name="check" />
          {t("manager.profile.save")}
        </Button>
      </div>
    </Form>
  );
}

/** Her photo, or her initials; a new one with her consent; taking hers down. */
function PhotoPart({
  photo,
  name,
  error,
  consented,
}: {
  photo: Profile["photo"];
  name: string;
  error: string | undefined;
  consented: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="profile-photo" title={t("manager.profile.photo")}>
      <div className="mt-4 flex items-center gap-4">
        {photo ? (
          <span className="shrink-0">
            <Picture
              image={photo.image}
              standard={PORTRAIT_WIDTHS}
              sizes="96px"
              alt={t("manager.profile.photoAlt")}
              className="size-24 rounded-full bg-brand-100 object-cover"
            />
          </span>
        ) : (
          <Initials name={name} className="size-24 text-2xl" />
        )}
        <p className="text-sm text-ink-600">
          {photo
            ? t("manager.profile.consented", {
                when: formatAgencyTime(photo.consentAt, i18n.language),
              })
            : t("manager.profile.noPhoto")}
        </p>
      </div>
      <div className="mt-5 grid gap-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-ink-200/70">
        <Field
          id="photo"
          label={t("manager.profile.newPhoto")}
          hint={t("manager.profile.photoHint")}
          error={error}
        >
          {(aria) => (
            <Input
              {...aria}
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={fileClass}
            />
          )}
        </Field>
        <label className="flex items-start gap-3 text-sm text-ink-800">
          <input
            type="checkbox"
            name="consent"
            defaultChecked={consented}
            aria-describedby={error ? "photo-error" : undefined}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          {t("manager.profile.consent")}
        </label>
        {photo ? (
          <label className="flex items-start gap-3 text-sm text-ink-800">
            <input
              type="checkbox"
              name="removePhoto"
              className="mt-0.5 size-4 shrink-0 accent-coral-700"
            />
            {t("manager.profile.removePhoto")}
          </label>
        ) : null}
      </div>
    </Section>
  );
}
