import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { PrivacyRequestRow } from "./requests.server.ts";

const tones: Record<PrivacyRequestRow["state"], BadgeTone> = {
  done: "positive",
  waiting: "neutral",
  expired: "negative",
};

/**
 * The latest privacy requests: a list on a phone, a table from tablets up (the same rows, only
 * one of them shown). Each says what was asked, from where, and where it stands.
 */
export function PrivacyRequestsSection({ requests }: { requests: PrivacyRequestRow[] }) {
  const { t, i18n } = useTranslation();
  const when = (date: Date) => formatAgencyTime(date, i18n.language);
  const origin = (row: PrivacyRequestRow) =>
    row.fromAccount
      ? t("admin.privacy.requests.fromAccount")
      : t("admin.privacy.requests.fromForm");
  const until = (row: PrivacyRequestRow) =>
    t(`admin.privacy.requests.until.${row.state}`, { when: when(row.until) });
  const state = (row: PrivacyRequestRow) => (
    <Badge tone={tones[row.state]}>{t(`admin.privacy.requests.states.${row.state}`)}</Badge>
  );
  return (
    <Section
      id="requests"
      title={t("admin.privacy.requests.title")}
      description={t("admin.privacy.requests.text")}
      className="mt-6 sm:p-6"
    >
      {requests.length === 0 ? (
        <p className="mt-4 text-sm text-ink-600">{t("admin.privacy.requests.none")}</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-ink-100 border-t border-ink-100 md:hidden">
            {requests.map((row) => (
              <li key={row.id} className="py-3 text-sm">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-ink-900">
                    {t(`admin.privacy.requests.kinds.${row.kind}`)}
                  </span>
                  {state(row)}
                </p>
                <p className="mt-1 font-mono text-ink-700">{row.email}</p>
                <p className="mt-1 text-xs text-ink-500">
                  {when(row.createdAt)} · {origin(row)}
                  <br />
                  {until(row)}
                </p>
              </li>
            ))}
          </ul>
          <Table
            caption={t("admin.privacy.requests.caption")}
            density="compact"
            className="mt-4 max-md:hidden"
            tableClassName="min-w-[36rem]"
          >
            <thead>
              <tr>
                <Th>{t("admin.privacy.requests.asked")}</Th>
                <Th>{t("admin.privacy.requests.kind")}</Th>
                <Th>{t("admin.privacy.requests.address")}</Th>
                <Th>{t("admin.privacy.requests.state")}</Th>
              </tr>
            </thead>
            <tbody>
              {requests.map((row) => (
                <tr key={row.id}>
                  <Td className="whitespace-nowrap">{when(row.createdAt)}</Td>
                  <Td className="text-ink-900">
                    {t(`admin.privacy.requests.kinds.${row.kind}`)}
                    <span className="block text-xs text-ink-500">{origin(row)}</span>
                  </Td>
                  <Td className="font-mono">{row.email}</Td>
                  <Td>
                    {state(row)}
                    <span className="block text-xs text-ink-500">{until(row)}</span>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Section>
  );
}
