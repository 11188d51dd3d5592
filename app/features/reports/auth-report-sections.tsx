import { Section } from "#app/components/ui/card.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AuthReport } from "./auth-report.server.ts";

function useFormats() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return { t, language: i18n.language, count: (value: number) => number.format(value) };
}

/** The period's totals, as tiles: sign-ins, failures, rate-limit hits, sign-ups. */
export function AuthTotals({ days }: { days: AuthReport["days"] }) {
  const { t, count } = useFormats();
  const sum = (pick: (day: AuthReport["days"][number]) => number) =>
    count(days.reduce((total, day) => total + pick(day), 0));
  return (
    <StatCards
      className="mt-6 sm:grid-cols-2 xl:grid-cols-4"
      stats={[
        { key: "signIns", label: t("admin.authReport.signIns"), value: sum((d) => d.signIns) },
        { key: "failures", label: t("admin.authReport.failures"), value: sum((d) => d.failures) },
        {
          key: "rateLimited",
          label: t("admin.authReport.rateLimited"),
          value: sum((d) => d.rateLimited),
        },
        { key: "signUps", label: t("admin.authReport.signUps"), value: sum((d) => d.signUps) },
      ]}
    />
  );
}

/** The accounts as they are now: how many, unverified, disabled, with two-step sign-in. */
export function AccountFacts({ accounts: a }: { accounts: AuthReport["accounts"] }) {
  const { t, language, count } = useFormats();
  const percent = (part: number, whole: number) =>
    whole ? new Intl.NumberFormat(language, { style: "percent" }).format(part / whole) : "—";
  const share = (part: number, whole: number) =>
    `${count(part)} / ${count(whole)} (${percent(part, whole)})`;
  return (
    <Section id="accounts" title={t("admin.authReport.accounts")} className="mt-8">
      <StatCards
        variant="figure"
        className="mt-3 gap-x-6 gap-y-4 sm:grid-cols-2 xl:grid-cols-3"
        stats={[
          { key: "total", label: t("admin.authReport.accountsTotal"), value: count(a.total) },
          {
            key: "unverified",
            label: t("admin.authReport.unverified"),
            value: count(a.unverified),
          },
          { key: "disabled", label: t("admin.authReport.disabled"), value: count(a.disabled) },
          {
            key: "twoFactor",
            label: t("admin.authReport.twoFactorAll"),
            value: share(a.twoFactor, a.total),
          },
          {
            key: "staffTwoFactor",
            label: t("admin.authReport.twoFactorStaff"),
            value: share(a.staffTwoFactor, a.staff),
          },
        ]}
      />
    </Section>
  );
}

const methods = ["password", "google", "two-factor", "email-link"];
const forms = ["sign-in", "sign-up", "reset", "two-factor"];

/** Sign-ins and failures per method, and rate-limit hits per form, side by side when wide. */
export function MethodsAndLimits({ report }: { report: AuthReport }) {
  const { t, count } = useFormats();
  const methodName = (method: string) =>
    methods.includes(method) ? t(`admin.authReport.methods.${method}`) : method || "—";
  const formName = (form: string) =>
    forms.includes(form) ? t(`admin.authReport.forms.${form}`) : form || "—";
  const none = <p className="mt-3 text-ink-600">{t("admin.authReport.none")}</p>;
  return (
    <div className="grid gap-x-6 xl:grid-cols-2">
      <Section
        id="methods"
        title={t("admin.authReport.byMethod")}
        landmark={report.methods.length === 0}
        className="mt-8"
      >
        {report.methods.length ? (
          <DataTable
            caption={t("admin.authReport.byMethod")}
            className="mt-3"
            rows={report.methods}
            rowKey={(row) => row.method}
            empty={null}
            columns={[
              {
                key: "method",
                header: t("admin.authReport.method"),
                rowHeader: true,
                cell: (row) => methodName(row.method),
              },
              {
                key: "signIns",
                header: t("admin.authReport.signIns"),
                numeric: true,
                cell: (row) => count(row.signIns),
              },
              {
                key: "failures",
                header: t("admin.authReport.failures"),
                numeric: true,
                cell: (row) => count(row.failures),
              },
            ]}
          />
        ) : (
          none
        )}
      </Section>

      <Section
        id="limits"
        title={t("admin.authReport.limits")}
        landmark={report.limits.length === 0}
        className="mt-8"
      >
        {report.limits.length ? (
          <DataTable
            caption={t("admin.authReport.limits")}
            className="mt-3"
            rows={report.limits}
            rowKey={(row) => row.form}
            empty={null}
            columns={[
              {
                key: "form",
                header: t("admin.authReport.form"),
                rowHeader: true,
                cell: (row) => formName(row.form),
              },
              {
                key: "count",
                header: t("admin.authReport.rateLimited"),
                numeric: true,
                cell: (row) => count(row.count),
              },
            ]}
          />
        ) : (
          none
        )}
      </Section>
    </div>
  );
}

/** Each day of the period; rate-limit hits and sign-ups only where there is room for them. */
export function PerDay({ days }: { days: AuthReport["days"] }) {
  const { t, language, count } = useFormats();
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${day}T12:00:00Z`),
    );
  const wide = "hidden sm:table-cell";
  // Figures' headers may wrap here, so the table fits a phone instead of scrolling sideways.
  const wraps = "whitespace-normal";
  return (
    <Section id="days" title={t("admin.authReport.perDay")} landmark={false} className="mt-8">
      <Table caption={t("admin.authReport.perDay")} density="compact" className="mt-3">
        <thead>
          <tr>
            <Th>{t("admin.authReport.day")}</Th>
            <Th numeric className={wraps}>
              {t("admin.authReport.signIns")}
            </Th>
            <Th numeric className={wraps}>
              {t("admin.authReport.failures")}
            </Th>
            <Th numeric className={wide}>
              {t("admin.authReport.rateLimited")}
            </Th>
            <Th numeric className={wide}>
              {t("admin.authReport.signUps")}
            </Th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <Th row className="whitespace-nowrap">
                {dayLabel(day.day)}
              </Th>
              <Td numeric>{count(day.signIns)}</Td>
              <Td numeric>{count(day.failures)}</Td>
              <Td numeric className={wide}>
                {count(day.rateLimited)}
              </Td>
              <Td numeric className={wide}>
                {count(day.signUps)}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Section>
  );
}
