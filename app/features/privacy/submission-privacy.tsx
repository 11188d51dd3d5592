import { Form, useLocation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { destructiveButton, destructiveSummary, sizes, wrapping } from "./styles.ts";

/**
 * The admin's privacy actions on an application's page: her data as a JSON file
 * (/admin/cadastros/:id/data.json) and the erasure of her personal data
 * (POST /admin/cadastros/:id/erase, which comes back here with ?privacy=erased|unconfirmed).
 * Both are logged in the access report. The erasure's second step is a disclosure with a box
 * to tick, so it works without JavaScript; it opens again when the box was not ticked.
 */
export function SubmissionPrivacy({
  id,
  erasedAt,
  others,
}: {
  id: number;
  erasedAt: Date | string | null;
  /** Her other applications with the same address, erased with this one. */
  others: number;
}) {
  const { t, i18n } = useTranslation();
  // useLocation, not useSearchParams: the same answer without more of the router in every page.
  const params = new URLSearchParams(useLocation().search);
  const result = params.get("privacy");
  return (
    <Section id="privacy" title={t("admin.privacy.detail.title")}>
      {result === "erased" && erasedAt ? (
        <div className="mt-3">
          <FormMessage tone="notice">{t("admin.privacy.detail.done")}</FormMessage>
        </div>
      ) : result === "unconfirmed" ? (
        <div className="mt-3">
          <FormMessage tone="error">{t("admin.privacy.detail.unconfirmed")}</FormMessage>
        </div>
      ) : null}
      {erasedAt ? (
        <p className="mt-3 text-sm text-ink-700">
          {t("admin.privacy.detail.erasedOn", { when: formatAgencyTime(erasedAt, i18n.language) })}
        </p>
      ) : (
        <p className="mt-2 text-sm text-ink-600">{t("admin.privacy.detail.intro")}</p>
      )}
      <a
        href={`/admin/cadastros/${id}/data.json`}
        download
        className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "mt-4", wrapping)}
      >
        <Icon name="download" />
        {t("admin.privacy.detail.export")}
      </a>
      {erasedAt ? null : (
        <ConfirmDialog
          className="mt-3"
          open={result === "unconfirmed"}
          trigger={
            <>
              {t("admin.privacy.detail.erase")}
              <Icon name="chevron-down" className="transition-transform group-open:rotate-180" />
            </>
          }
          triggerClassName={cn(destructiveSummary, sizes.sm, wrapping)}
        >
          <Form method="post" action={`/admin/cadastros/${id}/erase`}>
            <p className="text-ink-800">
              {others > 0
                ? t("admin.privacy.detail.eraseExplainOthers", { count: others })
                : t("admin.privacy.detail.eraseExplain")}
            </p>
            <p className="mt-2 text-ink-600">{t("admin.privacy.detail.eraseKept")}</p>
            <div className="mt-3 flex items-start gap-3">
              <input
                type="checkbox"
                id="erase-confirm"
                name="confirm"
                value="yes"
                required
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <label htmlFor="erase-confirm" className="font-medium text-ink-900">
                {t("admin.privacy.detail.eraseConfirm")}
              </label>
            </div>
            <button type="submit" className={cn(destructiveButton, sizes.sm, "mt-3")}>
              {t("admin.privacy.detail.eraseButton")}
            </button>
          </Form>
        </ConfirmDialog>
      )}
    </Section>
  );
}
