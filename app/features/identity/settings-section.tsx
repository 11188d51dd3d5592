import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { MAX_IDENTITY_IMAGE_DAYS, MIN_IDENTITY_IMAGE_DAYS } from "./limits.ts";
import type { IdentityImagesSetting } from "./retention.server.ts";

/** What /admin/privacy/identity answers: the setting saved, or refused with what was typed. */
export type IdentitySettingResult = { saved: true } | { error: string; value: string };

/**
 * How many days her identity photos are kept after a reviewer answered, beside the
 * applications' retention on the privacy screen; its form posts to /admin/privacy/identity.
 */
export function IdentityImagesSection({
  setting,
  result,
  saved = false,
}: {
  setting: IdentityImagesSetting;
  result?: IdentitySettingResult | null;
  /** Back on the privacy screen after a save. */
  saved?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const error = result && "error" in result ? result : null;
  const limits = { min: MIN_IDENTITY_IMAGE_DAYS, max: MAX_IDENTITY_IMAGE_DAYS };
  return (
    <Section
      id="identity-images"
      anchor="identity-images"
      title={t("identity.settings.title")}
      description={t("identity.settings.text")}
      className="sm:p-6"
    >
      <p className="mt-3 text-sm font-medium text-ink-900" role="status">
        {t("identity.settings.current", { count: setting.days })}
      </p>
      {saved || (result && "saved" in result) ? (
        <div className="mt-4">
          <FormMessage tone="notice">{t("identity.settings.saved")}</FormMessage>
        </div>
      ) : null}
      <Form
        method="post"
        action="/admin/privacy/identity"
        className="mt-4 flex flex-wrap items-end gap-3"
        noValidate
      >
        <Field
          id="identity-days"
          label={t("identity.settings.days")}
          hint={t("identity.settings.hint", limits)}
          error={error ? t(error.error, limits) : undefined}
          className="w-full sm:w-72"
        >
          {(aria) => (
            <Input
              {...aria}
              name="days"
              type="number"
              inputMode="numeric"
              min={MIN_IDENTITY_IMAGE_DAYS}
              max={MAX_IDENTITY_IMAGE_DAYS}
              step={1}
              required
              defaultValue={error ? error.value : setting.days}
              key={error ? "error" : setting.days}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="sm:mb-[1.625rem]">
          {t("identity.settings.save")}
        </Button>
      </Form>
      {setting.updatedAt ? (
        <p className="mt-2 text-xs text-ink-500">
          {t("identity.settings.changed", {
            when: formatAgencyTime(setting.updatedAt, i18n.language),
            name: setting.updatedBy ?? "—",
          })}
        </p>
      ) : null}
    </Section>
  );
}
