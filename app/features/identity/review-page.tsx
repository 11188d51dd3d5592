import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { identityDocumentTypes } from "#app/db/career-states.ts";
import { formatDay } from "#app/features/onboarding/format.ts";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { StaffCheck } from "./checks.server.ts";
import { CheckRecord } from "./identity-panel.tsx";
import { MAX_RETAKE_REASON } from "./limits.ts";

/** What the review page's action answers when it refuses: messages' keys and what was typed. */
export interface ReviewResult {
  error?: string;
  params?: Record<string, string>;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
}

export interface ReviewPageData {
  application: {
    id: number;
    fullName: string;
    dateOfBirth: string | null;
    language: string;
    hasDocument: boolean;
  };
  check: StaffCheck;
  lastDigits: { digits: string } | { limited: true } | null;
  done: string | null;
  today: string;
}

export const identityPhotoHref = (applicationId: number, checkId: number, side: string) =>
  `/admin/cadastros/${applicationId}/identity/${checkId}/${side}`;

/**
 * One identity check, for a reviewer: her photos beside what they are compared with (the date
 * of birth and the number's last digits she gave), then the two answers. Once answered, its
 * record, and the photos while they are kept.
 */
export function IdentityReview({ page, result }: { page: ReviewPageData; result?: ReviewResult }) {
  const { t } = useTranslation();
  const { application, check } = page;
  const name = application.fullName || t("identity.staff.erasedName");
  return (
    <div className="space-y-6">
      <div>
        <Link
          to={`/admin/cadastros/${application.id}#identity`}
          className="text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          ← {t("identity.staff.back", { name })}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">
            {t("identity.staff.reviewTitle")}
          </h1>
          <Badge
            tone={
              check.state === "confirmed"
                ? "positive"
                : check.state === "retake"
                  ? "negative"
                  : "neutral"
            }
            value={check.state}
          >
            {t(`identity.states.${check.state}`)}
          </Badge>
        </div>
        <p className="mt-1 text-ink-600">
          {name} · {t(`identity.types.${check.documentType}`)}
        </p>
      </div>

      {page.done === "confirmed" || page.done === "retake" ? (
        <FormMessage tone="notice">{t(`identity.staff.notices.${page.done}`)}</FormMessage>
      ) : null}
      {result?.error ? (
        <FormMessage tone="error">
          {t(result.error, {
            ...result.params,
            state: result.params?.state ? t(`identity.states.${result.params.state}`) : "",
          })}
        </FormMessage>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Section
          id="identity-photos"
          title={t("identity.staff.photos")}
          description={check.images.length ? t("identity.staff.viewsLogged") : undefined}
        >
          {check.images.length === 0 ? (
            <p className="mt-3 text-sm text-ink-700">
              {check.imagesDeletedAt
                ? t("identity.staff.imagesGone")
                : t("identity.staff.noImages")}
            </p>
          ) : (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {check.images.map((image) => {
                const href = identityPhotoHref(application.id, check.id, image.side);
                return (
                  <figure
                    key={image.side}
                    // The selfie under the document's two sides; a passport's two side by side.
                    className={
                      image.side === "selfie" && check.images.length === 3
                        ? "sm:col-span-2"
                        : undefined
                    }
                  >
                    <a href={href} target="_blank" rel="noopener" className="block">
                      <img
                        src={href}
                        width={image.width}
                        height={image.height}
                        alt={t(`identity.sides.${image.side}`)}
                        className="h-auto max-h-[32rem] w-full rounded-xl bg-ink-100 object-contain ring-1 ring-ink-200"
                      />
                    </a>
                    <figcaption className="mt-2 flex items-center justify-between gap-2 text-sm">
                      <span className="font-semibold text-ink-900">
                        {t(`identity.sides.${image.side}`)}
                      </span>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener"
                        className="inline-flex shrink-0 items-center gap-1 font-semibold whitespace-nowrap text-brand-800 underline"
                      >
                        {t("identity.staff.openFull")}
                        <Icon name="external-link" className="size-3.5" />
                        <span className="sr-only">
                          {t("identity.staff.newTab", { side: t(`identity.sides.${image.side}`) })}
                        </span>
                      </a>
                    </figcaption>
                  </figure>
                );
              })}
            </div>
          )}
        </Section>

        <div className="space-y-6">
          <CompareSection page={page} />

          {check.state === "submitted" ? (
            <DecisionForms page={page} result={result} />
          ) : (
            <Section id="identity-record" title={t("identity.staff.record")}>
              <div className="mt-3">
                <CheckRecord check={check} />
              </div>
              {check.state === "retake" && check.retakeReason ? (
                <blockquote className="mt-3 border-s-4 border-ink-200 ps-3 text-sm whitespace-pre-line text-ink-800">
                  {check.retakeReason}
                </blockquote>
              ) : null}
            </Section>
          )}
        </div>
      </div>
    </div>
  );
}

/** What her photos are compared with: what her application says. */
function CompareSection({ page }: { page: ReviewPageData }) {
  const { t, i18n } = useTranslation();
  const { application, check } = page;
  return (
    <Section id="identity-compare" title={t("identity.staff.compare")}>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-ink-600">{t("identity.staff.applicationBirth")}</dt>
          <dd className="font-semibold text-ink-900">
            {application.dateOfBirth
              ? formatDay(application.dateOfBirth, i18n.language)
              : t("identity.staff.noBirth")}
          </dd>
        </div>
        {check.state === "submitted" ? (
          <div>
            <dt className="text-ink-600">{t("identity.staff.lastDigits")}</dt>
            {page.lastDigits && "digits" in page.lastDigits ? (
              <dd className="font-mono text-lg font-semibold tracking-widest text-ink-900">
                •••• {page.lastDigits.digits}
              </dd>
            ) : (
              <dd className="font-semibold text-ink-900">
                {application.hasDocument
                  ? t("identity.staff.lastDigitsLimited")
                  : t("identity.staff.noDocument")}
              </dd>
            )}
          </div>
        ) : null}
      </dl>
    </Section>
  );
}

function DecisionForms({ page, result }: { page: ReviewPageData; result?: ReviewResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { check, application } = page;
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const digits = page.lastDigits && "digits" in page.lastDigits ? page.lastDigits.digits : null;
  const language = languages.find((one) => one.code === application.language)?.name;
  return (
    <>
      <Section id="identity-confirm" title={t("identity.staff.confirm.title")}>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <Field
            id="identity-type"
            label={t("identity.staff.confirm.type")}
            error={errors.type ? t(errors.type) : undefined}
          >
            {(aria) => (
              <select
                {...aria}
                name="type"
                className="field"
                defaultValue={values.type ?? check.documentType}
              >
                {identityDocumentTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`identity.types.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <label className="flex items-start gap-3 text-sm font-medium text-ink-900">
              <input
                type="checkbox"
                name="match"
                value="yes"
                required
                defaultChecked={values.match === "yes"}
                aria-invalid={errors.match ? true : undefined}
                aria-describedby={errors.match ? "identity-match-error" : undefined}
                className="mt-0.5 size-4 accent-brand-700"
              />
              {digits
                ? t("identity.staff.confirm.match", { digits })
                : t("identity.staff.confirm.matchNoDigits")}
            </label>
            {errors.match ? (
              <p id="identity-match-error" className="mt-2 text-sm font-medium text-coral-700">
                {t(errors.match)}
              </p>
            ) : null}
          </div>
          <Field
            id="identity-born"
            label={t("identity.staff.confirm.bornOn")}
            hint={t("identity.staff.confirm.bornOnHint")}
            error={errors.bornOn ? t(errors.bornOn) : undefined}
          >
            {(aria) => (
              <Input
                {...aria}
                type="date"
                name="bornOn"
                required
                min="1900-01-01"
                max={page.today}
                defaultValue={values.bornOn ?? ""}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy} className="w-full">
            <Icon name="badge-check" className="size-4" />
            {t("identity.staff.confirm.submit")}
          </Button>
        </Form>
      </Section>

      <Section id="identity-retake" title={t("identity.staff.retake.title")}>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="retake" />
          <Field
            id="identity-reason"
            label={t("identity.staff.retake.reason")}
            hint={t("identity.staff.retake.hint", {
              language: language ?? application.language,
              max: MAX_RETAKE_REASON,
            })}
            error={errors.reason ? t(errors.reason, { max: MAX_RETAKE_REASON }) : undefined}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="reason"
                required
                maxLength={MAX_RETAKE_REASON}
                rows={4}
                defaultValue={values.reason ?? ""}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={busy} className="w-full">
            <Icon name="rotate-ccw" className="size-4" />
            {t("identity.staff.retake.submit")}
          </Button>
        </Form>
      </Section>
    </>
  );
}
