import { describe, expect, it } from "vitest";
import { outcomeOf } from "~/test/routes";
import { readForm } from "./request.server";
import { storableText } from "./text";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://127.0.0.1:3999/login", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });

describe("readForm", () => {
  it("reads a form, urlencoded or multipart, repeated fields and all", async () => {
    const form = await readForm(
      post("email=ana%40example.com&tag=a&tag=b", "application/x-www-form-urlencoded"),
    );
    expect(form.get("email")).toBe("ana@example.com");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
    const multipart = new FormData();
    multipart.append("name", "Ana");
    multipart.append("file", new Blob(["x"]), "x.txt");
    const read = await readForm(
      new Request("http://127.0.0.1:3999/", { method: "POST", body: multipart }),
    );
    expect(read.get("name")).toBe("Ana");
    expect(read.get("file")).toBeInstanceOf(File);
  });

  // These threw from request.formData(), and every action answered them with a 500.
  it("answers 415 for a body that is not a form, and 400 for a broken one", async () => {
    for (const [body, type] of [
      ['{"email":"a@b.c"}', "application/json"],
      ["email=a", "text/plain"],
      ["email=a", undefined],
      [null, undefined],
      ["<x/>", "application/xml"],
    ] as const) {
      expect(await outcomeOf(() => readForm(post(body, type))), `${type}`).toMatchObject({
        status: 415,
      });
    }
    for (const [body, type] of [
      ["--zz\r\nbroken", "multipart/form-data; boundary=zz"],
      ["a=b", "multipart/form-data"],
    ] as const) {
      expect(await outcomeOf(() => readForm(post(body, type))), type).toMatchObject({
        status: 400,
      });
    }
  });

  it("answers 413 for a form over 1 MB, whether or not it says its length", async () => {
    const type = "application/x-www-form-urlencoded";
    const limit = 1024 * 1024;
    const atLimit = `a=${"x".repeat(limit - 2)}`;
    expect((await readForm(post(atLimit, type))).get("a")).toHaveLength(limit - 2);
    const over = `${atLimit}x`;
    expect(await outcomeOf(() => readForm(post(over, type)))).toMatchObject({ status: 413 });
    // Refused on its declared length alone, before a byte is read.
    const declared = new Request("http://127.0.0.1:3999/login", {
      method: "POST",
      body: "a=b",
      headers: { "content-type": type, "content-length": String(limit + 1) },
    });
    expect(await outcomeOf(() => readForm(declared))).toMatchObject({ status: 413 });
    expect(declared.bodyUsed).toBe(false);
    // Streamed without a length, as a chunked request arrives, and endless.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(64 * 1024)));
      },
    });
    const chunked = new Request("http://127.0.0.1:3999/login", {
      method: "POST",
      body: stream,
      headers: { "content-type": type },
      duplex: "half",
    } as RequestInit);
    expect(await outcomeOf(() => readForm(chunked))).toMatchObject({ status: 413 });
    // Read to its end so the connection stays usable, but an endless one not for ever.
    expect(sent).toBeLessThan(9 * limit + 4 * 64 * 1024);
  });

  it("gives back text the database can store: no NUL, no lone surrogate", async () => {
    const form = await readForm(
      post(
        new URLSearchParams({ "na\u0000me": "Ana\u0000 Souza", note: "a\uD800b\uDFFF" }),
        "application/x-www-form-urlencoded",
      ),
    );
    expect(form.get("name")).toBe("Ana Souza");
    expect(form.get("note")).toBe("a\uFFFDb\uFFFD");
  });
});

describe("storableText", () => {
  it("keeps everything else as it is: emoji, combining marks, RTL and zero-width marks", () => {
    for (const text of ["👩🏽‍💻🇧🇷", "e\u0301", "\u202Eabc\u202C", "a\u200Bb", "ção"]) {
      expect(storableText(text)).toBe(text);
    }
    expect(storableText("\u0000\uDBFF\u0000")).toBe("\uFFFD");
  });
});
