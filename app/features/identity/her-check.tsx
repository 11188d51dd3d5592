import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import {
  documentHasBack,
  identityDocumentTypes,
  type IdentityImageSide,
} from "#app/db/career-states.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { HerIdentity } from "./checks.server.ts";
import {
  DOCUMENT_TYPE_FIELD,
  IDENTITY_ACCEPT,
  isDocumentType,
  MAX_IDENTITY_PHOTO_BYTES,
} from "./limits.ts";

/** What her page's action answers when it refuses: the messages' keys, and the type she chose. */
export interface IdentityUploadResult {
  error?: string;
  fieldErrors?: Partial<Record<"documentType" | IdentityImageSide, string>>;
  documentType?: string;
}

/**
 * Her identity check (issue 30): what she is asked for and why, then by its state: the form,
 * "being checked", the reviewer's reason and the form again, or done. Never her photos.
 */
export function HerIdentityCheck({
  identity,
  days,
  sent,
  result,
}: {
  identity: HerIdentity;
  days: number;
  sent: boolean;
  result?: IdentityUploadResult;
}) {
  const { t, i18n } = useTranslation();
  const { latest, step } = identity;
  const when = (at: string) => formatAgencyTime(at, i18n.language);
  if (latest?.state === "confirmed" || (step === "done" && latest?.state !== "submitted")) {
    return (
      <StatusCard tone="done" title={t("identity.her.confirmed")}>
        {latest?.reviewedAt
          ? t("identity.her.confirmedOn", { date: when(latest.reviewedAt) })
          : null}
      </StatusCard>
    );
  }
  if (latest?.state === "submitted") {
    return (
      <>
        {sent ? <FormMessage tone="notice">{t("identity.her.sent")}</FormMessage> : null}
        <StatusCard tone="waiting" title={t("identity.her.waiting")}>
          {t("identity.her.waitingSince", { date: when(latest.submittedAt) })}
        </StatusCard>
      </>
    );
  }
  if (step !== "todo") {
    return <StatusCard tone="done" title={t("identity.her.notNeeded")} />;
  }
  return (
    <div className="space-y-6">
      {latest?.state === "retake" ? (
        <div className="rounded-xl bg-sand-100 p-4 ring-1 ring-sand-300" role="status">
          <h2 className="font-semibold text-ink-900">{t("identity.her.retake")}</h2>
          <p className="mt-1 text-sm text-ink-700">{t("identity.her.retakeIntro")}</p>
          <blockquote className="border-sand-400 mt-2 border-s-4 ps-3 whitespace-pre-line text-ink-900">
            {latest.retakeReason}
          </blockquote>
        </div>
      ) : null}
      <UploadForm days={days} result={result} />
    </div>
  );
}

function StatusCard({
  tone,
  title,
  children,
}: {
  tone: "done" | "waiting";
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div
      className={
        tone === "done"
          ? "flex gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200"
          : "flex gap-3 rounded-xl bg-sand-100 p-4 ring-1 ring-sand-300"
      }
      role="status"
    >
      <Icon
        name={tone === "done" ? "check" : "clock"}
        className="mt-0.5 size-5 shrink-0 text-brand-700"
      />
      <div>
        <p className="font-semibold text-ink-900">{title}</p>
        {children ? <p className="mt-1 text-sm text-ink-700">{children}</p> : null}
      </div>
    </div>
  );
}

function UploadForm({ days, result }: { days: number; result?: IdentityUploadResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [type, setType] = useState(
    isDocumentType(result?.documentType) ? result.documentType : null,
  );
  // A file past the limit is named before a long upload: the server says the same anyway.
  const [tooBig, setTooBig] = useState<Partial<Record<IdentityImageSide, boolean>>>({});
  const errors = result?.fieldErrors ?? {};
  const sides: IdentityImageSide[] = ["front", "back", "selfie"];
  return (
    <Section
      id="identity-upload"
      title={t("identity.her.formTitle")}
      description={t("identity.her.intro", { count: days })}
    >
      {result?.error ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(result.error)}</FormMessage>
        </div>
      ) : null}
      {result ? <p className="mt-4 text-sm text-ink-700">{t("identity.her.pickAgain")}</p> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 space-y-6"
        onSubmit={(event) => {
          if (Object.values(tooBig).some(Boolean)) event.preventDefault();
        }}
      >
        <fieldset
          aria-describedby={errors.documentType ? "documentType-error" : undefined}
          aria-invalid={errors.documentType ? true : undefined}
        >
          <legend className="text-sm font-semibold text-ink-900">
            {t("identity.her.typeLegend")}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {identityDocumentTypes.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 text-sm font-medium text-ink-900 ring-1 ring-ink-200 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
              >
                <input
                  type="radio"
                  name={DOCUMENT_TYPE_FIELD}
                  value={value}
                  required
                  defaultChecked={type === value}
                  onChange={() => setType(value)}
                  className="size-4 accent-brand-700"
                />
                {t(`identity.types.${value}`)}
              </label>
            ))}
          </div>
          {errors.documentType ? (
            <p id="documentType-error" className="mt-2 text-sm font-medium text-coral-700">
              {t(errors.documentType)}
            </p>
          ) : null}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          {sides.map((side) =>
            // Without JavaScript every field shows (the back's hint says when it is not needed).
            side === "back" && type && !documentHasBack(type) ? null : (
              <Field
                key={side}
                id={`identity-${side}`}
                label={t(`identity.sides.${side}`)}
                hint={t(`identity.her.hints.${side}`)}
                error={
                  tooBig[side]
                    ? t("identity.errors.tooBig")
                    : errors[side]
                      ? t(errors[side])
                      : undefined
                }
                className={side === "selfie" ? "sm:col-span-2" : undefined}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="file"
                    name={side}
                    accept={IDENTITY_ACCEPT}
                    required={side !== "back" || type !== null}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      setTooBig((was) => ({
                        ...was,
                        [side]: Boolean(file && file.size > MAX_IDENTITY_PHOTO_BYTES),
                      }));
                    }}
                    className="block w-full rounded-xl bg-white text-sm text-ink-700 ring-1 ring-ink-200 file:me-3 file:border-0 file:bg-brand-700 file:px-4 file:py-3 file:font-semibold file:text-white hover:file:bg-brand-800"
                  />
                )}
              </Field>
            ),
          )}
        </div>
        <div className="space-y-3">
          <p className="text-sm text-ink-600">{t("identity.her.formats")}</p>
          <p className="flex gap-2 text-sm text-ink-600">
            <Icon name="lock-keyhole" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t("identity.her.privacy")}
          </p>
        </div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? t("identity.her.sending") : t("identity.her.submit")}
        </Button>
      </Form>
    </Section>
  );
}
