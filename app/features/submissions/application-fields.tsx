import type { ReactNode } from "react";
import { Form } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { countryName, formatBirthDate } from "#app/features/chatbot/format.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ApplicationDetail } from "./detail.server.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { languages } from "#app/i18n/languages.ts";
import { whatsappNumberOf } from "#app/utils/whatsapp.ts";
import { contactPath } from "./contact.ts";
import { ageOn, profileLink, readablePhone } from "./creator-contact.ts";

/** Her answers as the reviewer reads them; an answer she did not give is a dash. */
export function ApplicationFields({
  application: a,
  revealed,
}: {
  application: ApplicationDetail["application"];
  /** Her full document number, once a reviewer asked for it. */
  revealed?: string;
}) {
  const { t, i18n } = useTranslation();
  const dash = "—";
  const phone = a.phone ?? a.whatsapp;
  const profile = profileLink(a.instagram);
  const age = a.dateOfBirth ? ageOn(a.dateOfBirth, new Date()) : null;
  const fields: [string, ReactNode][] = [
    [
      t("admin.detail.email"),
      a.email ? (
        <a href={`mailto:${a.email}`} className={linkClass}>
          {a.email}
        </a>
      ) : (
        dash
      ),
    ],
    [
      t("admin.detail.age"),
      a.age
        ? String(a.age)
        : a.dateOfBirth
          ? age === null
            ? formatBirthDate(a.dateOfBirth, i18n.language)
            : t("admin.detail.ageBorn", {
                age,
                date: formatBirthDate(a.dateOfBirth, i18n.language),
              })
          : dash,
    ],
    [t("admin.detail.phone"), phone ? <PhoneNumber id={a.id} application={a} /> : dash],
    [
      t("admin.detail.location"),
      [a.city, a.country ? countryName(a.country, i18n.language) : ""].filter(Boolean).join(", ") ||
        dash,
    ],
    [
      t("admin.detail.document"),
      a.documentLastDigits ? (
        <DocumentNumber lastDigits={a.documentLastDigits} revealed={revealed} />
      ) : (
        dash
      ),
    ],
    [
      t("admin.detail.instagram"),
      profile ? (
        <a href={profile} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {a.instagram}
          <span className="sr-only"> ({t("admin.detail.contact.newTab")})</span>
        </a>
      ) : (
        (a.instagram ?? dash)
      ),
    ],
    [
      t("admin.detail.experience"),
      a.experience ? t(`preselection.experienceOptions.${a.experience}`) : dash,
    ],
    [t("admin.detail.source"), t(`admin.source.${a.source}`)],
    [
      t("admin.detail.language"),
      languages.find((language) => language.code === a.language)?.name ?? a.language,
    ],
    [t("admin.detail.referral"), a.referralCode ?? dash],
    [t("admin.detail.received"), formatAgencyTime(a.createdAt, i18n.language)],
  ];
  return (
    <Section id="fields" title={t("admin.detail.fields")} hideTitle>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
            <dd className="mt-1 break-words text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      {a.message ? (
        <div className="mt-6">
          <h3 className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
            {t("admin.detail.message")}
          </h3>
          <p className="mt-1 whitespace-pre-line text-ink-900">{a.message}</p>
        </div>
      ) : null}
    </Section>
  );
}

const linkClass =
  "font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900";

/**
 * Her number as it is read aloud; when WhatsApp knows it, a button that opens the chat with her
 * in a new tab through the contact endpoint, which records who wrote to her (as the Contact
 * section's button does). Not a plain link to wa.me: that would go unrecorded.
 */
function PhoneNumber({
  id,
  application,
}: {
  id: number;
  application: { phone: string | null; whatsapp: string | null };
}) {
  const { t } = useTranslation();
  const stored = (application.phone ?? application.whatsapp)!;
  const chat = whatsappNumberOf(application);
  if (!chat) return <>{readablePhone(stored)}</>;
  return (
    <form method="post" action={contactPath(id)} target="_blank" rel="noopener" className="inline">
      <input type="hidden" name="method" value="whatsapp" />
      <button type="submit" className={`${linkClass} text-left`}>
        {readablePhone(stored)}
        <span className="sr-only">
          {" "}
          ({t("admin.detail.contact.whatsapp")}, {t("admin.detail.contact.newTab")})
        </span>
      </button>
    </form>
  );
}

/** The masked number, and on request the full one: the reveal is an action, so it is logged. */
function DocumentNumber({ lastDigits, revealed }: { lastDigits: string; revealed?: string }) {
  const { t } = useTranslation();
  if (revealed) {
    return (
      <span role="status">
        <span className="text-sm text-ink-600">{t("admin.detail.revealed")}</span>{" "}
        <span className="font-mono font-semibold">{revealed}</span>
      </span>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-mono">•••• {lastDigits}</span>
      <input type="hidden" name="intent" value="reveal" />
      <button
        type="submit"
        aria-describedby="reveal-hint"
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline"
      >
        {t("admin.detail.reveal")}
      </button>
      <span id="reveal-hint" className="w-full text-xs text-ink-500">
        {t("admin.detail.revealHint")}
      </span>
    </Form>
  );
}
