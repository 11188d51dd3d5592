import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { EmailIntent, EmailResult } from "./result.ts";

/** The answer to one of these forms, or none (another form's, or no answer yet). */
export function answerTo(result: EmailResult | undefined, intents: readonly EmailIntent[]) {
  return result && (intents as readonly string[]).includes(result.intent) ? result : undefined;
}

/** A form's answer, read out by screen readers (aria-live), in the form it belongs to. */
export function Outcome({
  result,
  intents,
}: {
  result?: EmailResult;
  intents: readonly EmailIntent[];
}) {
  const { t } = useTranslation();
  const shown = answerTo(result, intents);
  return (
    <div aria-live="polite" className="empty:hidden">
      {shown?.message ? (
        <div className="mt-4">
          <FormMessage tone={shown.ok ? "notice" : "error"}>
            {t(shown.message, shown.params)}
          </FormMessage>
        </div>
      ) : null}
    </div>
  );
}
