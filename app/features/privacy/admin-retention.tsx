import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { MAX_RETENTION_MONTHS } from "./constants.ts";
import type { RetentionRun, RetentionSetting } from "./retention.server.ts";

/** What /admin/privacy's action answers: the setting saved or refused, or a run's count. */
export type PrivacyAdminResult =
  | { intent: "save"; saved: true }
  | { intent: "save"; error: string; value: string }
  | { intent: "run"; ran: boolean; erased: number }
  | { intent: "none"; error: string };

/** How long applications are kept, and the form that changes it. */
export function RetentionSection({
  retention,
  result,
}: {
  retention: RetentionSetting;
  result?: PrivacyAdminResult;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const saveError = result?.intent === "save" && "error" in result ? result : null;
  return (
    <Section
      id="retention"
      title={t("admin.privacy.retention.title")}
      description={t("admin.privacy.retention.text")}
      className="sm:p-6"
    >
      <p className="mt-3 text-sm font-medium text-ink-900" role="status">
        {retention.months === 0
          ? t("admin.privacy.retention.off")
          : t("admin.privacy.retention.current", { count: retention.months })}
      </p>
      {result?.intent === "save" && "saved" in result ? (
        <div className="mt-4">
          <FormMessage tone="notice">{t("admin.privacy.retention.saved")}</FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="save" />
        <Field
          id="months"
          label={t("admin.privacy.retention.months")}
          hint={t("admin.privacy.retention.hint", { max: MAX_RETENTION_MONTHS })}
          error={saveError ? t(saveError.error, { max: MAX_RETENTION_MONTHS }) : undefined}
          className="w-full sm:w-72"
        >
          {(aria) => (
            <Input
              {...aria}
              name="months"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_RETENTION_MONTHS}
              step={1}
              required
              defaultValue={saveError ? saveError.value : retention.months}
              key={saveError ? "error" : retention.months}
            />
          )}
        </Field>
        {/* Level with the field beside it (above its hint); under it on a phone. */}
        <Button type="submit" disabled={busy} className="sm:mb-[1.625rem]">
          {t("admin.privacy.retention.save")}
        </Button>
      </Form>
      <p className="mt-2 text-xs text-ink-500">
        {retention.updatedAt
          ? t("admin.privacy.retention.changed", {
              when: formatAgencyTime(retention.updatedAt, i18n.language),
              name: retention.updatedBy ?? t("admin.accessReport.system"),
            })
          : t("admin.privacy.retention.default")}
      </p>
    </Section>
  );
}

/** The daily run that erases what the setting no longer keeps: its last pass, and run it now. */
export function RetentionRunSection({
  lastRun,
  off,
  result,
}: {
  lastRun: RetentionRun | null;
  /** Nothing is erased by age (0 months): nothing to run. */
  off: boolean;
  result?: PrivacyAdminResult;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Section
      id="run"
      title={t("admin.privacy.run.title")}
      description={t("admin.privacy.run.text")}
      className="sm:p-6"
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-ink-500">{t("admin.privacy.run.last")}</dt>
        <dd className="text-ink-900">
          {lastRun
            ? formatAgencyTime(lastRun.startedAt, i18n.language)
            : t("admin.privacy.run.never")}
        </dd>
        {lastRun ? (
          <>
            <dt className="font-semibold text-ink-500">{t("admin.privacy.run.erased")}</dt>
            <dd className="text-ink-900">
              {lastRun.finishedAt
                ? t("admin.privacy.run.erasedCount", { count: lastRun.erased })
                : t("admin.privacy.run.running")}
              {lastRun.stopped ? (
                <span className="block text-coral-700">
                  {t(`admin.privacy.run.stopped.${lastRun.stopped}`)}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      {result?.intent === "run" ? (
        <div className="mt-4">
          <FormMessage tone="notice">
            {t("admin.privacy.run.done", { count: result.erased })}
          </FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="run" />
        <Button type="submit" variant="secondary" disabled={busy || off}>
          {t("admin.privacy.run.now")}
        </Button>
      </Form>
    </Section>
  );
}
