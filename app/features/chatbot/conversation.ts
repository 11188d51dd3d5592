import type { Message } from "#app/features/submissions/failure-message.ts";
import {
  questionFields,
  questionOf,
  questions,
  skippableQuestions,
  type Answers,
  type ChatbotField,
  type Question,
} from "./questions.ts";
import { checkAnswer } from "./schema.ts";
import type { SensitiveQuestion } from "./sensitive.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";

/**
 * The chatbot's conversation (spec section 4) as a pure state machine: welcome, the nine
 * questions in order, a summary to confirm or decline, choosing an answer to change, sending.
 * The transcript keeps what was said as data, not text, so it reads in whatever language the
 * page is in, and the whole state can be kept in the browser and picked up after a reload.
 */
export type Stage =
  | { kind: "welcome" }
  | { kind: "question"; question: Question; editing: boolean }
  /** After the questions: her photos, a step she may skip (decision 045). */
  | { kind: "photos" }
  | { kind: "summary" }
  | { kind: "choose-edit" }
  | { kind: "sending" }
  | { kind: "sent" };

export type BotLine =
  | { kind: "welcome" }
  | { kind: "ask"; question: Question }
  | { kind: "ask-again"; questions: SensitiveQuestion[] }
  | { kind: "invalid"; field: ChatbotField; error: string }
  | { kind: "ask-photos" }
  /** After a reload: the photos she had added are not kept by the browser; add them again. */
  | { kind: "photos-again" }
  /** The server refused her photos: why (a chatbot.photos.errors key). */
  | { kind: "photos-refused"; error: string }
  | { kind: "summary"; answers: Answers; photos?: number }
  | { kind: "edit-prompt" }
  | { kind: "sent" }
  | { kind: "failed"; message: Message };

export type UserLine =
  | { kind: "answer"; question: Question; answers: Answers }
  | { kind: "skipped"; question: Question }
  | { kind: "photos"; count: number }
  | { kind: "skipped-photos" }
  | { kind: "confirmed" }
  | { kind: "declined" }
  | { kind: "edit"; question: Question };

export type Entry =
  { id: number; from: "bot"; line: BotLine } | { id: number; from: "user"; line: UserLine };

export interface Conversation {
  stage: Stage;
  /** Answers taken so far (as she typed them; the server normalises). */
  answers: Answers;
  /** What is in the answer box right now, so a reload loses nothing she typed. */
  draft: Answers;
  consent: boolean;
  /**
   * How many photos she added (the files stay in the page's memory, never in the browser's
   * storage: a conversation picked up after a reload has none).
   */
  photos?: number;
  /**
   * A conversation picked up after a reload in which she had added photos: they are gone with
   * the page, so she is taken back to their step and told, never sent on without them.
   */
  photosLost?: boolean;
  entries: Entry[];
  /** After a reload: the answers the browser did not keep, being asked for again. */
  resume: Resume | null;
}

/**
 * Her date of birth and document number are never kept in the browser (sensitive.ts), so a
 * conversation picked up after a reload asks for them again, one after the other, and then
 * goes back to where she was, with what she was typing there.
 */
export interface Resume {
  /** Still to be given again; the first is the one being asked. */
  questions: SensitiveQuestion[];
  /** Where she was when the page was left. */
  then: Stage;
  /** What was in the answer box there. */
  draft: Answers;
}

export type Action =
  | { type: "begin" }
  | { type: "draft"; values: Answers }
  | { type: "answer"; today: string }
  | { type: "skip" }
  | { type: "photos"; count: number }
  | { type: "skip-photos" }
  | { type: "edit-photos" }
  | { type: "consent"; value: boolean }
  | { type: "confirm" }
  | { type: "decline" }
  | { type: "edit"; question: Question }
  | { type: "back-to-summary" }
  | { type: "sent" }
  | { type: "failed"; message: Message }
  | { type: "rejected"; fieldErrors: FieldErrors }
  | { type: "restart" }
  | { type: "resume" };

export function newConversation(): Conversation {
  return {
    stage: { kind: "welcome" },
    answers: {},
    draft: {},
    consent: false,
    entries: [{ id: 1, from: "bot", line: { kind: "welcome" } }],
    resume: null,
  };
}

function say(conversation: Conversation, ...lines: Omit<Entry, "id">[]): Entry[] {
  let id = conversation.entries.at(-1)?.id ?? 0;
  return [...conversation.entries, ...lines.map((line) => ({ ...line, id: ++id }) as Entry)];
}

const bot = (line: BotLine) => ({ from: "bot", line }) as const;
const user = (line: UserLine) => ({ from: "user", line }) as const;

/** The answers a question fills in, taken from a set of values. */
function pick(question: Question, values: Answers): Answers {
  return Object.fromEntries(questionFields[question].map((field) => [field, values[field] ?? ""]));
}

/** Asks a question, with the box filled in with her earlier answer when she is changing it. */
function ask(
  conversation: Conversation,
  question: Question,
  editing: boolean,
  said: Omit<Entry, "id">[],
): Conversation {
  return {
    ...conversation,
    stage: { kind: "question", question, editing },
    draft: editing ? pick(question, conversation.answers) : {},
    entries: say(conversation, ...said, bot({ kind: "ask", question })),
  };
}

function summary(conversation: Conversation, said: Omit<Entry, "id">[]): Conversation {
  return {
    ...conversation,
    stage: { kind: "summary" },
    draft: {},
    entries: say(
      conversation,
      ...said,
      bot({ kind: "summary", answers: conversation.answers, photos: conversation.photos ?? 0 }),
    ),
  };
}

/** The step after the last question: photos, which she may add or skip. */
function askPhotos(conversation: Conversation, said: Omit<Entry, "id">[]): Conversation {
  const { photosLost, ...rest } = conversation;
  return {
    ...rest,
    stage: { kind: "photos" },
    draft: {},
    entries: say(conversation, ...said, bot({ kind: photosLost ? "photos-again" : "ask-photos" })),
  };
}

/** After an answer: the next question in order, or back to the summary when she was editing. */
function next(conversation: Conversation, question: Question, editing: boolean, line: UserLine) {
  if (conversation.resume) return nextAfterReload(conversation, conversation.resume, line);
  const following = questions[questions.indexOf(question) + 1];
  if (editing) return summary(conversation, [user(line)]);
  return following
    ? ask(conversation, following, false, [user(line)])
    : askPhotos(conversation, [user(line)]);
}

/** The next answer the browser did not keep, or back to where she was once all are given. */
function nextAfterReload(conversation: Conversation, resume: Resume, line: UserLine) {
  const [, ...rest] = resume.questions;
  if (rest[0]) {
    return ask({ ...conversation, resume: { ...resume, questions: rest } }, rest[0], false, [
      user(line),
    ]);
  }
  const resumed = { ...conversation, resume: null };
  const { then } = resume;
  if (then.kind === "photos") return askPhotos(resumed, [user(line)]);
  if (then.kind !== "question") return summary(resumed, [user(line)]);
  const asked = ask(resumed, then.question, then.editing, [user(line)]);
  return then.editing ? asked : { ...asked, draft: resume.draft };
}

export function reduce(conversation: Conversation, action: Action): Conversation {
  const { stage } = conversation;
  switch (action.type) {
    case "begin":
      if (stage.kind !== "welcome") return conversation;
      return ask(conversation, questions[0], false, []);

    case "draft":
      return { ...conversation, draft: { ...conversation.draft, ...action.values } };

    case "answer": {
      if (stage.kind !== "question") return conversation;
      const given = pick(stage.question, conversation.draft);
      // Checked with her other answers: a phone number is read in the country she chose.
      const problem = checkAnswer(
        stage.question,
        { ...conversation.answers, ...given },
        action.today,
      );
      const shown =
        stage.question === "phone" ? { country: conversation.answers.country, ...given } : given;
      const line: UserLine = { kind: "answer", question: stage.question, answers: shown };
      if (problem) {
        // What she typed stays in the box for her to correct.
        return {
          ...conversation,
          entries: say(conversation, user(line), bot({ kind: "invalid", ...problem })),
        };
      }
      const answered = { ...conversation, answers: { ...conversation.answers, ...given } };
      return next(answered, stage.question, stage.editing, line);
    }

    case "skip": {
      if (stage.kind !== "question" || !skippableQuestions.has(stage.question)) return conversation;
      const cleared = Object.fromEntries(questionFields[stage.question].map((f) => [f, ""]));
      const skipped = { ...conversation, answers: { ...conversation.answers, ...cleared } };
      return next(skipped, stage.question, stage.editing, {
        kind: "skipped",
        question: stage.question,
      });
    }

    case "photos":
      if (stage.kind !== "photos" || action.count < 1) return conversation;
      return summary({ ...conversation, photos: action.count }, [
        user({ kind: "photos", count: action.count }),
      ]);

    case "edit-photos":
      if (stage.kind !== "choose-edit") return conversation;
      return askPhotos(conversation, []);

    case "skip-photos":
      if (stage.kind !== "photos") return conversation;
      return summary({ ...conversation, photos: 0 }, [user({ kind: "skipped-photos" })]);

    case "consent":
      return { ...conversation, consent: action.value };

    case "confirm":
      if (stage.kind !== "summary" || !conversation.consent) return conversation;
      return {
        ...conversation,
        stage: { kind: "sending" },
        entries: say(conversation, user({ kind: "confirmed" })),
      };

    case "decline":
      if (stage.kind !== "summary") return conversation;
      return {
        ...conversation,
        stage: { kind: "choose-edit" },
        entries: say(conversation, user({ kind: "declined" }), bot({ kind: "edit-prompt" })),
      };

    case "edit":
      if (stage.kind !== "choose-edit") return conversation;
      return ask(conversation, action.question, true, [
        user({ kind: "edit", question: action.question }),
      ]);

    case "back-to-summary":
      if (stage.kind === "choose-edit" || (stage.kind === "question" && stage.editing)) {
        return summary(conversation, []);
      }
      return conversation;

    case "sent":
      if (stage.kind !== "sending") return conversation;
      return {
        ...conversation,
        stage: { kind: "sent" },
        entries: say(conversation, bot({ kind: "sent" })),
      };

    case "failed":
      // Nothing is lost: she is back at the summary and can send again.
      if (stage.kind !== "sending") return conversation;
      return {
        ...conversation,
        stage: { kind: "summary" },
        entries: say(conversation, bot({ kind: "failed", message: action.message })),
      };

    case "rejected": {
      // The server's checks found what the browser's did not (e.g. a birthday crossed midnight).
      if (stage.kind !== "sending") return conversation;
      const [field, error] = Object.entries(action.fieldErrors).find(([, e]) => e) ?? [];
      // Her photos, refused: back to their step, told why, to choose others or go without.
      if (field === "photos" && error) {
        return askPhotos({ ...conversation, photos: 0 }, [bot({ kind: "photos-refused", error })]);
      }
      const question = field ? questionOf(field as ChatbotField) : undefined;
      if (!question || !error) {
        return reduce(conversation, {
          type: "failed",
          message: { key: "preselection.errorDescription", params: {} },
        });
      }
      return ask({ ...conversation, stage: { kind: "choose-edit" } }, question, true, [
        bot({ kind: "invalid", field: field as ChatbotField, error }),
      ]);
    }

    case "restart":
      return newConversation();

    case "resume": {
      // A conversation just loaded from the browser: ask for what it did not keep.
      const first = conversation.resume?.questions[0];
      if (!conversation.resume || !first) {
        return conversation.photosLost
          ? askPhotos({ ...conversation, resume: null }, [])
          : { ...conversation, resume: null };
      }
      const { questions: again } = conversation.resume;
      return ask(conversation, first, false, [bot({ kind: "ask-again", questions: again })]);
    }
  }
}

/** The question number she is at (1–9), while answering in order. */
export function progress({ stage, resume }: Conversation): number | null {
  return stage.kind === "question" && !stage.editing && !resume
    ? questions.indexOf(stage.question) + 1
    : null;
}
