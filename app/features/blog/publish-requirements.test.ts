import { describe, expect, it } from "vitest";
import { missingToPublish, type PublishableFields } from "./publish-requirements.ts";

const filled: PublishableFields = {
  title: "Título",
  category: "Dicas",
  excerpt: "Um resumo.",
  description: "Para buscadores.",
  body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Oi" }] }] },
};

describe("what publishing needs", () => {
  it("nothing when every field is there", () => {
    expect(missingToPublish(filled)).toEqual([]);
  });

  it("spaces and the editor's empty paragraph are not a text", () => {
    expect(
      missingToPublish({
        ...filled,
        category: "   ",
        excerpt: "",
        body: { type: "doc", content: [{ type: "paragraph" }, { type: "paragraph", content: [] }] },
      }),
    ).toEqual(["body", "category", "excerpt"]);
  });

  it("a picture alone is something to publish (its description is checked apart)", () => {
    expect(
      missingToPublish({
        ...filled,
        body: { type: "doc", content: [{ type: "image", attrs: { id: 3, alt: "" } }] },
      }),
    ).toEqual([]);
  });
});
