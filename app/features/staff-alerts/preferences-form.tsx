import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Label, Select } from "#app/components/ui/field.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { staffAlertModes } from "#app/db/staff-alert-modes.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { StaffAlerts, StaffAlertsResult } from "./preferences.server.ts";

const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** Her choice of alerts: at once, a daily digest at an hour of the agency's clock, or none. */
export function PreferencesForm({
  current,
  result,
  busy,
}: {
  current: StaffAlerts;
  result?: StaffAlertsResult;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errors = result && !result.ok ? result.errors : {};
  return (
    <Section id="alerts" title={t("notifications.legend")} description={t("notifications.intro")}>
      {result?.ok ? <FormMessage tone="notice">{t("notifications.saved")}</FormMessage> : null}
      <Form method="post" className="mt-5 space-y-6">
        <fieldset aria-describedby={errors.mode ? "mode-error" : undefined}>
          <legend className="sr-only">{t("notifications.legend")}</legend>
          <div className="space-y-3">
            {staffAlertModes.map((mode) => (
              <label
                key={mode}
                className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-xl p-3 ring-1 ring-ink-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-300"
              >
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  defaultChecked={current.mode === mode}
                  aria-describedby={`mode-${mode}-hint`}
                  className="row-span-2 mt-1 size-4 accent-brand-700"
                />
                <span className="font-semibold text-ink-900">
                  {t(`notifications.modes.${mode}`)}
                </span>
                <span id={`mode-${mode}-hint`} className="text-sm text-ink-600">
                  {t(`notifications.modes.${mode}Hint`)}
                </span>
              </label>
            ))}
          </div>
          {errors.mode ? (
            <p id="mode-error" className="mt-2 text-sm font-medium text-coral-700">
              {t(errors.mode)}
            </p>
          ) : null}
        </fieldset>
        <div className="max-w-xs">
          <Label htmlFor="digestHour">{t("notifications.hour")}</Label>
          <Select
            id="digestHour"
            name="digestHour"
            defaultValue={String(current.digestHour)}
            aria-invalid={errors.digestHour ? true : undefined}
            aria-describedby={errors.digestHour ? "digestHour-error" : undefined}
            className="mt-2 w-full"
          >
            {hours.map((hour) => (
              <option key={hour} value={hour}>
                {`${String(hour).padStart(2, "0")}:00`}
              </option>
            ))}
          </Select>
          {errors.digestHour ? (
            <p id="digestHour-error" className="mt-2 text-sm font-medium text-coral-700">
              {t(errors.digestHour)}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={busy}>
          {t("notifications.save")}
        </Button>
      </Form>
    </Section>
  );
}
