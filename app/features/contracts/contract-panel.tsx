import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import type { ContractState } from "#app/db/career-states.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { auditTime } from "./audit-time.ts";
import { formatShare } from "./contract-text.ts";
import type { ContractPanelData, StaffContract } from "./contracts.server.ts";

export interface ContractPanelResult {
  error?: string;
  field?: "share" | "startsOn" | "name";
  /** What was typed, given back. */
  values?: Partial<Record<"share" | "startsOn" | "name", string>>;
}

export const stateTone: Record<ContractState, BadgeTone> = {
  offered: "neutral",
  signed: "neutral",
  countersigned: "positive",
  withdrawn: "negative",
};

/**
 * Her contract on her application's page (issue 30): its state and record, the PDF, and for an
 * admin the offer, its withdrawal and the countersignature. The forms post to
 * /admin/cadastros/:id/contract as plain forms.
 */
export function ContractPanel({
  applicationId,
  panel,
  result,
}: {
  applicationId: number;
  panel: ContractPanelData | null;
  result?: ContractPanelResult;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  if (!panel) return null;
  const current = panel.contracts.find((contract) => contract.state !== "withdrawn");
  const withdrawn = panel.contracts.filter((contract) => contract.state === "withdrawn");
  const action = `/admin/cadastros/${applicationId}/contract`;
  return (
    <Section
      id="contract-panel"
      anchor="contract"
      title={t("contracts.panel.title")}
      description={current ? undefined : t("contracts.panel.none")}
      actions={
        current ? (
          <Badge tone={stateTone[current.state]} value={current.state}>
            {t(`contracts.state.${current.state}`)}
          </Badge>
        ) : undefined
      }
    >
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {panel.notice && ["offered", "withdrawn", "countersigned"].includes(panel.notice) ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200">
            {t(`contracts.panel.done.${panel.notice}`)}
          </p>
        ) : null}
      </div>
      {result?.error && !result.field ? (
        <div className="mt-3">
          <FormMessage tone="error">{t(result.error)}</FormMessage>
        </div>
      ) : null}

      {current ? <ContractFacts contract={current} language={i18n.language} /> : null}

      {current ? (
        <div className="mt-4 flex flex-wrap items-start gap-3">
          <a
            href={`${action}/${current.id}/pdf`}
            className={buttonVariants({ variant: "secondary", size: "sm" })}
            download
          >
            <Icon name="download" className="size-4" />
            {t("contracts.panel.download")}
          </a>
          {panel.mayAct && current.state === "offered" ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="withdraw" />
              <input type="hidden" name="contract" value={current.id} />
              <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                {t("contracts.panel.withdraw")}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}

      {panel.mayAct && current?.state === "signed" ? (
        <Form method="post" action={action} className="mt-5 space-y-3 border-t border-ink-100 pt-4">
          <input type="hidden" name="intent" value="countersign" />
          <input type="hidden" name="contract" value={current.id} />
          <h3 className="text-sm font-semibold text-ink-900">
            {t("contracts.panel.countersignTitle")}
          </h3>
          <p className="text-sm text-ink-600">{t("contracts.panel.countersignIntro")}</p>
          <Field
            id="countersign-name"
            label={t("contracts.panel.countersignName")}
            error={result?.field === "name" && result.error ? t(result.error) : undefined}
          >
            {(aria) => (
              <Input
                {...aria}
                name="name"
                required
                maxLength={200}
                autoComplete="name"
                defaultValue={result?.values?.name ?? ""}
              />
            )}
          </Field>
          <Button type="submit" size="sm" disabled={busy}>
            {t("contracts.panel.countersign")}
          </Button>
        </Form>
      ) : null}

      {panel.mayAct && !current ? (
        panel.ready ? (
          <OfferForm action={action} result={result} busy={busy} />
        ) : (
          <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sand-300">
            {t("contracts.panel.notReady")}{" "}
            <a href="/admin/contracts" className="font-semibold text-brand-800 underline">
              {t("contracts.panel.notReadyLink")}
            </a>
          </p>
        )
      ) : null}

      {withdrawn.length ? (
        <p className="mt-4 text-xs text-ink-600">
          {t("contracts.panel.withdrawnOffers", { count: withdrawn.length })}
        </p>
      ) : null}
    </Section>
  );
}

function OfferForm({
  action,
  result,
  busy,
}: {
  action: string;
  result?: ContractPanelResult;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const error = (field: "share" | "startsOn") =>
    result?.field === field && result.error ? t(result.error) : undefined;
  return (
    <Form method="post" action={action} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="offer" />
      <p className="text-sm text-ink-600">{t("contracts.panel.offerIntro")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="contract-share"
          label={t("contracts.panel.share")}
          hint={t("contracts.panel.shareHint")}
          error={error("share")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="share"
              required
              inputMode="decimal"
              maxLength={6}
              defaultValue={result?.values?.share ?? ""}
            />
          )}
        </Field>
        <Field id="contract-start" label={t("contracts.panel.startsOn")} error={error("startsOn")}>
          {(aria) => (
            <Input
              {...aria}
              type="date"
              name="startsOn"
              required
              defaultValue={result?.values?.startsOn ?? ""}
            />
          )}
        </Field>
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {t("contracts.panel.offer")}
      </Button>
    </Form>
  );
}

/** A contract's terms and record, as staff read them (times in Brasília, the agency's). */
function ContractFacts({ contract, language }: { contract: StaffContract; language: string }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [
      t("contracts.panel.version"),
      `${t("contracts.templates.versionShort", { version: contract.version })} · ${contract.language.toUpperCase()}`,
    ],
    [t("contracts.panel.share"), formatShare(contract.shareBasisPoints, language)],
    [t("contracts.panel.startsOn"), contract.startsOn],
    [
      t("contracts.panel.offered"),
      `${auditTime(contract.offeredAt).brasilia} · ${contract.offeredBy ?? "—"}`,
    ],
  ];
  if (contract.signedAt) {
    rows.push([
      t("contracts.panel.signed"),
      `${contract.signedName} · ${auditTime(contract.signedAt).brasilia} · ${t(`contracts.method.${contract.signedWith === "totp" ? "totp" : "password"}`)}`,
    ]);
  }
  if (contract.countersignedAt) {
    rows.push([
      t("contracts.panel.countersigned"),
      `${contract.countersignedName} · ${auditTime(contract.countersignedAt).brasilia}`,
    ]);
  }
  return (
    <>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink-700">{label}</dt>
            <dd className="text-ink-900">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold text-ink-700">{t("contracts.panel.sha256")}</dt>
        <dd className="font-mono text-xs break-all text-ink-800">{contract.textSha256}</dd>
      </dl>
      {contract.consentWithdrawnAt ? (
        <p className="mt-3 rounded-xl bg-sand-100 px-4 py-3 text-sm font-semibold text-coral-700 ring-1 ring-coral-300">
          {t("contracts.panel.consentWithdrawn", {
            at: auditTime(contract.consentWithdrawnAt).brasilia,
          })}
        </p>
      ) : null}
    </>
  );
}
