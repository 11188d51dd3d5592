import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  answersTo,
  conversationUpTo,
  give,
  her,
  secrets,
  TODAY,
} from "#app/test/chatbot-conversation.ts";
import { reduce, type Conversation } from "./conversation.ts";
import {
  forgetConversation,
  hasSavedConversation,
  loadConversation,
  saveConversation,
  storableConversation,
} from "./saved-conversation.ts";

/**
 * What the chatbot leaves in the browser, read back as someone who picks up a shared phone
 * would: every byte under its key (issue 24, point 6).
 */

const KEY = "mare-talent:chatbot";
const NOW = Date.UTC(2026, 10, 22, 12);
const DAY = 24 * 60 * 60 * 1000;
const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, String(value)),
      removeItem: (key: string) => void store.delete(key),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

function expectNoSecret(raw: string | undefined, when: string) {
  for (const secret of secrets) expect(raw ?? "", `${secret} ${when}`).not.toContain(secret);
}

/** Every state of her conversation, from the first question to a second try at sending. */
function everyStep() {
  const steps: [string, Conversation][] = [];
  let conversation = conversationUpTo("fullName");
  const step = (name: string, next: Conversation) => {
    conversation = next;
    steps.push([name, next]);
  };
  step("asked her name", conversation);
  step("her name", give(conversation, answersTo.fullName));
  step(
    "typing her birthday",
    reduce(conversation, { type: "draft", values: answersTo.dateOfBirth }),
  );
  step("her birthday", reduce(conversation, { type: "answer", today: TODAY }));
  step("her location", give(conversation, answersTo.location));
  step("her phone", give(conversation, answersTo.phone));
  step("her e-mail", give(conversation, answersTo.email));
  step("a wrong document", give(conversation, { document: "12345678909X" }));
  step("typing her document", reduce(conversation, { type: "draft", values: answersTo.document }));
  step("her document", reduce(conversation, { type: "answer", today: TODAY }));
  step("her Instagram", give(conversation, answersTo.instagram));
  step("her experience", give(conversation, answersTo.experience));
  step("the photo step", give(conversation, answersTo.message));
  step("the summary", reduce(conversation, { type: "skip-photos" }));
  step("declined", reduce(conversation, { type: "decline" }));
  step("changing her document", reduce(conversation, { type: "edit", question: "document" }));
  step("her document again", give(conversation, answersTo.document));
  step("consent", reduce(conversation, { type: "consent", value: true }));
  step("sending", reduce(conversation, { type: "confirm" }));
  step("failed", reduce(conversation, { type: "failed", message: { key: "x", params: {} } }));
  return steps;
}

describe("the saved conversation", () => {
  it("never holds her document number or date of birth, at any step", () => {
    const steps = everyStep();
    // The steps are real: the conversation in memory has both all along.
    expect(steps.at(-1)![1].answers).toMatchObject(answersTo.document);
    expect(JSON.stringify(steps.at(-1)![1])).toContain(her.dateOfBirth);
    for (const [name, conversation] of steps) {
      saveConversation(conversation, NOW);
      expect(store.get(KEY), name).toBeDefined();
      expectNoSecret(store.get(KEY), `saved after ${name}`);
    }
    // Her other answers are kept, for the conversation to go on after a reload.
    for (const value of [her.fullName, her.city, her.phone, her.email, her.message]) {
      expect(store.get(KEY)).toContain(value);
    }
  });

  it("notes what to ask again, and where she was, without the answers themselves", () => {
    const summary = conversationUpTo();
    expect(storableConversation(summary)).toMatchObject({
      stage: { kind: "summary" },
      draft: {},
      resume: { questions: ["dateOfBirth", "document"], then: { kind: "summary" }, draft: {} },
    });
    expect(storableConversation(summary).answers).toEqual({
      ...answersTo.fullName,
      ...answersTo.location,
      ...answersTo.phone,
      ...answersTo.email,
      ...answersTo.instagram,
      ...answersTo.experience,
      ...answersTo.message,
    });
    // Twice is once.
    const once = storableConversation(summary);
    expect(storableConversation(once)).toEqual(once);
  });

  it("keeps the conversation's week from when it was written", () => {
    saveConversation(conversationUpTo("phone"), NOW - 6 * DAY);
    expect(loadConversation(NOW)).not.toBeNull();
    expect(loadConversation(NOW + DAY + 1)).toBeNull();
    expect(store.has(KEY)).toBe(false);
  });

  it("forgets an unreadable one rather than leave it behind", () => {
    store.set(KEY, `{"version":2,"conversation":{"answers":{"document":"${her.document}"`);
    expect(loadConversation(NOW)).toBeNull();
    expect(store.has(KEY)).toBe(false);
    forgetConversation();
    expect(store.has(KEY)).toBe(false);
  });
});

describe("a conversation saved by the old code, with the number inside", () => {
  /** As version 1 wrote it: the whole conversation, sensitive answers and all. */
  function savedByOldCode(conversation: Conversation, savedAt = NOW - DAY) {
    const { resume: _, ...old } = conversation;
    const raw = JSON.stringify({ version: 1, savedAt, conversation: old });
    for (const secret of [her.document, her.dateOfBirth]) expect(raw).toContain(secret);
    store.set(KEY, raw);
  }

  it("is cleaned as it is read: the fields dropped and the storage rewritten", () => {
    savedByOldCode(conversationUpTo());
    const loaded = loadConversation(NOW)!;
    expectNoSecret(store.get(KEY), "after loading");
    expectNoSecret(JSON.stringify(loaded), "in what was loaded");
    const rewritten = JSON.parse(store.get(KEY)!) as { version: number; savedAt: number };
    expect(rewritten).toMatchObject({ version: 2, savedAt: NOW - DAY });
    expect(loaded).toMatchObject({
      answers: answersTo.fullName,
      resume: { questions: ["dateOfBirth", "document"], then: { kind: "summary" } },
    });
  });

  it("is cleaned by the launcher's look, before the chat is even opened", () => {
    savedByOldCode(conversationUpTo("instagram"));
    expect(hasSavedConversation(NOW)).toBe(true);
    expectNoSecret(store.get(KEY), "after the launcher looked");
    expect(store.get(KEY)).toContain(her.email);
  });

  it("is cleaned whatever shape its transcript lines have, if they carry answers", () => {
    const old = conversationUpTo();
    const odd = { id: 99, line: { kind: "recap", answers: { ...her } } };
    savedByOldCode({ ...old, entries: [...old.entries, odd as never] });
    expect(loadConversation(NOW)).not.toBeNull();
    expectNoSecret(store.get(KEY), "after loading");
  });

  it("left while sending, comes back to the summary", () => {
    const sending = reduce(reduce(conversationUpTo(), { type: "consent", value: true }), {
      type: "confirm",
    });
    savedByOldCode(sending);
    expect(loadConversation(NOW)?.resume?.then).toEqual({ kind: "summary" });
  });

  it("past its week, is forgotten", () => {
    savedByOldCode(conversationUpTo(), NOW - 8 * DAY);
    expect(loadConversation(NOW)).toBeNull();
    expect(store.has(KEY)).toBe(false);
  });
});

describe("her photos after a reload", () => {
  /** At the summary with two photos added: the files are in the page, never in storage. */
  const withPhotos = () => {
    const atPhotos = give(conversationUpTo("message"), answersTo.message);
    expect(atPhotos.stage.kind).toBe("photos");
    return reduce(atPhotos, { type: "photos", count: 2 });
  };

  it("takes her back to the photos' step and tells her why, once the other answers are given again", () => {
    const summary = withPhotos();
    expect(summary.stage.kind).toBe("summary");
    saveConversation(summary, NOW);
    let resumed = reduce(loadConversation(NOW)!, { type: "resume" });
    // Her date of birth and document first, as after any reload ...
    resumed = reduce(resumed, { type: "draft", values: answersTo.dateOfBirth });
    resumed = reduce(resumed, { type: "answer", today: TODAY });
    resumed = reduce(resumed, { type: "draft", values: answersTo.document });
    resumed = reduce(resumed, { type: "answer", today: TODAY });
    // ... then her photos' step again, told that they were not kept: never a summary without them.
    expect(resumed.stage.kind).toBe("photos");
    expect(resumed.entries.at(-1)!.line).toEqual({ kind: "photos-again" });
    expect(resumed.photosLost).toBeUndefined();
    const again = reduce(resumed, { type: "photos", count: 1 });
    expect(again.stage.kind).toBe("summary");
    expect(again.entries.at(-1)!.line).toMatchObject({ kind: "summary", photos: 1 });
  });

  it("says nothing of photos to one who skipped them", () => {
    const atPhotos = give(conversationUpTo("message"), answersTo.message);
    const skipped = reduce(atPhotos, { type: "skip-photos" });
    const stored = storableConversation(skipped);
    expect(stored.stage.kind).toBe("summary");
    expect(stored.photosLost).toBeUndefined();
  });
});
