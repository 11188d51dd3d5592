/**
 * Lets the benchmark import app modules written for Vite: once this has run, Node (running
 * bench/*.ts as they are) resolves the `~/` alias to app/ and completes the extension (.ts,
 * .tsx) of imports within app/. Only imports started afterwards see it, so those modules are
 * imported with `await import()`.
 */
import { statSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const app = path.resolve(import.meta.dirname, "../app");
const appUrl = pathToFileURL(app + path.sep).href;
let registered = false;

export function registerAppAlias() {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      // `~/x`, and the relative imports without an extension that Vite completes.
      let base: string | undefined;
      if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
      else if (/^\.\.?\//.test(specifier) && context.parentURL?.startsWith(appUrl)) {
        base = fileURLToPath(new URL(specifier, context.parentURL));
      }
      if (!base) return nextResolve(specifier, context);
      const file = [base, `${base}.ts`, `${base}.tsx`].find((candidate) =>
        statSync(candidate, { throwIfNoEntry: false })?.isFile(),
      );
      return nextResolve(pathToFileURL(file ?? base).href, context);
    },
  });
}
