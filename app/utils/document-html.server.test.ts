import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER } from "./document-cache.server.ts";
import { codeAfterFirstPaint } from "./document-html.server.ts";

// React Router 8's module script, as it writes it into every page (shortened manifest).
const bootstrap = (attributes = "") =>
  `<script type="module" async=""${attributes}>; import * as route0 from "/assets/root-A.js"; ` +
  `import * as route1 from "/assets/layout-B.js"; import * as route2_main from "/assets/home-C.js"; ` +
  `const route2 = {...route2_main};  window.__reactRouterManifest = {"entry":{}}; ` +
  `window.__reactRouterRouteModules = {"root":route0,"routes/_marketing/layout":route1,"routes/_marketing/home":route2};  ` +
  `import("/assets/entry.client-D.js");</script>`;

describe("codeAfterFirstPaint", () => {
  it("finds the script whatever the order of its attributes", () => {
    const page = bootstrap().replace(
      '<script type="module" async=""',
      `<script nonce="${NONCE_PLACEHOLDER}" type="module" async=""`,
    );
    expect(codeAfterFirstPaint(page)).not.toMatch(/import \* as/);
  });

  it("turns the route imports into dynamic ones that wait for the first painted frame", () => {
    const page = `<body><main>Olá</main>${bootstrap(` nonce="${NONCE_PLACEHOLDER}"`)}</body>`;
    const changed = codeAfterFirstPaint(page);
    expect(changed).not.toMatch(/import \* as/);
    expect(changed).toContain(`<script type="module" async="" nonce="${NONCE_PLACEHOLDER}">`);
    const script = changed.slice(changed.indexOf("<script"));
    // The wait comes first, then every route module, in order, under its old name.
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("import("));
    expect(script).toContain(
      'const [route0,route1,route2_main] = await Promise.all([import("/assets/root-A.js"),import("/assets/layout-B.js"),import("/assets/home-C.js")]);',
    );
    // The rest of the script is untouched: the modules are registered before the entry loads.
    expect(script).toContain("const route2 = {...route2_main};");
    expect(script.indexOf("__reactRouterRouteModules")).toBeLessThan(
      script.indexOf('import("/assets/entry.client-D.js")'),
    );
    expect(changed.startsWith("<body><main>Olá</main>")).toBe(true);
  });

  it("leaves a script of another shape, and text that only looks like one, as they are", () => {
    const other = `<script type="module" async="">import "/assets/x.js";</script>`;
    expect(codeAfterFirstPaint(other)).toBe(other);
    const text = `<p>import * as route0 from "/assets/root-A.js";</p>`;
    expect(codeAfterFirstPaint(text)).toBe(text);
  });
});
