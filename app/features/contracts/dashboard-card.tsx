import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { auditTime } from "./audit-time.ts";
import type { CountersignWaiting } from "./contracts.server.ts";

/** The staff dashboard's contracts signed by a model and waiting for the agency's countersignature. */
export function ContractsToCountersign({ waiting }: { waiting: CountersignWaiting }) {
  const { t } = useTranslation();
  if (waiting.total === 0) return null;
  return (
    <Section
      id="contracts-to-countersign"
      title={t("contracts.dashboard.title")}
      description={t("contracts.dashboard.intro", { count: waiting.total })}
      className="mt-8"
    >
      <ul className="mt-3 divide-y divide-ink-100">
        {waiting.contracts.map((contract) => (
          <li
            key={contract.submissionId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <Link
              to={`/admin/cadastros/${contract.submissionId}#contract`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              {contract.fullName || t("contracts.dashboard.erased")}
            </Link>
            <span className="text-sm text-ink-600">
              {t("contracts.dashboard.signedOn", { at: auditTime(contract.signedAt).brasilia })}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
