import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, textField } from "./form.server.ts";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/somewhere", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });

const schema = z.object({
  email: z.email({ error: "auth.errors.emailInvalid" }),
  note: textField,
  id: z.array(z.string()),
});

describe("parseForm", () => {
  it("gives the schema's typed data and nothing the schema does not declare", async () => {
    const form = await parseForm(
      post("email=ana%40example.com&id=3&note=a&id=4&note=b&role=admin"),
      schema,
      { repeated: ["id"] },
    );
    expect(form).toMatchObject({ crossSite: false, success: true });
    if (!form.success) throw new Error("not parsed");
    // A field sent twice is its first value, as FormData.get reads it, unless it is repeated.
    expect(form.data).toEqual({ email: "ana@example.com", note: "a", id: ["3", "4"] });
    const none = await parseForm(post("email=ana%40example.com"), schema, { repeated: ["id"] });
    expect(none.success && none.data.id).toEqual([]);
  });

  it("refuses, at compile time, a read of a field the schema does not declare", async () => {
    const form = await parseForm(post("email=ana%40example.com&role=admin"), schema, {
      repeated: ["id"],
    });
    if (!form.success) throw new Error("not parsed");
    // `npm run check` (tsc) fails here if parseForm ever lets an undeclared name through: the
    // directive then has no error to expect. At run time the field is not there either.
    // @ts-expect-error `role` is not in the schema
    expect(form.data.role).toBeUndefined();
  });

  it("refuses a post from another site before reading its body", async () => {
    const request = post("email=ana%40example.com", { origin: "https://evil.example" });
    expect(await parseForm(request, schema)).toEqual({ crossSite: true, success: false });
    expect(request.bodyUsed).toBe(false);
  });

  it("answers a field's message as its translation key, with what was typed", async () => {
    const form = await parseForm(post("email=not-an-address&note=hello"), schema, {
      repeated: ["id"],
    });
    if (form.crossSite || form.success) throw new Error("parsed");
    expect(form.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["email"], "auth.errors.emailInvalid"],
    ]);
    expect(form.values).toMatchObject({ email: "not-an-address", note: "hello" });
  });

  it("keeps readForm's bounds: too many fields is a 413 before anything is parsed", async () => {
    const answer = await parseForm(post("a=1&".repeat(20)), schema, { fields: 10 }).catch(
      (error: unknown) => error,
    );
    expect(answer).toMatchObject({ init: { status: 413 } });
  });
});

/**
 * Every route action reads its form through parseForm, so the form's fields are the ones its
 * schema declares (an object schema drops any other, and TypeScript refuses a read of a name the
 * schema does not have: `npm run check`). What this walk refuses is the other way in: reading the
 * body or a field by hand, or checking the origin by hand, which is how an undeclared field was
 * read before.
 */
describe("every route action reads its form through parseForm", () => {
  const routes = join(import.meta.dirname, "..", "routes");
  // Actions that read no form here: logout checks only the origin; a page without one answers
  // 404; the application channels and the counting beacon hand the request to their own body
  // readers, each with its own schema (features/submissions/receive.server.ts,
  // features/analytics/count-endpoint.server.ts).
  const noForm = new Set([
    "_auth/logout.ts",
    "_marketing/not-found.tsx",
    "_marketing/home.tsx",
    "register-model.tsx",
    "resources/chatbot-application.ts",
    "resources/count.ts",
    // Her identity check: photos streamed by busboy within their limits (identity/upload.server.ts).
    "areas/identity.tsx",
  ]);
  const byHand = [
    /\bformData\s*\(/,
    /\bFormData\b/,
    /\breadForm\s*\(/,
    /\breadBodyAtMost\s*\(/,
    /\bisCrossSiteRequest\b/,
    /(?<!searchParams|headers)\.get(All)?\(\s*["'`]/,
  ];
  const files = readdirSync(routes, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => /export (async )?function action\b/.test(read(file)));

  function read(file: string) {
    return readFileSync(join(routes, file), "utf8");
  }

  /** A route's action and what it calls in its own file, as source, without comments. */
  function actionSource(file: string) {
    return read(file)
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:])\/\/.*$/gm, "$1")
      .replace(/export default function[\s\S]*$/, "")
      .replace(/export (async )?function loader[\s\S]*?\n}\n/, "");
  }

  it("finds the actions", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)("%s", (file) => {
    const source = actionSource(file);
    const found = byHand.filter((pattern) => pattern.test(source)).map(String);
    if (noForm.has(file)) {
      expect(found.filter((pattern) => !pattern.includes("isCrossSiteRequest"))).toEqual([]);
      expect(source, `${file} reads no form`).not.toMatch(/\bparseForm\(/);
      return;
    }
    expect(found, `${file} reads its form by hand`).toEqual([]);
    expect(source, `${file} reads its form through parseForm`).toMatch(/\bparseForm\(/);
  });

  it("lists only files that exist", () => {
    for (const file of noForm) expect(files, relative(routes, file)).toContain(file);
  });
});
