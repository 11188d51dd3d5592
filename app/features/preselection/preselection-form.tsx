import { Icon } from "#app/components/ui/icon.tsx";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link, useActionData, useFetcher } from "react-router";
import { PasswordField } from "#app/auth/password-field.tsx";
import { Field, FieldError, Input } from "#app/components/ui/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { preloadToasts, toast } from "#app/components/ui/toast.tsx";
import { failureMessage } from "#app/features/submissions/failure-message.ts";
import { HONEYPOT_FIELD } from "#app/features/submissions/honeypot.ts";
import { countStart } from "#app/features/analytics/beacon.ts";
import { cn } from "#app/utils/cn.ts";
import type { PreselectionActionData } from "./preselection.server.ts";
import { FORM_ANCHOR } from "./fields.ts";
import {
  experienceLevels,
  limits,
  MIN_AGE,
  registrationFields,
  type PreselectionField,
} from "./fields.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { ThankYouPanel } from "#app/features/submissions/thank-you-panel.tsx";
import type { ReplyPromise } from "#app/features/submissions/thank-you.ts";
import { MessageField } from "./message-field.tsx";
import { PhotoPicker } from "#app/features/submissions/photo-picker.tsx";
import { photoSizeProblem, PHOTOS_FIELD } from "#app/features/submissions/photo-limits.ts";

// The validation library loads when the visitor first sends, not with the page.
const loadSchema = () => import("./schema.ts");

function formValues(form: HTMLFormElement) {
  const data = new FormData(form);
  return Object.fromEntries(registrationFields.map((f) => [f, String(data.get(f) ?? "")]));
}

type Values = Record<string, string>;
/** Her answers' fields, and her photos. */
type FormField = PreselectionField | typeof PHOTOS_FIELD;
type Message = (field: FormField) => string | undefined;

/** Her photos' problem that the browser can see (count and sizes), as the form shows errors. */
function photoErrors(form: HTMLFormElement): FieldErrors<FormField> {
  const input = form.elements.namedItem(PHOTOS_FIELD);
  const files = input instanceof HTMLInputElement ? [...(input.files ?? [])] : [];
  const problem = photoSizeProblem(files);
  return problem ? { photos: `preselection.photos.errors.${problem}` } : {};
}

/**
 * The pre-selection form. Checked in the browser before sending and again by the route's action;
 * without JavaScript it is a plain form post and the server's answer is rendered in place (or,
 * once stored, the page comes back with the thank-you panel: thank-you.server.ts). Either way the
 * browser lands on the form's section, where the answer is.
 */
export function PreselectionForm({
  action,
  withAccount = false,
  thanks = null,
  headingLevel = 3,
  afterForm = null,
}: {
  action: string;
  /** /register/model: the form also creates her account, so it asks for a password. */
  withAccount?: boolean;
  /** The panel of an application sent by a plain form, from the page's loader. */
  thanks?: ReplyPromise | null;
  /** The level of the panel's heading in the page. */
  headingLevel?: 2 | 3;
  /** Shown below the form while there is one (another way to register). */
  afterForm?: ReactNode;
}) {
  const { t } = useTranslation();
  const { fetcher, formRef, serverAnswer, errors, values, handlers, reply, cameBack } =
    usePreselectionSubmission(withAccount, action);
  const sending = fetcher.state !== "idle";
  // Kept for as long as the page is open, whatever the loaders say later.
  const [sentByPlainForm] = useState(thanks);
  const sent = reply ?? sentByPlainForm;
  if (sent) {
    return <ThankYouPanel reply={sent} withAccount={withAccount} headingLevel={headingLevel} />;
  }

  const message = (field: FormField) => {
    const key = errors[field];
    return key ? t(key, { max: limits[field as keyof typeof limits] }) : undefined;
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        action={`${action}#${FORM_ANCHOR}`}
        noValidate
        {...handlers}
        aria-describedby="preselection-required-note"
        className="grid gap-6 sm:grid-cols-2"
      >
        <p id="preselection-required-note" className="text-sm text-ink-500 sm:col-span-2">
          {t("preselection.requiredNote")}
        </p>
        {/* Without JavaScript there is no toast: the server's answer is shown here instead. */}
        {serverAnswer ? <ServerAnswer answer={serverAnswer} /> : null}
        {hasErrors ? (
          <p
            role="alert"
            className="rounded-xl bg-coral-300/25 px-4 py-3 text-sm font-semibold text-coral-700 sm:col-span-2"
          >
            {t("validation.fixFields")}
          </p>
        ) : null}

        <ContactFields values={values} message={message} withAccount={withAccount} />
        <ExperienceChoice value={values.experience} error={message("experience")} />

        <MessageField defaultValue={values.message} error={message("message")} />
        <PhotoPicker
          id="photos"
          strings="preselection.photos"
          label={t("preselection.photos.label")}
          error={message("photos")}
          note={cameBack ? t("preselection.photos.again") : undefined}
          className="sm:col-span-2"
        />

        <Consent checked={values.consent === "on"} error={message("consent")} />
        {/* A trap for software that fills in every field; people never see or reach it. */}
        <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={HONEYPOT_FIELD}>Website</label>
          <input
            id={HONEYPOT_FIELD}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            <Icon name="send" />
            {sending ? t("preselection.sending") : t("preselection.submit")}
          </Button>
        </div>
      </fetcher.Form>
      {afterForm}
    </>
  );
}

/**
 * The form's round trip: checked in the browser first, sent by a fetcher, and its answer told
 * with a toast (or, without JavaScript, by the route's action data).
 */
function usePreselectionSubmission(withAccount: boolean, action: string) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PreselectionActionData>({ key: "preselection" });
  const documentResult = useActionData<PreselectionActionData>(); // the no-JavaScript round trip
  const result = fetcher.data ?? documentResult;
  const [clientErrors, setClientErrors] = useState<FieldErrors<FormField> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const errors: FieldErrors<FormField> =
    clientErrors ?? (result?.status === "invalid" ? result.fieldErrors : {});
  const values: Values = result && "values" in result ? result.values : {};

  // As soon as she starts, the checks and the toasts load, so that even a network gone by the
  // time she sends is reported, not met with silence. Her start is counted (cookie-free).
  const onFocus = () => {
    countStart("form_started", withAccount ? "register" : "form");
    void loadSchema().catch(() => undefined);
    preloadToasts();
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    if (answer.status === "sent") {
      formRef.current?.reset();
      setClientErrors(null);
      toast({
        title: t("preselection.sentTitle"),
        description: t(
          withAccount ? "preselection.registeredDescription" : "preselection.sentDescription",
        ),
        variant: "success",
      });
    } else if (answer.status === "invalid") {
      setClientErrors(null);
      focusFirstError(formRef.current, answer.fieldErrors);
    } else {
      toast({
        title: t("preselection.errorTitle"),
        description: failureMessage(t, answer),
        variant: "destructive",
      });
    }
  }, [fetcher.state, fetcher.data, t, withAccount]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const schema = await loadSchema();
      const validate = withAccount ? schema.validateRegistration : schema.validatePreselection;
      const check = validate(formValues(form));
      const found = { ...(check.success ? {} : check.fieldErrors), ...photoErrors(form) };
      if (Object.keys(found).length) {
        setClientErrors(found);
        focusFirstError(form, found);
        return;
      }
      setClientErrors({});
      // Sending an application changes nothing the page shows: no reload of its data after it.
      // The action without the form's #anchor, which is for the browser's own post.
      await fetcher.submit(form, {
        action,
        encType: "multipart/form-data",
        defaultShouldRevalidate: false,
      });
    } catch {
      // The checks could not be loaded (the network is gone): her answers stay for another try.
      toast({
        title: t("preselection.errorTitle"),
        description: t("preselection.errorDescription"),
        variant: "destructive",
      });
    }
  }

  // Once the visitor has tried to send, errors follow her corrections as she types.
  async function onChange(event: FormEvent<HTMLFormElement>) {
    if (clientErrors === null && result?.status !== "invalid") return;
    const form = event.currentTarget;
    const schema = await loadSchema();
    const validate = withAccount ? schema.validateRegistration : schema.validatePreselection;
    const check = validate(formValues(form));
    setClientErrors({ ...(check.success ? {} : check.fieldErrors), ...photoErrors(form) });
  }

  const serverAnswer =
    !fetcher.data &&
    documentResult &&
    documentResult.status !== "invalid" &&
    documentResult.status !== "sent" &&
    !clientErrors
      ? documentResult
      : undefined;
  // A browser that does not say how it posted gets the answer, not a redirect, to a plain form.
  const reply = result?.status === "sent" ? result.reply : null;
  const handlers = {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
    onChange: (event: FormEvent<HTMLFormElement>) => void onChange(event),
    onFocus,
  };
  // A form posted without JavaScript comes back without its files: she is told to pick them again.
  const cameBack = !fetcher.data && documentResult !== undefined && "values" in documentResult;
  return { fetcher, formRef, serverAnswer, errors, values, handlers, reply, cameBack };
}

/** The server's refusal of a form sent without JavaScript, where a toast would otherwise say it. */
function ServerAnswer({
  answer,
}: {
  answer: Exclude<PreselectionActionData, { status: "invalid" | "sent" }>;
}) {
  const { t } = useTranslation();
  return (
    <p
      role="alert"
      className="rounded-xl bg-coral-300/25 px-4 py-3 text-sm text-coral-700 sm:col-span-2"
    >
      <strong className="block font-semibold">{t("preselection.errorTitle")}</strong>
      {failureMessage(t, answer)}
    </p>
  );
}

/** Who she is and where to reach her (and, when registering, her password). */
function ContactFields({
  values,
  message,
  withAccount,
}: {
  values: Values;
  message: Message;
  withAccount: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field id="fullName" label={t("preselection.fullName")} error={message("fullName")}>
        {(aria) => (
          <Input
            {...aria}
            name="fullName"
            autoComplete="name"
            required
            maxLength={limits.fullName}
            defaultValue={values.fullName}
          />
        )}
      </Field>
      <Field id="age" label={t("preselection.age")} error={message("age")}>
        {(aria) => (
          <Input
            {...aria}
            name="age"
            type="number"
            inputMode="numeric"
            min={MIN_AGE}
            max={120}
            required
            defaultValue={values.age}
          />
        )}
      </Field>
      <Field id="email" label={t("preselection.email")} error={message("email")}>
        {(aria) => (
          <Input
            {...aria}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={limits.email}
            defaultValue={values.email}
          />
        )}
      </Field>
      {withAccount ? <PasswordField purpose="new" error={message("password")} /> : null}
      <Field
        id="whatsapp"
        label={t("preselection.whatsapp")}
        hint={t("preselection.whatsappHint")}
        error={message("whatsapp")}
      >
        {(aria) => (
          <Input
            {...aria}
            name="whatsapp"
            type="tel"
            autoComplete="tel"
            maxLength={limits.whatsapp}
            defaultValue={values.whatsapp}
          />
        )}
      </Field>
      <Field
        id="instagram"
        label={t("preselection.instagram")}
        hint={t("preselection.instagramHint")}
        error={message("instagram")}
        className="sm:col-span-2"
      >
        {(aria) => (
          <Input
            {...aria}
            name="instagram"
            required
            maxLength={limits.instagram}
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.instagram}
          />
        )}
      </Field>
    </>
  );
}

/** How much she has modelled: one of a few levels, as radio buttons. */
function ExperienceChoice({
  value,
  error,
}: {
  value: string | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="sm:col-span-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "experience-error" : undefined}
    >
      <legend className="text-sm font-semibold text-ink-900">{t("preselection.experience")}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {experienceLevels.map((level, index) => (
          <label key={level} className={cn("choice", error && "ring-2 ring-coral-600")}>
            <input
              type="radio"
              name="experience"
              value={level}
              required
              id={index === 0 ? "experience" : undefined}
              defaultChecked={value === level}
            />
            {t(`preselection.experienceOptions.${level}`)}
          </label>
        ))}
      </div>
      <FieldError id="experience-error" error={error} />
    </fieldset>
  );
}

/** Her consent to the processing of her application, with the privacy notice beside it. */
function Consent({ checked, error }: { checked: boolean; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200 sm:col-span-2">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id="consent"
          name="consent"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "consent-error privacy-link" : "privacy-link"}
          className="mt-1 size-5 shrink-0 accent-brand-700 aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-coral-600"
        />
        <label htmlFor="consent" className="text-sm leading-relaxed text-ink-900">
          {t("preselection.consent")}
        </label>
      </div>
      <p className="mt-2 ps-8 text-sm">
        <Link
          id="privacy-link"
          to="/privacy"
          target="_blank"
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t("preselection.privacyLink")}
        </Link>
      </p>
      <div className="ps-8">
        <FieldError id="consent-error" error={error} />
      </div>
    </div>
  );
}

function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors<FormField>) {
  const fields: readonly FormField[] = [...registrationFields, PHOTOS_FIELD];
  const first = fields.find((field) => errors[field]);
  if (!form || !first) return;
  const element = form.querySelector<HTMLElement>(`#${first}`);
  element?.focus();
}
