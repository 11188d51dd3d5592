import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { pixKeyTypes } from "#app/db/affiliate-program-states.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { accountTypes } from "./constants.ts";

/** What the portal's action answers a refused change with: the error, and what she typed. */
export interface PayoutDetailsResult {
  error: string;
  field?: string;
  typed?: Record<string, string | undefined>;
}

export interface PayoutDetailsView {
  current: { method: "pix" | "bank"; hint: string } | null;
  waiting: { hint: string } | null;
}

const select = "field";

/**
 * Her payout details in the portal: the hint of the current ones (never the whole key), a
 * change waiting for the mailed link, and the form that asks for one with her password. The
 * method's radio shows its own fields by CSS alone (`:has`), so it works without JavaScript.
 */
export function PayoutDetailsSection({
  details,
  result,
}: {
  details: PayoutDetailsView;
  result?: PayoutDetailsResult;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const typed = result?.typed ?? {};
  const method = typed.method === "bank" ? "bank" : (details.current?.method ?? "pix");
  const errorOf = (field: string) => (result?.field === field ? t(result.error) : undefined);
  const field = (
    name: string,
    props: { autoComplete?: string; inputMode?: "numeric" | "email" | "text"; hint?: string } = {},
  ) => (
    <Field
      id={`payout-${name}`}
      label={t(`payouts.details.fields.${name}`)}
      hint={props.hint}
      error={errorOf(name)}
    >
      {(aria) => (
        <Input
          {...aria}
          name={name}
          defaultValue={typed[name] ?? ""}
          autoComplete={props.autoComplete ?? "off"}
          inputMode={props.inputMode}
          maxLength={120}
        />
      )}
    </Field>
  );

  return (
    <Section
      id="payout-details"
      anchor="payout-details"
      title={t("payouts.details.title")}
      description={t("payouts.details.intro")}
      className="mt-8"
    >
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
            {t("payouts.details.current")}
          </dt>
          <dd
            className={
              details.current ? "mt-1 font-mono text-base text-ink-900" : "mt-1 text-ink-700"
            }
            data-testid="payout-hint"
          >
            {/* A PIX key's hint names PIX already; an account's is its numbers alone. */}
            {details.current
              ? details.current.method === "bank"
                ? `${t("payouts.details.methods.bank")} · ${details.current.hint}`
                : details.current.hint
              : t("payouts.details.none")}
          </dd>
        </div>
      </dl>
      {details.waiting ? (
        <p
          role="status"
          className="mt-4 flex gap-2 rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sand-300"
        >
          <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
          <span>{t("payouts.details.waiting", { hint: details.waiting.hint })}</span>
        </p>
      ) : null}
      {result && !result.field ? (
        <p
          role="alert"
          className="mt-4 rounded-xl bg-coral-300/25 px-4 py-3 text-sm font-medium text-coral-700"
        >
          {t(result.error)}
        </p>
      ) : null}

      <Form method="post" action="/portal" className="group mt-6 space-y-5" noValidate>
        <input type="hidden" name="intent" value="payout-details" />
        <fieldset>
          <legend className="text-sm font-semibold text-ink-900">
            {t("payouts.details.method")}
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {(["pix", "bank"] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-ink-800">
                <input
                  type="radio"
                  name="method"
                  value={value}
                  id={`payout-method-${value}`}
                  defaultChecked={method === value}
                  className="size-4 accent-brand-700"
                />
                {t(`payouts.details.methods.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <MethodFields typed={typed} field={field} />

        <div className="max-w-sm">
          <Field
            id="payout-password"
            label={t("payouts.details.password")}
            hint={t("payouts.details.passwordHint")}
            error={errorOf("password")}
          >
            {(aria) => (
              <Input
                {...aria}
                name="password"
                type="password"
                autoComplete="current-password"
                maxLength={256}
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={busy} className="max-sm:w-full">
          <Icon name="mail" />
          {t("payouts.details.submit")}
        </Button>
      </Form>
    </Section>
  );
}

/** The PIX key's fields and the bank account's: only the chosen method's are shown (CSS). */
function MethodFields({
  typed,
  field,
}: {
  typed: Record<string, string | undefined>;
  field: (
    name: string,
    props?: { autoComplete?: string; inputMode?: "numeric" | "email" | "text"; hint?: string },
  ) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="grid gap-4 group-has-[#payout-method-bank:checked]:hidden sm:grid-cols-2">
        <legend className="sr-only">{t("payouts.details.methods.pix")}</legend>
        <Field id="payout-keyType" label={t("payouts.details.fields.keyType")}>
          {(aria) => (
            <select
              {...aria}
              name="keyType"
              defaultValue={typed.keyType ?? "cpf"}
              className={select}
            >
              {pixKeyTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`payouts.details.keyTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {field("key", { hint: t("payouts.details.keyHint") })}
      </fieldset>

      <fieldset className="grid gap-4 group-has-[#payout-method-pix:checked]:hidden sm:grid-cols-2">
        <legend className="sr-only">{t("payouts.details.methods.bank")}</legend>
        {field("bankCode", { inputMode: "numeric", hint: t("payouts.details.bankCodeHint") })}
        {field("branch", { inputMode: "numeric" })}
        {field("account", { hint: t("payouts.details.accountHint") })}
        <Field id="payout-accountType" label={t("payouts.details.fields.accountType")}>
          {(aria) => (
            <select
              {...aria}
              name="accountType"
              defaultValue={typed.accountType ?? "checking"}
              className={select}
            >
              {accountTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`payouts.details.accountTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {field("holderName", { autoComplete: "name" })}
        {field("holderDocument", { inputMode: "numeric" })}
      </fieldset>
    </>
  );
}
