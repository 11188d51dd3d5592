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
