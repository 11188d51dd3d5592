import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { AnalyticsRange, RangeErrors } from "./analytics.server.ts";
import { groupings } from "./events.ts";

/**
 * The range of days the screen covers, and how they are grouped; the presets below are links,
 * so the range lives in the query string and works without JavaScript.
 */
export function RangeForm({
  range,
  errors,
  form,
  presets,
}: {
  range: AnalyticsRange;
  errors: RangeErrors;
  /** What the fields show: the range, or what she typed when it was refused. */
  form: { from: string; to: string; group: string };
  presets: { days: number; from: string; to: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/analytics";
  return (
    <Form
      method="get"
      aria-labelledby="range-title"
      className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-ink-200/70"
    >
      <h2 id="range-title" className="text-sm font-semibold text-ink-900">
        {t("admin.analytics.range")}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
        {(["from", "to"] as const).map((name) => (
          <RangeField
            key={name}
            id={name}
            label={t(`admin.analytics.${name}`)}
            error={errors[name]}
          >
            {(aria) => (
              <Input
                {...aria}
                name={name}
                type="date"
                defaultValue={form[name]}
                className="mt-1 h-11 py-0 text-sm"
              />
            )}
          </RangeField>
        ))}
        <RangeField id="group" label={t("admin.analytics.group")} error={errors.group}>
          {(aria) => (
            <Select
              {...aria}
              name="group"
              defaultValue={groupings.includes(form.group as never) ? form.group : "day"}
              className="mt-1"
            >
              {groupings.map((group) => (
                <option key={group} value={group}>
                  {t(`admin.analytics.groups.${group}`)}
                </option>
              ))}
            </Select>
          )}
        </RangeField>
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={loading}>
            {t("admin.analytics.show")}
          </Button>
        </div>
      </div>
      <nav aria-label={t("admin.analytics.presets")} className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const current = preset.from === range.from && preset.to === range.to;
            return (
              <li key={preset.days}>
                <Link
                  to={`?${new URLSearchParams({ from: preset.from, to: preset.to, group: range.group })}`}
                  aria-current={current ? "true" : undefined}
                  className={cn(
                    "inline-flex h-9 items-center rounded-full px-4 text-sm font-medium text-ink-800 ring-1 ring-ink-200 ring-inset hover:bg-sand-50",
                    current && "bg-brand-50 text-brand-800 ring-brand-200",
                  )}
                >
                  {t("admin.analytics.lastDays", { count: preset.days })}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </Form>
  );
}

/** A filter bar's field: a small label over a compact control (the kit's Field is a form's). */
function RangeField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-ink-600">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-coral-700">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
