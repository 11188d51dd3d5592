import { useEffect, useState } from "react";
import { Field, Textarea } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { limits, MESSAGE_MIN_LENGTH } from "./fields.ts";

/** How long typing has to pause before a screen reader is told how many characters are left. */
const SPEAK_AFTER_MS = 1000;

/**
 * Her message, with the minimum said up front and, once she types, how many characters are
 * still missing. The count on screen follows every key; a screen reader hears it politely once
 * she pauses, not at each key (as GOV.UK's character count does). Counted as the server counts:
 * trimmed, in the string's own length.
 */
export function MessageField({
  defaultValue,
  error,
}: {
  defaultValue: string | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  // Unknown until she types: the page as sent (and without JavaScript) shows the rule only.
  const [length, setLength] = useState<number | null>(null);
  const missing = length === null ? 0 : Math.max(0, MESSAGE_MIN_LENGTH - length);
  const counter = missing > 0 ? t("applying.messageMissing", { count: missing }) : "";
  const [spoken, setSpoken] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => setSpoken(counter), SPEAK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [counter]);

  return (
    <Field id="message" label={t("preselection.message")} error={error} className="sm:col-span-2">
      {(aria) => (
        <>
          <Textarea
            {...aria}
            aria-describedby={["message-rule", aria["aria-describedby"]].filter(Boolean).join(" ")}
            name="message"
            required
            rows={5}
            maxLength={limits.message}
            placeholder={t("preselection.messagePlaceholder")}
            defaultValue={defaultValue}
            onInput={(event) => setLength(event.currentTarget.value.trim().length)}
          />
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-ink-500">
            <p id="message-rule">{t("applying.messageRule", { count: MESSAGE_MIN_LENGTH })}</p>
            <p aria-hidden="true" id="message-counter" className="font-medium text-ink-700">
              {counter}
            </p>
          </div>
          <p aria-live="polite" className="sr-only" id="message-counter-spoken">
            {spoken}
          </p>
        </>
      )}
    </Field>
  );
}
