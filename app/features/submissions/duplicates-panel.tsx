import { Form, Link, useLocation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ApplicationDetail } from "./detail.server.ts";
import { StatusBadge } from "./status-badge.tsx";

type Duplicate = ApplicationDetail["duplicates"][number];

const flag =
  "inline-flex items-center gap-1.5 rounded-full bg-sand-200 px-2.5 py-0.5 text-xs font-semibold text-ink-900 ring-1 ring-sand-300 hover:bg-sand-300";

/** In a row of the review list: she applied more than once; the link lists every one of them. */
export function DuplicateRowBadge({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/admin/cadastros?${new URLSearchParams({ q: email })}`} className={`${flag} ms-2`}>
      <Icon name="copy" className="size-3.5" />
      {t("admin.duplicates.badge")}
      <span className="sr-only"> {t("admin.duplicates.rowHint")}</span>
    </Link>
  );
}

/** Beside her name at the top of her page: how many other applications share her address. */
export function DuplicateBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <a href="#duplicates" className={flag}>
      <Icon name="copy" className="size-3.5" />
      {t("admin.duplicates.count", { count })}
    </a>
  );
}

/**
 * Under her name: each other application of her address, a link straight to it (the list below
 * holds the merge), and the word that a merge was just done.
 */
export function DuplicateLinks({ duplicates }: { duplicates: readonly Duplicate[] }) {
  const { t, i18n } = useTranslation();
  const merged = new URLSearchParams(useLocation().search).get("duplicates") === "merged";
  return (
    <>
      {merged ? (
        <div className="mt-4">
          <FormMessage tone="notice">{t("admin.duplicates.merged")}</FormMessage>
        </div>
      ) : null}
      {duplicates.length ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
          <span>{t("admin.duplicates.sameEmail")}</span>
          {duplicates.slice(0, 3).map((d) => (
            <Link
              key={d.id}
              to={`/admin/cadastros/${d.id}`}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t("admin.duplicates.receivedOn", {
                when: formatAgencyTime(d.createdAt, i18n.language),
              })}
            </Link>
          ))}
          {duplicates.length > 3 ? (
            <a href="#duplicates" className="text-brand-700 underline underline-offset-2">
              {t("admin.duplicates.more", { count: duplicates.length - 3 })}
            </a>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

/**
 * Her other applications with the same address, each by its date and status; an admin may merge
 * one with this one, keeping either. The second step is a disclosure with a box to tick, so it
 * works without JavaScript (as the erasure's).
 */
export function DuplicatesPanel({
  id,
  createdAt,
  duplicates,
  mayMerge,
}: {
  id: number;
  createdAt: string | Date;
  duplicates: readonly Duplicate[];
  mayMerge: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Section
      id="duplicates"
      anchor="duplicates"
      title={t("admin.detail.duplicates", { count: duplicates.length })}
    >
      <ul className="mt-3 space-y-3 text-sm">
        {duplicates.map((d) => {
          const when = formatAgencyTime(d.createdAt, i18n.language);
          return (
            <li key={d.id} className="space-y-2">
              <div className="flex items-center justify-between gap-3">
                <Link
                  to={`/admin/cadastros/${d.id}`}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {when}
                </Link>
                <StatusBadge status={d.status} />
              </div>
              {mayMerge ? (
                <ConfirmDialog
                  trigger={
                    <>
                      {t("admin.duplicates.merge")}
                      <span className="sr-only"> {t("admin.duplicates.withOf", { when })}</span>
                      <Icon
                        name="chevron-down"
                        className="size-4 transition-transform group-open:rotate-180"
                      />
                    </>
                  }
                  triggerClassName="inline-flex cursor-pointer items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900"
                  panelClassName="text-sm"
                >
                  <Form method="post" action={`/admin/cadastros/${id}/merge`} className="space-y-3">
                    <input type="hidden" name="other" value={d.id} />
                    <fieldset>
                      <legend className="font-semibold text-ink-900">
                        {t("admin.duplicates.keepWhich")}
                      </legend>
                      <div className="mt-2 space-y-2">
                        {(
                          [
                            ["this", formatAgencyTime(createdAt, i18n.language), "keepThis"],
                            ["other", when, "keepOther"],
                          ] as const
                        ).map(([value, date, label]) => (
                          <label key={value} className="flex items-start gap-2">
                            <input
                              type="radio"
                              name="keep"
                              value={value}
                              required
                              defaultChecked={value === "this"}
                              className="mt-0.5 size-4 accent-brand-700"
                            />
                            <span>{t(`admin.duplicates.${label}`, { when: date })}</span>
                          </label>
                        ))}
                      </div>
                    </fieldset>
                    <p className="text-ink-700">{t("admin.duplicates.explain")}</p>
                    <label className="flex items-start gap-2 font-medium text-ink-900">
                      <input
                        type="checkbox"
                        name="confirm"
                        value="yes"
                        required
                        className="mt-0.5 size-4 shrink-0 accent-brand-700"
                      />
                      {t("admin.duplicates.confirm")}
                    </label>
                    <Button type="submit" size="sm" variant="secondary">
                      {t("admin.duplicates.mergeButton")}
                    </Button>
                  </Form>
                </ConfirmDialog>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
