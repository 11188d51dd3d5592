import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import type { StoredImage } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";

const ALT_MAX = 200;

/**
 * The hero image's form, on its own: the image (sent again only to replace it), its alt text
 * in each language, and its removal. Its posts are handled by handleHeroImage
 * (hero-image.server.ts) on the screen that places it (the Site screen).
 */
export function HeroImageForm({
  hero,
  failed,
  saved = false,
}: {
  hero: { image: StoredImage; alt: Record<string, string> } | null;
  /** A refused post's errors and what was typed. */
  failed?: { errors: FieldErrors; values?: Partial<Record<string, string>> };
  /** The last post was this form's and was stored: said like the screen's other parts. */
  saved?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // An image is encoded before the answer comes: a second click would only send it again.
  const busy =
    navigation.state === "submitting" &&
    ["heroImage", "removeHeroImage"].includes(String(navigation.formData?.get("intent")));
  const errors = failed?.errors ?? {};
  const error = (name: string) => (errors[name] ? t(errors[name], { max: ALT_MAX }) : undefined);
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,20rem)_1fr]">
      <div>
        {hero ? (
          <Picture
            image={hero.image}
            sizes="320px"
            alt={hero.alt[languages[0].code] ?? ""}
            className="aspect-[4/3] w-full rounded-2xl bg-brand-100 object-cover ring-1 ring-ink-200"
          />
        ) : (
          <p className="grid aspect-[4/3] place-items-center rounded-2xl bg-sand-50 p-6 text-center text-sm text-ink-600 ring-1 ring-ink-200">
            {t("admin.site.hero.none")}
          </p>
        )}
        {hero ? (
          <Form method="post" className="mt-3">
            <Button
              type="submit"
              name="intent"
              value="removeHeroImage"
              variant="ghost"
              size="sm"
              disabled={busy}
              className="text-coral-700"
            >
              {t("admin.site.hero.remove")}
            </Button>
          </Form>
        ) : null}
      </div>
      {/* A new image empties the file field and shows its stored alt text. */}
      <Form
        key={hero?.image.id ?? "none"}
        method="post"
        encType="multipart/form-data"
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="heroImage" />
        <Field
          id="hero-photo"
          label={t(hero ? "admin.site.hero.replace" : "admin.site.hero.image")}
          hint={t("admin.site.hero.hint")}
          error={errors.photo ? t(errors.photo) : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              required={!hero}
              className="file:me-3 file:rounded-full file:border-0 file:bg-brand-800 file:px-4 file:py-1.5 file:text-sm file:font-semibold file:text-white"
            />
          )}
        </Field>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-ink-900">
            {t("admin.site.hero.alt")}
          </legend>
          <p className="text-sm text-ink-500 sm:col-span-2">{t("admin.site.hero.altHint")}</p>
          {languages.map(({ code, name }) => (
            <Field
              key={code}
              id={`hero-alt-${code}`}
              label={<span lang={code}>{name}</span>}
              error={error(`alt-${code}`)}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name={`alt-${code}`}
                  type="text"
                  defaultValue={failed?.values?.[`alt-${code}`] ?? hero?.alt[code]}
                  maxLength={ALT_MAX}
                  required
                  lang={code}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {t("admin.site.hero.save")}
          </Button>
          <p role="status" className="text-sm font-medium text-brand-800">
            {saved ? t("admin.site.saved") : null}
          </p>
        </div>
      </Form>
    </div>
  );
}
