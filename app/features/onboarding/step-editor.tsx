import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { STEP_GUIDANCE_MAX, STEP_TITLE_MAX } from "./limits.ts";

export interface StepListResult {
  intent?: string;
  step?: number;
  done?: "saved" | "created" | "moved" | "archived" | "restored" | "unchanged";
  errors?: Record<string, string | undefined>;
  /** What she typed, given back with the messages. */
  values?: Record<string, string | undefined>;
}

/**
 * A step's words in the six languages and its due days: the form that adds a step and the one
 * that edits it. A refused form comes back with what she typed and each field's message.
 */
export function StepFields({
  prefix,
  intent,
  step,
  titles,
  guidance,
  dueDays,
  result,
  submitLabel,
}: {
  prefix: string;
  intent: "create" | "update";
  step?: number;
  titles: Record<string, string>;
  guidance: Record<string, string>;
  dueDays: number;
  /** The answer to this very form, if it was the one sent. */
  result?: StepListResult;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const typed = result?.values;
  const error = (name: string) => {
    const key = result?.errors?.[name];
    return key
      ? t(key, { max: name.startsWith("title") ? STEP_TITLE_MAX : STEP_GUIDANCE_MAX })
      : undefined;
  };
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {step ? <input type="hidden" name="step" value={step} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {languages.map(({ code, name }) => (
          <fieldset key={code} className="space-y-3 rounded-xl p-3 ring-1 ring-ink-200/70">
            <legend className="px-1 text-sm font-semibold text-ink-900" lang={code}>
              {name}
            </legend>
            <Field
              id={`${prefix}-title-${code}`}
              label={t("onboarding.steps.titleLabel")}
              error={error(`title_${code}`)}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name={`title_${code}`}
                  lang={code}
                  required
                  maxLength={STEP_TITLE_MAX}
                  defaultValue={typed ? (typed[`title_${code}`] ?? "") : (titles[code] ?? "")}
                />
              )}
            </Field>
            <Field
              id={`${prefix}-guidance-${code}`}
              label={t("onboarding.steps.guidanceLabel")}
              hint={t("onboarding.steps.guidanceHint")}
              error={error(`guidance_${code}`)}
            >
              {(aria) => (
                <Textarea
                  {...aria}
                  name={`guidance_${code}`}
                  lang={code}
                  maxLength={STEP_GUIDANCE_MAX}
                  className="min-h-20"
                  defaultValue={typed ? (typed[`guidance_${code}`] ?? "") : (guidance[code] ?? "")}
                />
              )}
            </Field>
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id={`${prefix}-due`}
          label={t("onboarding.steps.dueDays")}
          error={error("dueDays")}
          className="w-56"
        >
          {(aria) => (
            <Input
              {...aria}
              name="dueDays"
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              required
              defaultValue={typed ? (typed.dueDays ?? "") : String(dueDays)}
            />
          )}
        </Field>
        <Button type="submit" className="mb-0.5">
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
