import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formText } from "./form-text.ts";

const messages = { required: "errors.required", tooLong: "errors.tooLong" };
const form = z.object({ title: formText(10, messages), note: formText(10, { tooLong: "long" }) });
const errorsOf = (input: unknown) =>
  form.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("formText", () => {
  it("answers a crafted form with the same translated messages as the browser's", () => {
    // A field left out, or a file sent where text belongs: the key, never zod's English.
    expect(errorsOf({})).toEqual(["title: errors.required"]);
    expect(errorsOf({ title: new File(["x"], "x.txt") })).toEqual(["title: errors.required"]);
    expect(errorsOf({ title: "   \u200b\u0007 " })).toEqual(["title: errors.required"]);
    expect(errorsOf({ title: "x".repeat(11) })).toEqual(["title: errors.tooLong"]);
  });

  it("stores what she meant: spaces collapsed, invisible characters gone", () => {
    expect(form.parse({ title: "  Olá\u202e  mundo\r\n" })).toEqual({
      title: "Olá mundo",
      note: "",
    });
  });
});
