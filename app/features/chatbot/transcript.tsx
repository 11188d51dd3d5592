import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { BotLine, Entry, UserLine } from "./conversation.ts";
import { formatAnswer } from "./format.ts";
import { MaskedDocument, RevealableDocument } from "./masked-document.tsx";
import { chatbotLimits, questions, type Answers, type Question } from "./questions.ts";
import { isSensitive } from "./sensitive.ts";

/** What has been said so far; every message says who is speaking. */
export function Transcript({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation();
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          id={`chat-entry-${entry.id}`}
          className={cn(
            "flex motion-safe:animate-chat-in",
            entry.from === "user" ? "justify-end" : "justify-start",
          )}
        >
          <div
            className={cn(
              "max-w-[85%] rounded-2xl px-4 py-2.5 text-[0.9375rem] leading-relaxed break-words whitespace-pre-line",
              entry.from === "user"
                ? "rounded-br-md bg-brand-700 text-white"
                : "rounded-bl-md bg-white text-ink-900 shadow-xs ring-1 ring-ink-200/80",
              entry.from === "bot" && entry.line.kind === "summary" && "w-full max-w-full",
            )}
          >
            <span className="sr-only">
              {entry.from === "user" ? t("chatbot.you") : t("chatbot.assistant")}:{" "}
            </span>
            {entry.from === "bot" ? (
              <BotMessage line={entry.line} />
            ) : (
              <UserMessage line={entry.line} />
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

function BotMessage({ line }: { line: BotLine }) {
  const { t } = useTranslation();
  switch (line.kind) {
    case "welcome":
      return (
        <>
          {t("chatbot.welcome")}
          <span className="mt-2 block text-sm text-ink-500">{t("chatbot.savedNote")}</span>
        </>
      );
    case "ask":
      return t(`chatbot.ask.${line.question}`);
    case "ask-again":
      return t(
        line.questions.length > 1
          ? "chatbot.askAgain.both"
          : `chatbot.askAgain.${line.questions[0]}`,
      );
    case "invalid":
      return (
        <span className="text-coral-700">
          <strong className="font-semibold">{t("chatbot.invalid")}</strong>{" "}
          {t(line.error, { max: chatbotLimits[line.field as keyof typeof chatbotLimits] })}
        </span>
      );
    case "ask-photos":
      return t("chatbot.photos.ask");
    case "photos-again":
      return t("chatbot.photos.again");
    case "photos-refused":
      return (
        <span className="text-coral-700">
          <strong className="font-semibold">{t("chatbot.invalid")}</strong> {t(line.error)}
        </span>
      );
    case "summary":
      return <Summary answers={line.answers} photos={line.photos ?? 0} />;
    case "edit-prompt":
      return t("chatbot.editPrompt");
    case "sent":
      return t("chatbot.sent");
    case "failed":
      return <span className="text-coral-700">{t(line.message.key, line.message.params)}</span>;
  }
}

function UserMessage({ line }: { line: UserLine }) {
  const { t, i18n } = useTranslation();
  switch (line.kind) {
    case "answer":
      if (notKept(line.question, line.answers)) return <em>{t("chatbot.notKept")}</em>;
      if (line.question === "document" && line.answers.document) {
        return <MaskedDocument value={line.answers.document} />;
      }
      return formatAnswer(line.question, line.answers, t, i18n.language);
    case "skipped":
      return <em>{t("chatbot.skipped")}</em>;
    case "photos":
      return t("chatbot.photos.count", { count: line.count });
    case "skipped-photos":
      return <em>{t("chatbot.skipped")}</em>;
    case "confirmed":
      return t("chatbot.confirmed");
    case "declined":
      return t("chatbot.declined");
    case "edit":
      return t(`chatbot.fields.${line.question}`);
  }
}

/**
 * A date of birth or document number given before a reload: the browser did not keep it (it
 * is asked for again), so the transcript says so instead of showing it.
 */
function notKept(question: Question, answers: Answers) {
  return isSensitive(question) && answers[question] === undefined;
}

function Summary({ answers, photos }: { answers: Answers; photos: number }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p>{t("chatbot.summary")}</p>
      <dl className="mt-3 divide-y divide-ink-100 rounded-xl bg-sand-50 px-3 text-sm">
        {questions.map((question) => {
          const value = formatAnswer(question, answers, t, i18n.language);
          const missing = notKept(question, answers);
          return (
            <div key={question} className="grid gap-0.5 py-2 sm:grid-cols-[9rem_1fr] sm:gap-3">
              <dt className="font-medium text-ink-500">{t(`chatbot.fields.${question}`)}</dt>
              <dd className={cn("text-ink-900", (!value || missing) && "text-ink-500 italic")}>
                {missing ? (
                  t("chatbot.notKept")
                ) : question === "document" && value ? (
                  <RevealableDocument value={value} />
                ) : (
                  value || t("chatbot.skipped")
                )}
              </dd>
            </div>
          );
        })}
        <div className="grid gap-0.5 py-2 sm:grid-cols-[9rem_1fr] sm:gap-3">
          <dt className="font-medium text-ink-500">{t("chatbot.photos.field")}</dt>
          <dd className={cn("text-ink-900", !photos && "text-ink-500 italic")}>
            {photos ? t("chatbot.photos.count", { count: photos }) : t("chatbot.photos.none")}
          </dd>
        </div>
      </dl>
    </>
  );
}
