import { Icon } from "#app/components/ui/icon.tsx";
import { useMemo, type FormEvent, type ReactNode, type RefObject } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label, Textarea } from "#app/components/ui/field.tsx";
import { cn } from "#app/utils/cn.ts";
import { ThankYouPanel } from "#app/features/submissions/thank-you-panel.tsx";
import type { ReplyPromise } from "#app/features/submissions/thank-you.ts";
import type { Action, Conversation } from "./conversation.ts";
import { countryName, localIsoToday } from "./format.ts";
import { callingCodeOf } from "#app/features/preselection/phone.ts";
import { PhotoStep } from "./photo-step.tsx";
import {
  chatbotLimits,
  countryCodes,
  experienceLevels,
  questions,
  skippableQuestions,
  type Question,
} from "./questions.ts";

type Dispatch = (action: Action) => void;

/**
 * The bottom of the chat: whatever she can say next. Its first control takes the focus each
 * time the assistant speaks, so the whole conversation works from the keyboard.
 */
export function Composer({
  conversation,
  dispatch,
  onConfirm,
  onRestart,
  onClose,
  focusRef,
  invalidEntryId,
  consentError,
  reply,
  homeCountry,
  onPhotos,
}: {
  conversation: Conversation;
  /** Her photos added (some files) or skipped (none): the chat keeps the files. */
  onPhotos: (files: File[]) => void;
  dispatch: Dispatch;
  onConfirm: () => void;
  onRestart: () => void;
  onClose: () => void;
  focusRef: RefObject<HTMLElement | null>;
  /** The transcript message that says what is wrong with the answer in the box, if any. */
  invalidEntryId: number | null;
  consentError: boolean;
  /** Once sent: the server's promise, for the thank-you panel. */
  reply: ReplyPromise | null;
  /** Listed first in the country question (home-country.ts). */
  homeCountry: string | null;
}) {
  const { t } = useTranslation();
  const { stage } = conversation;
  const ref = focusRef as RefObject<never>;

  switch (stage.kind) {
    case "welcome":
      return (
        <Actions>
          <Button ref={ref} onClick={() => dispatch({ type: "begin" })}>
            {t("chatbot.begin")}
          </Button>
        </Actions>
      );

    case "question":
      return (
        // A fresh box per question: the browser does not take a text field turned date field well.
        <QuestionBox
          key={stage.question}
          question={stage.question}
          editing={stage.editing}
          conversation={conversation}
          dispatch={dispatch}
          focusRef={focusRef}
          invalidEntryId={invalidEntryId}
          homeCountry={homeCountry}
        />
      );

    case "photos":
      return <PhotoStep focusRef={focusRef} onDone={onPhotos} />;

    case "summary":
    case "sending": {
      const sending = stage.kind === "sending";
      const failedBefore = conversation.entries.at(-1)?.line.kind === "failed";
      return (
        <div className="space-y-3">
          <div
            className={cn(
              "flex gap-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200",
              consentError && "bg-coral-300/20 ring-2 ring-coral-600",
            )}
          >
            <input
              ref={ref}
              id="chat-consent"
              type="checkbox"
              checked={conversation.consent}
              onChange={(event) => dispatch({ type: "consent", value: event.target.checked })}
              aria-invalid={consentError || undefined}
              aria-describedby={consentError ? "chat-consent-error" : undefined}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <label htmlFor="chat-consent" className="text-sm text-ink-800">
              {t("chatbot.consent")}{" "}
              <a
                href="/privacy"
                target="_blank"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {t("preselection.privacyLink")}
              </a>
            </label>
          </div>
          {consentError ? (
            <p id="chat-consent-error" className="text-sm font-medium text-coral-700">
              {t("validation.consentRequired")}
            </p>
          ) : null}
          <Actions>
            <Button onClick={onConfirm} disabled={sending} aria-disabled={sending}>
              <Icon name="check" />
              {sending
                ? t("chatbot.sending")
                : failedBefore
                  ? t("chatbot.retry")
                  : t("chatbot.confirm")}
            </Button>
            <Button
              variant="secondary"
              disabled={sending}
              onClick={() => dispatch({ type: "decline" })}
            >
              <Icon name="pencil" />
              {t("chatbot.decline")}
            </Button>
          </Actions>
        </div>
      );
    }

    case "choose-edit":
      return <ChooseEdit dispatch={dispatch} focusRef={focusRef} />;

    case "sent":
      return <Sent reply={reply} focusRef={focusRef} onClose={onClose} onRestart={onRestart} />;
  }
}

/**
 * The end of the conversation: the thank-you panel (its heading takes the focus the chat gives
 * its composer) with the ways on.
 */
function Sent({
  reply,
  focusRef,
  onClose,
  onRestart,
}: {
  reply: ReplyPromise | null;
  focusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const actions = (
    <Actions>
      <Button ref={reply ? undefined : (focusRef as RefObject<never>)} onClick={onClose}>
        {t("chatbot.close")}
      </Button>
      <Button variant="secondary" onClick={onRestart}>
        {t("chatbot.newApplication")}
      </Button>
    </Actions>
  );
  return reply ? (
    <ThankYouPanel reply={reply} compact focusRef={focusRef}>
      {actions}
    </ThankYouPanel>
  ) : (
    actions
  );
}

/** Which answer to change, after she said the summary is not right. */
function ChooseEdit({
  dispatch,
  focusRef,
}: {
  dispatch: Dispatch;
  focusRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const ref = focusRef as RefObject<never>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("chatbot.editPrompt")}>
        {questions.map((question, index) => (
          <Button
            key={question}
            ref={index === 0 ? ref : undefined}
            variant="secondary"
            size="sm"
            onClick={() => dispatch({ type: "edit", question })}
          >
            {t(`chatbot.fields.${question}`)}
          </Button>
        ))}
        <Button variant="secondary" size="sm" onClick={() => dispatch({ type: "edit-photos" })}>
          {t("chatbot.photos.field")}
        </Button>
      </div>
      <Actions>
        <Button variant="ghost" size="sm" onClick={() => dispatch({ type: "back-to-summary" })}>
          {t("chatbot.backToSummary")}
        </Button>
      </Actions>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>;
}

type Aria = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };
type Setter = (field: string) => (event: { target: { value: string } }) => void;

function QuestionBox({
  question,
  editing,
  conversation,
  dispatch,
  focusRef,
  invalidEntryId,
  homeCountry,
}: {
  question: Question;
  editing: boolean;
  conversation: Conversation;
  dispatch: Dispatch;
  focusRef: RefObject<HTMLElement | null>;
  invalidEntryId: number | null;
  homeCountry: string | null;
}) {
  const { t } = useTranslation();
  const { draft } = conversation;
  const aria: Aria = {
    "aria-invalid": invalidEntryId !== null || undefined,
    "aria-describedby": invalidEntryId !== null ? `chat-entry-${invalidEntryId}` : undefined,
  };
  const set: Setter = (field) => (event) =>
    dispatch({ type: "draft", values: { [field]: event.target.value } });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: "answer", today: localIsoToday() });
  }

  if (question === "experience") {
    return (
      <ExperienceButtons
        chosen={draft.experience}
        editing={editing}
        dispatch={dispatch}
        focusRef={focusRef}
      />
    );
  }

  const label = t(`chatbot.fields.${question}`);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      {question === "location" ? null : (
        <Label htmlFor="chat-answer" className="sr-only">
          {t("chatbot.answerLabel", { field: label })}
        </Label>
      )}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <AnswerControl
            question={question}
            draft={draft}
            country={conversation.answers.country}
            homeCountry={homeCountry}
            set={set}
            aria={aria}
            focusRef={focusRef}
          />
        </div>
        <Button type="submit" size="icon" className="size-12" aria-label={t("chatbot.send")}>
          <Icon name="arrow-up" className="size-5!" />
        </Button>
      </div>
      {skippableQuestions.has(question) || editing ? (
        <Actions>
          {skippableQuestions.has(question) ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => dispatch({ type: "skip" })}
            >
              <Icon name="skip-forward" />
              {t("chatbot.skip")}
            </Button>
          ) : null}
          {editing ? <BackToSummary dispatch={dispatch} /> : null}
        </Actions>
      ) : null}
    </form>
  );
}

/** The experience question: one button per level, which answers at once. */
function ExperienceButtons({
  chosen,
  editing,
  dispatch,
  focusRef,
}: {
  chosen: string | undefined;
  editing: boolean;
  dispatch: Dispatch;
  focusRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const ref = focusRef as RefObject<never>;
  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-label={t("chatbot.fields.experience")}
        className="flex flex-wrap gap-2"
      >
        {experienceLevels.map((level, index) => (
          <Button
            key={level}
            ref={index === 0 ? ref : undefined}
            variant="secondary"
            aria-pressed={chosen === level}
            onClick={() => {
              dispatch({ type: "draft", values: { experience: level } });
              dispatch({ type: "answer", today: localIsoToday() });
            }}
          >
            {t(`preselection.experienceOptions.${level}`)}
          </Button>
        ))}
      </div>
      {editing ? <BackToSummary dispatch={dispatch} /> : null}
    </div>
  );
}

/** The box she types her answer in, fitted to the question. */
function AnswerControl({
  question,
  draft,
  country,
  homeCountry,
  set,
  aria,
  focusRef,
}: {
  question: Exclude<Question, "experience">;
  draft: Conversation["draft"];
  /** The country she chose, which a phone number without its +code is read in. */
  country: string | undefined;
  homeCountry: string | null;
  set: Setter;
  aria: Aria;
  focusRef: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const ref = focusRef as RefObject<never>;
  switch (question) {
    case "location":
      return (
        <LocationFields
          country={draft.country}
          city={draft.city}
          homeCountry={homeCountry}
          set={set}
          aria={aria}
          focusRef={focusRef}
        />
      );
    case "message":
      return (
        <Textarea
          ref={ref}
          id="chat-answer"
          maxLength={chatbotLimits.message}
          placeholder={t("chatbot.placeholders.message")}
          value={draft.message ?? ""}
          onChange={set("message")}
          // As in any chat, Enter sends and Shift+Enter starts a new line.
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          {...aria}
          className="min-h-24"
        />
      );
    default: {
      const attributes = {
        fullName: { autoComplete: "name", maxLength: chatbotLimits.fullName },
        dateOfBirth: { type: "date", autoComplete: "bday", min: "1900-01-01" },
        phone: { type: "tel", autoComplete: "tel", maxLength: chatbotLimits.phone },
        email: { type: "email", autoComplete: "email", maxLength: chatbotLimits.email },
        // Passports and many ID cards have letters (decision 035), so the full keyboard.
        document: {
          autoCapitalize: "characters",
          autoComplete: "off",
          spellCheck: false,
          maxLength: chatbotLimits.document,
        },
        instagram: {
          autoCapitalize: "none",
          autoComplete: "off",
          spellCheck: false,
          maxLength: chatbotLimits.instagram,
        },
      } as const;
      const code = question === "phone" && country ? callingCodeOf(country) : null;
      const input = (
        <Input
          ref={ref}
          id="chat-answer"
          {...attributes[question]}
          placeholder={
            question === "dateOfBirth" ? undefined : t(`chatbot.placeholders.${question}`)
          }
          value={draft[question] ?? ""}
          onChange={set(question)}
          {...aria}
          aria-describedby={
            [code ? "chat-phone-hint" : null, aria["aria-describedby"]].filter(Boolean).join(" ") ||
            undefined
          }
          className="h-12 py-0"
        />
      );
      if (!code || !country) return input;
      // Says which calling code her number gets, so "(48) 99123-4567" is typed with confidence.
      return (
        <div className="space-y-1">
          {input}
          <p id="chat-phone-hint" className="text-xs text-ink-600">
            {t("chatbot.phoneHint", { country: countryName(country, i18n.language), code })}
          </p>
        </div>
      );
    }
  }
}

/** Her country, from a list sorted in her language with her likely one first, and her city. */
function LocationFields({
  country,
  city,
  homeCountry,
  set,
  aria,
  focusRef,
}: {
  country: string | undefined;
  city: string | undefined;
  homeCountry: string | null;
  set: Setter;
  aria: Aria;
  focusRef: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const ref = focusRef as RefObject<never>;
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    const named = (code: string) => ({ code, name: countryName(code, i18n.language) });
    const others = countryCodes
      .filter((code) => code !== homeCountry)
      .map(named)
      .sort((a, b) => collator.compare(a.name, b.name));
    return homeCountry ? [named(homeCountry), ...others] : others;
  }, [i18n.language, homeCountry]);

  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <div className="space-y-1">
        <Label htmlFor="chat-country" className="text-xs text-ink-600">
          {t("chatbot.fields.country")}
        </Label>
        <select
          ref={ref}
          id="chat-country"
          autoComplete="country"
          value={country ?? ""}
          onChange={set("country")}
          {...aria}
          className="block h-12 w-full rounded-xl border-0 bg-white px-3 text-base text-ink-950 shadow-xs ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none aria-invalid:ring-2 aria-invalid:ring-coral-600"
        >
          <option value="">{t("chatbot.placeholders.country")}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="chat-city" className="text-xs text-ink-600">
          {t("chatbot.fields.city")}
        </Label>
        <Input
          id="chat-city"
          autoComplete="address-level2"
          maxLength={chatbotLimits.city}
          placeholder={t("chatbot.placeholders.city")}
          value={city ?? ""}
          onChange={set("city")}
          {...aria}
          className="h-12 py-0"
        />
      </div>
    </div>
  );
}

function BackToSummary({ dispatch }: { dispatch: Dispatch }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      onClick={() => dispatch({ type: "back-to-summary" })}
    >
      {t("chatbot.backToSummary")}
    </Button>
  );
}
