import type { Conversation } from "./conversation.ts";

/**
 * The conversation is kept in this browser until it is sent or restarted, so a reload or a
 * closed tab loses nothing. Applicants often share a phone, so it is also forgotten after a
 * week, and sending or starting over erases it at once.
 */
const KEY = "mare-talent:chatbot";
const VERSION = 1;
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

interface Saved {
  version: number;
  savedAt: number;
  conversation: Conversation;
}

export function loadConversation(now = Date.now()): Conversation | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Saved>;
    const conversation = saved.conversation;
    if (
      saved.version !== VERSION ||
      typeof saved.savedAt !== "number" ||
      now - saved.savedAt > KEEP_MS ||
      !conversation ||
      !Array.isArray(conversation.entries) ||
      typeof conversation.stage?.kind !== "string"
    ) {
      forgetConversation();
      return null;
    }
    // A reload while sending: she did not see an answer, so she may send again.
    if (conversation.stage.kind === "sending") conversation.stage = { kind: "summary" };
    return conversation;
  } catch {
    return null;
  }
}

export function saveConversation(conversation: Conversation, now = Date.now()) {
  try {
    const saved: Saved = { version: VERSION, savedAt: now, conversation };
    window.localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked (private mode): the chat still works, it just won't survive a reload.
  }
}

export function forgetConversation() {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/** Whether there is a conversation to continue (for the launcher's label). */
export function hasSavedConversation() {
  const conversation = loadConversation();
  return conversation !== null && conversation.stage.kind !== "welcome";
}
