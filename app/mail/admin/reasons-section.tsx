import { Form, Link, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { defaultLanguage } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { RejectionReason } from "#app/mail/rejection-reasons.server.ts";
import { cn } from "#app/utils/cn.ts";
import { answerTo, Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

const reasonIntents = ["reason-add", "reason-rename", "reason-active", "reason-move"] as const;

/** The reasons reviewers pick from when they reject, in their order, and a new one. */
export function ReasonsSection({
  reasons,
  result,
}: {
  reasons: readonly RejectionReason[];
  result?: EmailResult;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = answerTo(result, reasonIntents)?.errors ?? {};
  return (
    <Section
      id="reasons"
      anchor="reasons"
      title={t("admin.email.reasons.heading")}
      description={t("admin.email.reasons.intro")}
    >
      {reasons.length ? (
        <ol className="mt-4 divide-y divide-ink-100">
          {reasons.map((reason, index) => (
            <ReasonRow
              key={reason.id}
              reason={reason}
              first={index === 0}
              last={index === reasons.length - 1}
              busy={busy}
            />
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-ink-600">{t("admin.email.reasons.none")}</p>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="reason-add" />
        <Field
          id="reason-new"
          label={t("admin.email.reasons.new")}
          error={result?.intent === "reason-add" && errors.label ? t(errors.label) : undefined}
          className="min-w-48 flex-1"
        >
          {(aria) => <Input {...aria} name="label" maxLength={120} />}
        </Field>
        <Button type="submit" size="sm" disabled={busy} className="mb-1">
          {t("admin.email.reasons.add")}
        </Button>
      </Form>
      {result?.intent === "reason-rename" && errors.label ? (
        <p role="alert" className="mt-2 text-sm font-medium text-coral-700">
          {t(errors.label)}
        </p>
      ) : null}
      <Outcome result={result} intents={reasonIntents} />
    </Section>
  );
}

/** One reason: rename it, move it, (de)activate it, or edit its mail. */
function ReasonRow({
  reason,
  first,
  last,
  busy,
}: {
  reason: RejectionReason;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const named = <span className="sr-only">: {reason.label}</span>;
  return (
    <li className="flex flex-wrap items-end gap-2 py-3">
      <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="reason-rename" />
        <input type="hidden" name="id" value={reason.id} />
        <div className="min-w-48 flex-1">
          <label htmlFor={`reason-${reason.id}`} className="sr-only">
            {t("admin.email.reasons.label")}
          </label>
          <Input
            id={`reason-${reason.id}`}
            name="label"
            defaultValue={reason.label}
            key={reason.label}
            maxLength={120}
            className={cn(!reason.active && "text-ink-500")}
          />
        </div>
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          {t("admin.email.reasons.rename")}
          {named}
        </Button>
      </Form>
      {!reason.active ? <Badge tone="neutral">{t("admin.email.reasons.inactive")}</Badge> : null}
      <Form method="post" className="flex flex-wrap gap-1">
        <input type="hidden" name="intent" value="reason-move" />
        <input type="hidden" name="id" value={reason.id} />
        {(["up", "down"] as const).map((direction) => (
          <Button
            key={direction}
            type="submit"
            name="value"
            value={direction}
            size="sm"
            variant="ghost"
            disabled={busy || (direction === "up" ? first : last)}
            aria-label={t(
              direction === "up" ? "admin.email.reasons.moveUp" : "admin.email.reasons.moveDown",
              { label: reason.label },
            )}
          >
            {direction === "up" ? "↑" : "↓"}
          </Button>
        ))}
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reason-active" />
        <input type="hidden" name="id" value={reason.id} />
        <Button
          type="submit"
          name="value"
          value={reason.active ? "off" : "on"}
          size="sm"
          variant="secondary"
          disabled={busy}
        >
          {reason.active ? t("admin.email.reasons.deactivate") : t("admin.email.reasons.activate")}
          {named}
        </Button>
      </Form>
      <Link
        to={`/admin/email/templates?template=rejected:${reason.id}&language=${defaultLanguage}#editor`}
        className="inline-flex h-9 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {t("admin.email.reasons.editMail")}
        {named}
      </Link>
    </li>
  );
}
