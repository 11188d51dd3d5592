import { Section } from "#app/components/ui/card.tsx";
import type { ModelApplication } from "./dashboard.server.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { AGENCY_TIME_ZONE } from "#app/utils/agency-time.ts";
import { StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/** One of her applications: its status and what it means, its history, and what she sent. */
export function ApplicationCard({
  application,
  latest,
  liveOnboarding = false,
}: {
  application: ModelApplication;
  latest: boolean;
  /** Her onboarding card is on the page (issue 29): "what now" points to it. */
  liveOnboarding?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Section
      id={`application-${application.id}`}
      title={latest ? t("dashboard.latestApplication") : t("dashboard.earlierApplication")}
      actions={<StatusBadge status={application.status} />}
      description={t("dashboard.sentOn", {
        when: formatAgencyTime(application.createdAt, i18n.language),
        source: t(`admin.source.${application.source}`),
      })}
    >
      <div className="mt-5 rounded-2xl bg-sand-50 p-5 ring-1 ring-ink-200/60">
        <p className="font-semibold text-ink-900">
          {t(`dashboard.status.${application.status}.title`)}
        </p>
        <p className="mt-1 text-ink-700">{t(`dashboard.status.${application.status}.text`)}</p>
        <p className="mt-3 text-sm text-ink-600">
          <span className="font-semibold text-ink-800">{t("dashboard.whatNext")}</span>{" "}
          {t(
            liveOnboarding && application.status === "Aprovado"
              ? "dashboard.status.Aprovado.nextLive"
              : `dashboard.status.${application.status}.next`,
          )}
        </p>
      </div>

      <h3 className="mt-6 text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {t("dashboard.history")}
      </h3>
      <ol className="mt-3 space-y-3 border-s-2 border-brand-100 ps-5">
        {application.history.map((entry, index) => (
          <li key={index} className="relative">
            <span
              aria-hidden="true"
              className="absolute -start-[1.7rem] top-1.5 size-3 rounded-full bg-brand-600 ring-4 ring-white"
            />
            <p className="text-sm text-ink-900">
              <time dateTime={entry.at}>{historySentence(entry, t, i18n.language)}</time>
            </p>
            {entry.note ? <p className="mt-1 text-sm text-ink-600">“{entry.note}”</p> : null}
          </li>
        ))}
      </ol>

      <Answers application={application} />
    </Section>
  );
}

const sentenceKeys = {
  Pendente: "dashboard.timeline.reopened",
  Aprovado: "dashboard.timeline.approved",
  Reprovado: "dashboard.timeline.rejected",
} as const;

/**
 * A step of her application as a sentence in her language ("Your application was approved on
 * 5 March."), never the staff's status words: the day on the agency's calendar.
 */
function historySentence(
  entry: ModelApplication["history"][number],
  t: (key: string, values?: Record<string, string>) => string,
  language: string,
) {
  const date = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: AGENCY_TIME_ZONE,
  }).format(new Date(entry.at));
  const key = entry.from
    ? (sentenceKeys[entry.to as keyof typeof sentenceKeys] ?? "dashboard.timeline.reopened")
    : "dashboard.timeline.received";
  return t(key, { date });
}

/** The answers she sent, behind a disclosure; what she left blank is left out. */
function Answers({ application }: { application: ModelApplication }) {
  const { t, i18n } = useTranslation();
  const birthDate = application.dateOfBirth
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${application.dateOfBirth}T00:00:00Z`),
      )
    : null;
  const answers: [string, string | null][] = [
    [t("dashboard.answers.fullName"), application.fullName],
    [t("dashboard.answers.email"), application.email],
    [t("dashboard.answers.age"), application.age !== null ? String(application.age) : birthDate],
    [t("dashboard.answers.whatsapp"), application.whatsapp ?? application.phone],
    [t("dashboard.answers.instagram"), application.instagram],
    [
      t("dashboard.answers.experience"),
      application.experience ? t(`preselection.experienceOptions.${application.experience}`) : null,
    ],
    [
      t("dashboard.answers.place"),
      [application.city, application.country?.toUpperCase()].filter(Boolean).join(", ") || null,
    ],
    [
      t("dashboard.answers.document"),
      application.hasDocument
        ? t("dashboard.answers.documentMasked", { digits: application.documentLastDigits ?? "" })
        : null,
    ],
    [t("dashboard.answers.message"), application.message],
  ];
  return (
    <details className="group mt-6">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:text-brand-900">
        {t("dashboard.answers.title")}
      </summary>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {answers
          .filter((answer): answer is [string, string] => Boolean(answer[1]))
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {label}
              </dt>
              <dd className="mt-1 text-sm break-words whitespace-pre-line text-ink-900">{value}</dd>
            </div>
          ))}
      </dl>
    </details>
  );
}
