import { describe, expect, it } from "vitest";
import { answersTo, conversationUpTo, give, her } from "#app/test/chatbot-conversation.ts";
import { newConversation, progress, reduce, type Conversation } from "./conversation.ts";
import { storableConversation } from "./saved-conversation.ts";

/**
 * Picking a conversation up after a reload: the browser kept everything but her date of birth
 * and document number (saved-conversation.ts), so the chat asks for those again, and only
 * those, then goes back to where she was (issue 24, point 6).
 */

/** What a reload gives back: the conversation as stored, read, and resumed. */
function reload(conversation: Conversation) {
  const stored = JSON.parse(JSON.stringify(storableConversation(conversation))) as Conversation;
  return reduce(stored, { type: "resume" });
}

const asked = (conversation: Conversation) =>
  conversation.stage.kind === "question" ? conversation.stage.question : conversation.stage.kind;
const lastLines = (conversation: Conversation, count: number) =>
  conversation.entries.slice(-count).map((entry) => entry.line);

describe("a conversation resumed after a reload", () => {
  it("at the summary, asks for the date of birth and the document again, then shows it whole", () => {
    let conversation = reload(conversationUpTo());
    expect(lastLines(conversation, 2)).toEqual([
      { kind: "ask-again", questions: ["dateOfBirth", "document"] },
      { kind: "ask", question: "dateOfBirth" },
    ]);
    expect(asked(conversation)).toBe("dateOfBirth");
    // Not "question 2 of 9": she is not going through them in order.
    expect(progress(conversation)).toBeNull();
    expect(conversation.answers).not.toHaveProperty("document");

    conversation = give(conversation, answersTo.dateOfBirth);
    expect(asked(conversation)).toBe("document");
    conversation = give(conversation, { document: "12" });
    expect(lastLines(conversation, 1)[0]).toMatchObject({ kind: "invalid", field: "document" });
    expect(asked(conversation)).toBe("document");
    conversation = give(conversation, answersTo.document);

    expect(conversation.stage).toEqual({ kind: "summary" });
    expect(conversation.resume).toBeNull();
    const [summary] = lastLines(conversation, 1);
    expect(summary).toEqual({
      kind: "summary",
      answers: expect.objectContaining(her) as never,
      photos: 0,
    });
    expect(
      reduce(reduce(conversation, { type: "consent", value: true }), { type: "confirm" }),
    ).toMatchObject({ stage: { kind: "sending" } });
  });

  it("halfway, asks only for what she had given, then the question she was at, with her draft", () => {
    const atPhone = reduce(conversationUpTo("phone"), {
      type: "draft",
      values: { phone: "+55 48 9" },
    });
    let conversation = reload(atPhone);
    expect(lastLines(conversation, 2)[0]).toEqual({
      kind: "ask-again",
      questions: ["dateOfBirth"],
    });
    expect(asked(conversation)).toBe("dateOfBirth");
    expect(conversation.draft).toEqual({});
    conversation = give(conversation, answersTo.dateOfBirth);
    expect(conversation.stage).toEqual({ kind: "question", question: "phone", editing: false });
    expect(conversation.draft).toEqual({ phone: "+55 48 9" });
    expect(progress(conversation)).toBe(4);
    // …and goes on in order.
    expect(asked(give(conversation, answersTo.phone))).toBe("email");
  });

  it("while she typed her document, asks for her birthday, then the document with an empty box", () => {
    const typing = reduce(conversationUpTo("document"), {
      type: "draft",
      values: answersTo.document,
    });
    let conversation = reload(typing);
    expect(asked(conversation)).toBe("dateOfBirth");
    conversation = give(conversation, answersTo.dateOfBirth);
    expect(asked(conversation)).toBe("document");
    expect(conversation.draft).toEqual({});
    expect(asked(give(conversation, answersTo.document))).toBe("instagram");
  });

  it("while she changed her document, asks for each once, then the summary", () => {
    const editing = reduce(reduce(conversationUpTo(), { type: "decline" }), {
      type: "edit",
      question: "document",
    });
    let conversation = reload(editing);
    expect(lastLines(conversation, 2)[0]).toEqual({
      kind: "ask-again",
      questions: ["dateOfBirth"],
    });
    conversation = give(conversation, answersTo.dateOfBirth);
    expect(conversation.stage).toEqual({ kind: "question", question: "document", editing: true });
    conversation = give(conversation, { document: "98765" });
    expect(conversation.stage).toEqual({ kind: "summary" });
    expect(conversation.answers).toMatchObject({ document: "98765", email: her.email });
  });

  it("reloaded again halfway through, asks for both again", () => {
    const halfway = give(reload(conversationUpTo()), answersTo.dateOfBirth);
    let conversation = reload(halfway);
    expect(asked(conversation)).toBe("dateOfBirth");
    conversation = give(give(conversation, answersTo.dateOfBirth), answersTo.document);
    expect(conversation.stage).toEqual({ kind: "summary" });
  });

  it("before either was given, goes on where she was, with nothing to ask again", () => {
    const atLocation = reduce(conversationUpTo("dateOfBirth"), {
      type: "draft",
      values: answersTo.dateOfBirth,
    });
    const conversation = reload(atLocation);
    expect(conversation.entries).toEqual(atLocation.entries);
    expect(asked(conversation)).toBe("dateOfBirth");
    // What she typed there was her birthday: not kept either.
    expect(conversation.draft).toEqual({});
  });

  it("starting over forgets what was to be asked again", () => {
    const conversation = reduce(reload(conversationUpTo()), { type: "restart" });
    expect(conversation.resume).toBeNull();
    expect(conversation.stage).toEqual({ kind: "welcome" });
  });
});

describe("the phone question", () => {
  it("reads a number without its +code in the country she chose, and shows it that way", () => {
    const atPhone = conversationUpTo("phone");
    const conversation = give(atPhone, { phone: "(48) 99123-4567" });
    expect(asked(conversation)).toBe("email");
    expect(conversation.answers.phone).toBe("(48) 99123-4567");
    expect(lastLines(conversation, 2)[0]).toEqual({
      kind: "answer",
      question: "phone",
      answers: { country: "BR", phone: "(48) 99123-4567" },
    });
  });

  it("asks again for a number that is none in her country", () => {
    const inPortugal = reduce(conversationUpTo("location"), {
      type: "draft",
      values: { country: "PT", city: "Lisboa" },
    });
    const atPhone = reduce(inPortugal, { type: "answer", today: "2026-11-22" });
    const conversation = give(atPhone, { phone: "(48) 99123-4567" });
    expect(asked(conversation)).toBe("phone");
    expect(lastLines(conversation, 1)).toEqual([
      { kind: "invalid", field: "phone", error: "chatbot.errors.phone" },
    ]);
    expect(asked(give(conversation, { phone: "912 345 678" }))).toBe("email");
  });
});

describe("the photo step", () => {
  const atPhotos = () => {
    let conversation = reduce(newConversation(), { type: "begin" });
    while (conversation.stage.kind === "question") {
      conversation = give(conversation, answersTo[conversation.stage.question]);
    }
    return conversation;
  };

  it("comes after the last question, and she may skip it", () => {
    const conversation = atPhotos();
    expect(conversation.stage).toEqual({ kind: "photos" });
    expect(conversation.entries.at(-1)?.line).toEqual({ kind: "ask-photos" });
    // Nothing else moves her on: not a confirmation, nor a question's skip.
    expect(reduce(conversation, { type: "confirm" }).stage).toEqual({ kind: "photos" });
    expect(reduce(conversation, { type: "skip" }).stage).toEqual({ kind: "photos" });
    const skipped = reduce(conversation, { type: "skip-photos" });
    expect(skipped.stage).toEqual({ kind: "summary" });
    expect(skipped.entries.slice(-2).map((entry) => entry.line)).toEqual([
      { kind: "skipped-photos" },
      expect.objectContaining({ kind: "summary", photos: 0 }),
    ]);
  });

  it("counts the photos she adds, lets her change them, and goes back when they are refused", () => {
    const added = reduce(atPhotos(), { type: "photos", count: 3 });
    expect(added).toMatchObject({ stage: { kind: "summary" }, photos: 3 });
    expect(added.entries.at(-1)?.line).toMatchObject({ kind: "summary", photos: 3 });
    const changing = reduce(reduce(added, { type: "decline" }), { type: "edit-photos" });
    expect(changing.stage).toEqual({ kind: "photos" });

    const sending = reduce(reduce(added, { type: "consent", value: true }), { type: "confirm" });
    const refused = reduce(sending, {
      type: "rejected",
      fieldErrors: { photos: "chatbot.photos.errors.tooBig" },
    });
    expect(refused).toMatchObject({ stage: { kind: "photos" }, photos: 0 });
    expect(refused.entries.slice(-2).map((entry) => entry.line)).toEqual([
      { kind: "photos-refused", error: "chatbot.photos.errors.tooBig" },
      { kind: "ask-photos" },
    ]);
    // Her answers are all still there.
    expect(refused.answers).toMatchObject({ fullName: her.fullName, message: her.message });
  });
});
