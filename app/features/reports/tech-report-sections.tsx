import { Section } from "#app/components/ui/card.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { TechReport } from "./tech-report.server.ts";

function bytes(value: number, language: string) {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  }).format(value / 1_000_000);
}

function duration(seconds: number, language: string) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const format = (value: number, unit: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(value);
  return [
    days ? format(days, "day") : "",
    hours ? format(hours, "hour") : "",
    format(minutes, "minute"),
  ]
    .filter(Boolean)
    .join(" ");
}

/** This process and its database: versions, uptime, memory, migrations, the mail queue. */
export function ServerFacts({ report }: { report: TechReport }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const facts: [string, string][] = [
    [t("admin.tech.app"), `${report.app.name} ${report.app.version}`],
    ["Node.js", report.node],
    [t("admin.tech.uptime"), duration(report.uptimeSeconds, language)],
    [
      t("admin.tech.memory"),
      t("admin.tech.memoryValue", {
        rss: bytes(report.memory.rss, language),
        heap: bytes(report.memory.heapUsed, language),
      }),
    ],
    [t("admin.tech.database"), `${report.database.kind} · ${report.database.version}`],
    [t("admin.tech.databaseSize"), bytes(report.database.bytes, language)],
    [
      t("admin.tech.migrations"),
      t("admin.tech.migrationsValue", {
        applied: report.database.migrations.applied,
        known: report.database.migrations.known,
        latest: report.database.migrations.latest ?? "—",
      }),
    ],
    [
      t("admin.tech.outbox"),
      (["queued", "sent", "failed"] as const)
        .map(
          (status) =>
            `${t(`admin.tech.mail.${status}`)}: ${number.format(report.outbox[status] ?? 0)}`,
        )
        .join(" · "),
    ],
  ];
  return (
    <Section id="server" title={t("admin.tech.server")}>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-ink-600">{label}</dt>
            <dd className="break-words text-ink-900 max-sm:mb-2">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The versions of the libraries a support question usually turns on. */
export function Libraries({ libraries }: { libraries: TechReport["libraries"] }) {
  const { t } = useTranslation();
  return (
    <Section id="libraries" title={t("admin.tech.libraries")} landmark={false}>
      <DataTable
        caption={t("admin.tech.libraries")}
        rows={libraries}
        rowKey={(library) => library.name}
        empty={null}
        columns={[
          {
            key: "library",
            header: t("admin.tech.library"),
            rowHeader: true,
            cell: (library) => (
              <span className="font-mono font-normal text-ink-800">{library.name}</span>
            ),
          },
          {
            key: "version",
            header: t("admin.tech.version"),
            cell: (library) => <span className="font-mono">{library.version ?? "—"}</span>,
          },
        ]}
      />
    </Section>
  );
}

/** How many requests failed since this server started, and the latest of them. */
export function RecentErrors({ errors }: { errors: TechReport["errors"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="errors" title={t("admin.tech.errors", { count: errors.total })} className="mt-6">
      {errors.recent.length === 0 ? (
        <p className="mt-2 text-ink-600">{t("admin.tech.noErrors")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-ink-100 text-sm">
          {errors.recent.map((error, index) => (
            <li key={index} className="py-2">
              <span className="text-ink-500">{formatAgencyTime(error.at, i18n.language)}</span>{" "}
              <span className="font-mono text-ink-700">{error.path}</span>
              <p className="mt-0.5 font-mono break-words text-ink-900">{error.message}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
