import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FieldError, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/** What /privacy/request's action answers. */
export type PrivacyRequestResult =
  | { status: "sent" }
  | {
      status: "invalid";
      errors: { email?: string; kind?: string; form?: string };
      email: string;
      kind: string;
    }
  | { status: "limited"; minutes: number; email: string; kind: string };

/**
 * The request form of /privacy/request: which right she exercises and her address, or, once
 * sent, what happens next. A plain <Form>, the same with and without JavaScript.
 */
export function PrivacyRequestForm({ result }: { result: PrivacyRequestResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = result?.status === "invalid" ? result.errors : {};
  const typed = result && "email" in result ? result : null;
  const limited = result?.status === "limited" ? result.minutes : null;

  return (
    <section
      aria-labelledby="form-title"
      // On a phone the form comes first: she arrives here to ask; the details follow.
      className="self-start rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200/70 max-lg:order-first sm:p-8"
    >
      <h2 id="form-title" className="text-2xl font-semibold">
        {t("privacy.request.formTitle")}
      </h2>
      {result?.status === "sent" ? (
        <div className="mt-6">
          <FormMessage tone="notice">
            <span className="block font-semibold">{t("privacy.request.sentTitle")}</span>
            <span className="mt-1 block">{t("privacy.request.sent")}</span>
          </FormMessage>
          <p className="text-sm text-ink-600">{t("privacy.request.sentHelp")}</p>
          <Link
            to="/privacy/request"
            className="mt-6 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {t("privacy.request.another")}
          </Link>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-6" noValidate>
          {errors.form ? <FormMessage tone="error">{t(errors.form)}</FormMessage> : null}
          {limited ? (
            <FormMessage tone="error">
              {t("validation.tooManyRequests", { minutes: limited })}
            </FormMessage>
          ) : null}
          <fieldset aria-describedby={errors.kind ? "kind-error" : undefined}>
            <legend className="text-sm font-semibold text-ink-900">
              {t("privacy.request.kindLabel")}
            </legend>
            <div className="mt-3 space-y-3">
              {(["export", "erase"] as const).map((kind) => (
                // The label covers the whole card (after:inset-0), so all of it is clickable.
                <div
                  key={kind}
                  className="relative flex gap-3 rounded-xl bg-white p-4 ring-1 ring-ink-300 ring-inset has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                >
                  <input
                    type="radio"
                    id={`kind-${kind}`}
                    name="kind"
                    value={kind}
                    required
                    defaultChecked={typed?.kind === kind}
                    aria-describedby={`kind-${kind}-hint`}
                    className="relative z-10 mt-1 size-4 shrink-0 accent-brand-700"
                  />
                  <div>
                    <label
                      htmlFor={`kind-${kind}`}
                      className="block cursor-pointer font-medium text-ink-950 after:absolute after:inset-0 after:rounded-xl"
                    >
                      {t(`privacy.request.${kind}Choice`)}
                    </label>
                    <p id={`kind-${kind}-hint`} className="mt-0.5 text-sm text-ink-600">
                      {t(`privacy.request.${kind}Hint`)}
                    </p>
                  </div>
                </div>
              ))}
            </div>
            <div className="mt-2">
              <FieldError id="kind-error" error={errors.kind ? t(errors.kind) : undefined} />
            </div>
          </fieldset>
          <Field
            id="email"
            label={t("privacy.request.email")}
            hint={t("privacy.request.emailHint")}
            error={errors.email ? t(errors.email) : undefined}
          >
            {(aria) => (
              <Input
                {...aria}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={typed?.email}
              />
            )}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={sending}>
            <Icon name="send" />
            {sending ? t("privacy.request.sending") : t("privacy.request.submit")}
          </Button>
        </Form>
      )}
    </section>
  );
}
