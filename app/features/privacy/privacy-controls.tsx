import { Form, useLocation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { destructiveButton, destructiveSummary, sizes } from "./styles.ts";

/** Long labels (German, Swedish) wrap inside their buttons rather than overflow a phone. */
const wrapping = "h-auto! min-h-11 py-2.5 text-start whitespace-normal!";

/** What /account/privacy answers with, as ?privacy= on the way back to the dashboard. */
const results = ["sent", "unconfirmed", "limited", "refused"] as const;
type PrivacyResult = (typeof results)[number];

/**
 * A signed-in model's privacy controls, for her dashboard: her data as a JSON file
 * (GET /account/data.json) and the request to delete her account and data.
 *
 * The deletion form is a plain <Form> posting to /account/privacy, which always answers with a
 * redirect back to /dashboard/model?privacy=<result>#privacy (sent, unconfirmed, limited or
 * refused): the same with and without JavaScript, and this component reads the result from the
 * address, so the dashboard's loader passes nothing. The confirmation is a disclosure with a
 * box she must tick (checked again on the server), and then the link mailed to her address.
 */
export function PrivacyControls({ className }: { className?: string }) {
  const { t } = useTranslation();
  // useLocation, not useSearchParams: the same answer without more of the router in every page.
  const params = new URLSearchParams(useLocation().search);
  const result = results.find((r) => r === params.get("privacy"));
  return (
    <Section
      anchor="privacy"
      id="privacy-controls"
      title={t("privacy.controls.title")}
      className={cn("@container", className)}
    >
      <p className="mt-2 max-w-2xl text-ink-600">{t("privacy.controls.intro")}</p>
      {result ? (
        <div className="mt-6">
          <ResultMessage result={result} />
        </div>
      ) : null}

      {/* Side by side only where the section itself is wide, whatever column it sits in. */}
      <div className="mt-6 grid gap-6 @2xl:grid-cols-2">
        <div className="flex flex-col rounded-2xl bg-sand-50 p-5 ring-1 ring-ink-200/60">
          <h3 className="font-semibold text-ink-950">{t("privacy.controls.downloadTitle")}</h3>
          <p className="mt-1 grow text-sm text-ink-700">{t("privacy.controls.downloadText")}</p>
          <a
            href="/account/data.json"
            download
            className={cn(buttonVariants({ variant: "secondary" }), "mt-4 self-start", wrapping)}
          >
            <Icon name="download" />
            {t("privacy.controls.download")}
          </a>
        </div>

        <div className="flex flex-col rounded-2xl bg-sand-50 p-5 ring-1 ring-ink-200/60">
          <h3 className="font-semibold text-ink-950">{t("privacy.controls.deleteTitle")}</h3>
          <p className="mt-1 text-sm text-ink-700">{t("privacy.controls.deleteText")}</p>
          {/* A disclosure, not a dialog: the second step works without JavaScript. */}
          {/* Remounted with each answer: after "sent" it closes, its box unticked again. */}
          <details
            key={result ?? "none"}
            className="group mt-4"
            open={result === "unconfirmed" ? true : undefined}
          >
            <summary className={cn(destructiveSummary, sizes.md, wrapping)}>
              {t("privacy.controls.delete")}
              <Icon name="chevron-down" className="transition-transform group-open:rotate-180" />
            </summary>
            <Form
              method="post"
              action="/account/privacy"
              className="mt-4 rounded-xl bg-white p-4 ring-1 ring-coral-300"
            >
              <input type="hidden" name="intent" value="erase" />
              <p className="text-sm font-semibold text-ink-950">
                {t("privacy.controls.deleteWhat")}
              </p>
              <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-ink-700">
                {(["applications", "document", "account"] as const).map((item) => (
                  <li key={item}>{t(`privacy.controls.deleteItems.${item}`)}</li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-ink-700">{t("privacy.controls.deleteKept")}</p>
              <div className="mt-4 flex items-start gap-3">
                <input
                  type="checkbox"
                  id="privacy-confirm"
                  name="confirm"
                  value="yes"
                  required
                  aria-invalid={result === "unconfirmed" ? true : undefined}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <label htmlFor="privacy-confirm" className="text-sm font-medium text-ink-900">
                  {t("privacy.controls.confirm")}
                </label>
              </div>
              <button type="submit" className={cn(destructiveButton, sizes.md, "mt-4", wrapping)}>
                <Icon name="send" />
                {t("privacy.controls.send")}
              </button>
              <p className="mt-3 text-xs text-ink-500">{t("privacy.controls.sendHint")}</p>
            </Form>
          </details>
        </div>
      </div>
    </Section>
  );
}

function ResultMessage({ result }: { result: PrivacyResult }) {
  const { t } = useTranslation();
  return (
    <FormMessage tone={result === "sent" ? "notice" : "error"}>
      {t(`privacy.controls.results.${result}`)}
    </FormMessage>
  );
}
