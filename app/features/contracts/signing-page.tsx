import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { auditTime } from "./audit-time.ts";
import { stateTone } from "./contract-panel.tsx";
import { ContractText } from "./contract-view.tsx";
import type { SigningPageData } from "./signing.server.ts";

export interface SigningResult {
  error: string;
  field?: "name" | "secret";
  /** What she typed (never her password). */
  typed?: { name?: string; agree?: boolean };
}

const pdfUrl = (id: number) => `/dashboard/model/contract/${id}/pdf`;

/** Her contract page (routes/areas/contract.tsx): read, sign, download, withdraw consent. */
export function ContractSigningPage({
  page,
  result,
}: {
  page: SigningPageData;
  result?: SigningResult;
}) {
  const { t } = useTranslation();
  const { contract } = page;
  return (
    <div className="max-w-3xl space-y-6">
      <div role="status" aria-live="polite" className="empty:hidden">
        {page.done ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900 ring-1 ring-brand-200">
            {t(`contracts.model.done.${page.done}`)}
          </p>
        ) : null}
      </div>
      {result?.error && !result.field ? (
        <FormMessage tone="error">{t(result.error)}</FormMessage>
      ) : null}

      {!contract ? (
        <EmptyState>{t("contracts.model.none")}</EmptyState>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-3 text-ink-700">
            <Badge tone={stateTone[contract.state]} value={contract.state}>
              {t(`contracts.model.state.${contract.state}`)}
            </Badge>
            <span>{t(`contracts.model.stateIntro.${contract.state}`)}</span>
          </p>
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-8">
            <ContractText title={contract.title} blocks={contract.blocks} />
          </div>
          {contract.state === "offered" ? (
            <SigningForm contract={contract} twoFactor={page.twoFactorEnabled} result={result} />
          ) : (
            <SignedRecord contract={contract} />
          )}
        </>
      )}

      {page.earlier.length ? (
        <Section id="earlier-contracts" title={t("contracts.model.earlier")}>
          <ul className="mt-3 divide-y divide-ink-100">
            {page.earlier.map((earlier) => (
              <li
                key={earlier.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span className="text-ink-800">
                  {earlier.title} · {auditTime(earlier.signedAt).brasilia}
                </span>
                <a
                  href={pdfUrl(earlier.id)}
                  className="text-sm font-semibold text-brand-800 underline"
                  download
                >
                  {t("contracts.model.downloadPdf")}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <p>
        <a href="/dashboard/model" className="text-sm font-semibold text-brand-800 underline">
          {t("contracts.model.back")}
        </a>
      </p>
    </div>
  );
}

type Contract = NonNullable<SigningPageData["contract"]>;

function SigningForm({
  contract,
  twoFactor,
  result,
}: {
  contract: Contract;
  twoFactor: boolean;
  result?: SigningResult;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const fieldError = (field: "name" | "secret") =>
    result?.field === field ? t(result.error) : undefined;
  return (
    <Section
      id="sign-contract"
      anchor="sign"
      title={t("contracts.model.signTitle")}
      description={t("contracts.model.signIntro")}
    >
      <Form method="post" className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="sign" />
        <input type="hidden" name="contract" value={contract.id} />
        <input type="hidden" name="sha256" value={contract.sha256} />
        <Field
          id="signed-name"
          label={t("contracts.model.nameLabel")}
          hint={t("contracts.model.nameHint")}
          error={fieldError("name")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="name"
              required
              maxLength={200}
              autoComplete="name"
              defaultValue={result?.typed?.name ?? ""}
            />
          )}
        </Field>
        <label className="flex items-start gap-3 rounded-xl bg-sand-100 p-4 ring-1 ring-sand-300">
          <input
            type="checkbox"
            name="agree"
            value="yes"
            required
            defaultChecked={result?.typed?.agree ?? false}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <span className="font-semibold text-ink-900">{t("contracts.model.agree")}</span>
        </label>
        <Field
          id="signing-secret"
          label={t(twoFactor ? "contracts.model.codeLabel" : "contracts.model.passwordLabel")}
          hint={t(twoFactor ? "contracts.model.codeHint" : "contracts.model.passwordHint")}
          error={fieldError("secret")}
        >
          {(aria) =>
            twoFactor ? (
              <Input
                {...aria}
                name="secret"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
              />
            ) : (
              <Input
                {...aria}
                type="password"
                name="secret"
                required
                maxLength={128}
                autoComplete="current-password"
              />
            )
          }
        </Field>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          <Icon name="pencil" className="size-4" />
          {t("contracts.model.sign")}
        </Button>
        <p className="text-xs leading-relaxed text-ink-600">{t("contracts.model.recorded")}</p>
        <p className="text-xs break-all text-ink-600">
          {t("contracts.model.fingerprint")} <span className="font-mono">{contract.sha256}</span>
        </p>
      </Form>
    </Section>
  );
}

function SignedRecord({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Section id="signed-contract" anchor="signed" title={t("contracts.model.recordTitle")}>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold text-ink-700">{t("contracts.model.signedBy")}</dt>
        <dd className="text-ink-900">
          {contract.signedName} · {auditTime(contract.signedAt!).brasilia}
        </dd>
        <dt className="font-semibold text-ink-700">{t("contracts.model.countersignedOn")}</dt>
        <dd className="text-ink-900">
          {contract.countersignedAt
            ? auditTime(contract.countersignedAt).brasilia
            : t("contracts.model.waitingCountersign")}
        </dd>
        <dt className="font-semibold text-ink-700">{t("contracts.model.fingerprint")}</dt>
        <dd className="font-mono text-xs break-all text-ink-800">{contract.sha256}</dd>
      </dl>
      <a
        href={pdfUrl(contract.id)}
        className={`${buttonVariants({ size: "md" })} mt-5 w-full sm:w-auto`}
        download
      >
        <Icon name="download" className="size-4" />
        {t(
          contract.countersignedAt
            ? "contracts.model.downloadFinal"
            : "contracts.model.downloadPdf",
        )}
      </a>

      <div className="mt-6 border-t border-ink-100 pt-4">
        {contract.consentWithdrawnAt ? (
          <p className="text-sm text-ink-700">
            {t("contracts.model.consentWithdrawnOn", {
              at: auditTime(contract.consentWithdrawnAt).brasilia,
            })}
          </p>
        ) : (
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-ink-800">
              {t("contracts.model.withdrawTitle")}
            </summary>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="withdraw-consent" />
              <input type="hidden" name="contract" value={contract.id} />
              <p className="text-sm text-ink-700">{t("contracts.model.withdrawIntro")}</p>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  required
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>{t("contracts.model.withdrawConfirm")}</span>
              </label>
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                {t("contracts.model.withdraw")}
              </Button>
            </Form>
          </details>
        )}
      </div>
    </Section>
  );
}
