import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { TITLE_MAX, type AvailabilityResult } from "./availability-form.ts";

/** Her days off ahead: one to add (a date), each to remove. */
export function DaysOffSection({
  daysOff,
  result,
  busy,
}: {
  daysOff: { day: string; label: string }[];
  result: AvailabilityResult | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section
      id="days-off"
      className="mt-6"
      title={t("welcomeCall.availability.daysOff")}
      description={t("welcomeCall.availability.daysOffHint")}
    >
      <Form
        method="post"
        action="?intent=addDay"
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="addDay" />
        <Field
          id="day-off"
          label={t("welcomeCall.availability.day")}
          error={result?.errors?.day ? t(result.errors.day) : undefined}
        >
          {(aria) => <Input {...aria} type="date" name="day" defaultValue={result?.values?.day} />}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          <Icon name="plus" />
          {t("welcomeCall.availability.addDay")}
        </Button>
      </Form>
      {daysOff.length ? (
        <ul className="mt-4 divide-y divide-ink-100">
          {daysOff.map((day) => (
            <li key={day.day} className="flex items-center justify-between gap-3 py-2">
              <span className="text-sm text-ink-800">{day.label}</span>
              <Form method="post" action="?intent=removeDay">
                <input type="hidden" name="intent" value="removeDay" />
                <input type="hidden" name="day" value={day.day} />
                <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                  <Icon name="trash" />
                  {t("welcomeCall.availability.removeDay")}
                  <span className="sr-only"> — {day.label}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink-600">{t("welcomeCall.availability.noDaysOff")}</p>
      )}
    </Section>
  );
}

/** The invitations' neutral title (an admin's setting). */
export function InvitationTitleSection({
  current,
  result,
  busy,
}: {
  current: string;
  result: AvailabilityResult | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section
      id="invitation-title"
      className="mt-6"
      title={t("welcomeCall.availability.invitation")}
      description={t("welcomeCall.availability.invitationHint")}
    >
      <Form method="post" action="?intent=title" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="title" />
        <Field
          id="invitation-title-field"
          label={t("welcomeCall.availability.invitationLabel")}
          error={result?.errors?.title ? t(result.errors.title) : undefined}
          className="max-w-md"
        >
          {(aria) => (
            <Input
              {...aria}
              name="title"
              maxLength={TITLE_MAX}
              defaultValue={result?.values?.title ?? current}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t("welcomeCall.availability.saveTitle")}
        </Button>
      </Form>
    </Section>
  );
}
