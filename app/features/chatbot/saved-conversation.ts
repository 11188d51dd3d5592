import type { Conversation, Entry, Resume, Stage } from "./conversation.ts";
import type { Answers } from "./questions.ts";
import { sensitiveQuestions, type SensitiveQuestion } from "./sensitive.ts";

/**
 * The conversation is kept in this browser until it is sent or restarted, so a reload or a
 * closed tab loses little. Applicants often share a phone, so it is also forgotten after a
 * week, sending or starting over erases it at once, and her date of birth and document number
 * are never written at all: a resumed conversation asks for them again (issue 24, point 6).
 */
const KEY = "mare-talent:chatbot";
/** 1 kept every answer; 2 keeps none of the sensitive ones. */
const VERSION = 2;
const READABLE_VERSIONS = new Set([1, VERSION]);
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

interface Saved {
  version: number;
  savedAt: number;
  conversation: Conversation;
}

function withoutSensitive(answers: Answers): Answers {
  const kept = { ...answers };
  for (const field of sensitiveQuestions) delete kept[field];
  return kept;
}

/**
 * A transcript line without any sensitive answer in it. Any line with answers (hers, and the
 * summaries), whatever else it says: what an older version wrote may not have today's shape.
 */
function entryWithoutSensitive(entry: Entry): Entry {
  const { line } = entry;
  if (!("answers" in line)) return entry;
  // The same line with fewer answers: still the kind of line it was.
  return { ...entry, line: { ...line, answers: withoutSensitive(line.answers) } } as Entry;
}

/**
 * The conversation as it may be written to the browser: the date of birth and the document
 * number taken out of the answers, the answer box and the transcript, and, when she had given
 * either, a note to ask for it again on her return and then take her back to where she was.
 * Idempotent, so a conversation already stored this way (or by version 1, with them inside)
 * comes out clean.
 */
export function storableConversation(conversation: Conversation): Conversation {
  const { answers, resume } = conversation;
  // A reload while sending: she did not see an answer, so she will check the summary again.
  let then: Stage = resume?.then ?? conversation.stage;
  if (then.kind === "sending") then = { kind: "summary" };
  // Her photos live only in the page: past their step, she is taken back to it after a reload.
  const photosLost = (conversation.photos ?? 0) > 0 || conversation.photosLost === true;
  if (photosLost && (then.kind === "summary" || (then.kind === "question" && then.editing))) {
    then = { kind: "photos" };
  }
  const draft = resume ? resume.draft : conversation.draft;
  // Given, or still to be given again; the one she comes back to anyway is asked there.
  const again: SensitiveQuestion[] = sensitiveQuestions.filter(
    (question) =>
      (answers[question] || resume?.questions.includes(question)) &&
      !(then.kind === "question" && then.question === question),
  );
  const kept: Resume | null = again.length
    ? { questions: again, then, draft: withoutSensitive(draft) }
    : null;
  return {
    stage: then,
    answers: withoutSensitive(answers),
    draft: kept ? {} : withoutSensitive(draft),
    consent: conversation.consent,
    entries: conversation.entries.map(entryWithoutSensitive),
    resume: kept,
    ...(photosLost && then.kind === "photos" ? { photosLost: true } : {}),
  };
}

function write(saved: Saved) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked (private mode): the chat still works, it just won't survive a reload.
  }
}

/**
 * The kept conversation, if any. One written before the sensitive answers were left out still
 * has them inside: they are dropped and the storage rewritten at once, so they do not stay on
 * the phone (its week is counted from when it was written, as before).
 */
export function loadConversation(now = Date.now()): Conversation | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Saved>;
    const conversation = saved.conversation;
    if (
      !READABLE_VERSIONS.has(saved.version ?? 0) ||
      typeof saved.savedAt !== "number" ||
      now - saved.savedAt > KEEP_MS ||
      !conversation ||
      !Array.isArray(conversation.entries) ||
      typeof conversation.stage?.kind !== "string" ||
      typeof conversation.answers !== "object" ||
      typeof conversation.draft !== "object"
    ) {
      forgetConversation();
      return null;
    }
    const clean = storableConversation(conversation);
    const rewritten: Saved = { version: VERSION, savedAt: saved.savedAt, conversation: clean };
    if (JSON.stringify(rewritten) !== raw) write(rewritten);
    return clean;
  } catch {
    // Unreadable: nothing to continue, and nothing of hers left behind.
    forgetConversation();
    return null;
  }
}

export function saveConversation(conversation: Conversation, now = Date.now()) {
  write({ version: VERSION, savedAt: now, conversation: storableConversation(conversation) });
}

export function forgetConversation() {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/** Whether there is a conversation to continue (for the launcher's label). */
export function hasSavedConversation(now = Date.now()) {
  const conversation = loadConversation(now);
  return conversation !== null && conversation.stage.kind !== "welcome";
}
