import type { ReactNode } from "react";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { REPORT_DAYS, REPORT_TIME_ZONE } from "#app/features/reports/auth-report.ts";
import { authReport } from "#app/features/reports/auth-report.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { getEnv } from "#app/utils/env.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/auth-report";

/** /admin/auth-report (admin only): how people sign in, what fails, and the accounts' state. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAuthReport");
  const { t, strings } = pageContext(request);
  const report = await authReport(await getDatabase(), getEnv().ADMIN_EMAIL);
  return {
    strings: strings("admin-auth-report"),
    title: pageTitle(t("admin.authReport.title")),
    report,
    zone: REPORT_TIME_ZONE,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const th = "px-4 py-3 font-semibold";
const td = "px-4 py-2.5 text-ink-700 tabular-nums";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-ink-200/70">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AuthReport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { report, zone } = loaderData;
  const number = new Intl.NumberFormat(i18n.language);
  const percent = (part: number, whole: number) =>
    whole ? new Intl.NumberFormat(i18n.language, { style: "percent" }).format(part / whole) : "—";
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: "medium",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
  const methodName = (method: string) =>
    ["password", "google", "two-factor", "email-link"].includes(method)
      ? t(`admin.authReport.methods.${method}`)
      : method || "—";
  const formName = (form: string) =>
    ["sign-in", "sign-up", "reset", "two-factor"].includes(form)
      ? t(`admin.authReport.forms.${form}`)
      : form || "—";
  const totals = report.days.reduce(
    (sum, day) => ({
      signIns: sum.signIns + day.signIns,
      failures: sum.failures + day.failures,
      rateLimited: sum.rateLimited + day.rateLimited,
      signUps: sum.signUps + day.signUps,
    }),
    { signIns: 0, failures: 0, rateLimited: 0, signUps: 0 },
  );
  const a = report.accounts;
  const cards = [
    { label: t("admin.authReport.signIns"), value: number.format(totals.signIns) },
    { label: t("admin.authReport.failures"), value: number.format(totals.failures) },
    { label: t("admin.authReport.rateLimited"), value: number.format(totals.rateLimited) },
    { label: t("admin.authReport.signUps"), value: number.format(totals.signUps) },
  ];
  const accountFacts = [
    { label: t("admin.authReport.accountsTotal"), value: number.format(a.total) },
    { label: t("admin.authReport.unverified"), value: number.format(a.unverified) },
    { label: t("admin.authReport.disabled"), value: number.format(a.disabled) },
    {
      label: t("admin.authReport.twoFactorAll"),
      value: `${number.format(a.twoFactor)} / ${number.format(a.total)} (${percent(a.twoFactor, a.total)})`,
    },
    {
      label: t("admin.authReport.twoFactorStaff"),
      value: `${number.format(a.staffTwoFactor)} / ${number.format(a.staff)} (${percent(a.staffTwoFactor, a.staff)})`,
    },
  ];

  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.authReport.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">
        {t("admin.authReport.period", { days: REPORT_DAYS, zone })}
      </p>

      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70">
            <span className="text-sm text-ink-600">{card.label}</span>
            <span className="mt-1 block text-3xl font-semibold text-ink-950 tabular-nums">
              {card.value}
            </span>
          </li>
        ))}
      </ul>

      <Section id="accounts-title" title={t("admin.authReport.accounts")}>
        <dl className="mt-3 grid gap-x-6 gap-y-4 sm:grid-cols-2 xl:grid-cols-3">
          {accountFacts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {fact.label}
              </dt>
              <dd className="mt-1 text-ink-900 tabular-nums">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <div className="grid gap-x-6 xl:grid-cols-2">
        <Section id="methods-title" title={t("admin.authReport.byMethod")}>
          {report.methods.length ? (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                  <tr>
                    <th scope="col" className={th}>
                      {t("admin.authReport.method")}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t("admin.authReport.signIns")}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t("admin.authReport.failures")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {report.methods.map((row) => (
                    <tr key={row.method}>
                      <th scope="row" className="px-4 py-2.5 font-medium text-ink-900">
                        {methodName(row.method)}
                      </th>
                      <td className={`${td} text-end`}>{number.format(row.signIns)}</td>
                      <td className={`${td} text-end`}>{number.format(row.failures)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="mt-3 text-ink-600">{t("admin.authReport.none")}</p>
          )}
        </Section>

        <Section id="limits-title" title={t("admin.authReport.limits")}>
          {report.limits.length ? (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                  <tr>
                    <th scope="col" className={th}>
                      {t("admin.authReport.form")}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t("admin.authReport.rateLimited")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {report.limits.map((row) => (
                    <tr key={row.form}>
                      <th scope="row" className="px-4 py-2.5 font-medium text-ink-900">
                        {formName(row.form)}
                      </th>
                      <td className={`${td} text-end`}>{number.format(row.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="mt-3 text-ink-600">{t("admin.authReport.none")}</p>
          )}
        </Section>
      </div>

      <Section id="days-title" title={t("admin.authReport.perDay")}>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t("admin.authReport.day")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.authReport.signIns")}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t("admin.authReport.failures")}
                </th>
                <th scope="col" className={`${th} hidden text-end sm:table-cell`}>
                  {t("admin.authReport.rateLimited")}
                </th>
                <th scope="col" className={`${th} hidden text-end sm:table-cell`}>
                  {t("admin.authReport.signUps")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {report.days.map((day) => (
                <tr key={day.day}>
                  <th
                    scope="row"
                    className="px-4 py-2.5 font-medium whitespace-nowrap text-ink-900"
                  >
                    {dayLabel(day.day)}
                  </th>
                  <td className={`${td} text-end`}>{number.format(day.signIns)}</td>
                  <td className={`${td} text-end`}>{number.format(day.failures)}</td>
                  <td className={`${td} hidden text-end sm:table-cell`}>
                    {number.format(day.rateLimited)}
                  </td>
                  <td className={`${td} hidden text-end sm:table-cell`}>
                    {number.format(day.signUps)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
