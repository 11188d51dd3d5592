import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import { techReport } from "#app/features/reports/tech-report.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/tech-report";

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminTechReport");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-tech"),
    title: pageTitle(t("admin.tech.title")),
    report: await techReport(await getDatabase()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

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

/** /admin/tech-report: versions, this process, the database, the mail queue, recent errors. */
export default function TechReport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { report } = loaderData;
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
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.tech.title")}</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="server-title"
          className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
        >
          <h2 id="server-title" className="text-lg font-semibold">
            {t("admin.tech.server")}
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm font-semibold text-ink-600">{label}</dt>
                <dd className="break-words text-ink-900 max-sm:mb-2">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section
          aria-labelledby="libraries-title"
          className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
        >
          <h2 id="libraries-title" className="text-lg font-semibold">
            {t("admin.tech.libraries")}
          </h2>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">{t("admin.tech.libraries")}</caption>
            <thead className="text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pe-4 font-semibold">
                  {t("admin.tech.library")}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t("admin.tech.version")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {report.libraries.map((library) => (
                <tr key={library.name}>
                  <th scope="row" className="py-2 pe-4 font-mono font-normal text-ink-800">
                    {library.name}
                  </th>
                  <td className="py-2 font-mono text-ink-900">{library.version ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <section
        aria-labelledby="errors-title"
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
      >
        <h2 id="errors-title" className="text-lg font-semibold">
          {t("admin.tech.errors", { count: report.errors.total })}
        </h2>
        {report.errors.recent.length === 0 ? (
          <p className="mt-2 text-ink-600">{t("admin.tech.noErrors")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-ink-100 text-sm">
            {report.errors.recent.map((error, index) => (
              <li key={index} className="py-2">
                <span className="text-ink-500">{formatWhen(error.at, language)}</span>{" "}
                <span className="font-mono text-ink-700">{error.path}</span>
                <p className="mt-0.5 font-mono break-words text-ink-900">{error.message}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
