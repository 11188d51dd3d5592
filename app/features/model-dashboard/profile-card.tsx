import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** What the dashboard's action answers when it refuses her profile (saved, it redirects). */
export type ProfileResult =
  { fieldErrors: FieldErrors; values: Record<string, string> } | { error: string };

/** Her name, WhatsApp, Instagram and the language of her e-mails, which she may change. */
export function ProfileCard({
  profile,
  saved,
  result,
}: {
  profile: {
    name: string;
    email: string;
    whatsapp: string | null;
    instagram: string | null;
    language: string | null;
  };
  saved: boolean;
  result: ProfileResult | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const errors = result && "fieldErrors" in result ? result.fieldErrors : {};
  const typed = result && "values" in result ? result.values : null;
  const value = (name: "name" | "whatsapp" | "instagram" | "language") =>
    typed?.[name] ?? profile[name] ?? "";
  const message = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  return (
    <Section anchor="profile" id="profile" title={t("dashboard.profile.title")}>
      <p className="mt-2 text-ink-600">{t("dashboard.profile.intro", { email: profile.email })}</p>
      <div aria-live="polite" className="mt-4">
        {saved && !result ? (
          <FormMessage tone="notice">{t("dashboard.profile.saved")}</FormMessage>
        ) : result && "error" in result ? (
          <FormMessage tone="error">{t(result.error)}</FormMessage>
        ) : result ? (
          <FormMessage tone="error">{t("dashboard.profile.invalid")}</FormMessage>
        ) : null}
      </div>
      {/* Keyed by what it shows, so a saved or refused form starts from the right values. */}
      <Form
        key={JSON.stringify(typed ?? profile)}
        method="post"
        noValidate
        className="grid gap-5 sm:grid-cols-2"
      >
        <Field id="name" label={t("dashboard.profile.name")} error={message("name")}>
          {(aria) => (
            <Input
              {...aria}
              name="name"
              autoComplete="name"
              defaultValue={value("name")}
              required
            />
          )}
        </Field>
        <Field
          id="whatsapp"
          label={t("dashboard.profile.whatsapp")}
          hint={t("dashboard.profile.whatsappHint")}
          error={message("whatsapp")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="whatsapp"
              type="tel"
              autoComplete="tel"
              defaultValue={value("whatsapp")}
            />
          )}
        </Field>
        <Field
          id="instagram"
          label={t("dashboard.profile.instagram")}
          hint={t("dashboard.profile.instagramHint")}
          error={message("instagram")}
        >
          {(aria) => <Input {...aria} name="instagram" defaultValue={value("instagram")} />}
        </Field>
        <Field
          id="language"
          label={t("dashboard.profile.language")}
          hint={t("dashboard.profile.languageHint")}
          error={message("language")}
        >
          {(aria) => (
            <Select
              {...aria}
              name="language"
              defaultValue={value("language") || "pt"}
              className="h-12"
            >
              {languages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("dashboard.profile.save")}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
