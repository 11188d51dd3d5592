import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import publicApis from "./public-apis-only.ts";
import { paced } from "#app/test/pace.ts";

/** The rule's findings on a piece of code, as `name: messageId` lines. */
function findings(code: string) {
  const linter = new Linter({ configType: "flat" });
  return linter
    .verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tseslint.parser },
          plugins: { local: publicApis },
          rules: { "local/public-apis-only": "error" },
        },
      ],
      "sample.ts",
    )
    .map((message) => message.message.split(" ")[0]);
}

describe("local/public-apis-only", () => {
  it("refuses what issue 25 found: PGlite's private locks and its raw protocol", () => {
    expect(
      findings(`
        await db._runExclusiveTransaction(() =>
          db._runExclusiveQuery(() => db.execProtocol(bytes)));
        await db["_runExclusiveQuery"](() => undefined);
        await db.execProtocolRaw(bytes);
        import { serialize } from "pg-protocol";
        import { Parser } from "pg-protocol/dist/parser";
      `),
    ).toEqual([
      "`_runExclusiveTransaction`",
      "`_runExclusiveQuery`",
      "`execProtocol`",
      "`_runExclusiveQuery`",
      "`execProtocolRaw`",
      "`pg-protocol`",
      "`pg-protocol/dist/parser`",
    ]);
  });

  it("refuses React Router's UNSAFE_ exports, imported, re-exported or reached through a namespace", () => {
    expect(
      findings(`
        import { UNSAFE_DataRouterContext, useLocation } from "react-router";
        import type { UNSAFE_DataWithResponseInit as Wrapped } from "react-router";
        export { UNSAFE_decodeViaTurboStream } from "react-router";
        import * as rr from "react-router";
        rr.UNSAFE_DataRouterContext;
      `),
    ).toEqual([
      "`UNSAFE_DataRouterContext`",
      "`UNSAFE_DataWithResponseInit`",
      "`UNSAFE_decodeViaTurboStream`",
      "`UNSAFE_DataRouterContext`",
    ]);
  });

  it("lets public calls, #private fields and dunder names through", () => {
    expect(
      findings(`
        class Counter { #count = 0; bump() { return ++this.#count; } }
        await db.transaction(async (tx) => tx.insert(table).values(row));
        await pool.query({ text: "select 1" });
        (globalThis as { __locks?: Map<string, string> }).__locks ??= new Map();
        const UNSAFE_IN_PATH = /\\s/;
        UNSAFE_IN_PATH.test(value);
      `),
    ).toEqual([]);
  });

  it(
    "is on for the project's code (the sample of a route module fails the project's lint)",
    async () => {
      const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
      const [result] = await eslint.lintText(
        `import type { PGlite } from "@electric-sql/pglite";\n` +
          `export const lock = (db: PGlite) => db._runExclusiveQuery(async () => 1);\n`,
        { filePath: "app/db/sample.server.ts" },
      );
      expect(result!.messages.map((message) => message.ruleId)).toContain("local/public-apis-only");
    },
    paced(60_000),
  );
});
