/*
 * What entry.server changes in the HTML React renders, before it is stored or sent. Plain string
 * work on a page that React Router and React write the same way every time; a page of another
 * shape is left as it is (and the browser tests would show what it costs).
 */

// React Router's module script imports the page's routes statically, so the browser fetches all
// of the page's code as soon as it parses the script, before the first paint on a slow connection
// (the stylesheet is still on its way), as the module preloads entry.server removes did. Its imports
// are made dynamic and wait until two frames have been painted (a paint's timing is recorded a frame
// later); the content needs no
// code to be read. Tested in document-html.server.test.ts; a script of another shape is left as it is.
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>);?((?:\s*import \* as \w+ from "[^"]+";)+)/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;

export function codeAfterFirstPaint(html: string) {
  return html.replace(BOOTSTRAP, (_match, open: string, imports: string) => {
    const modules = [...imports.matchAll(STATIC_IMPORT)];
    const names = modules.map(([, name]) => name).join(",");
    const loads = modules.map(([, , path]) => `import(${path})`).join(",");
    return (
      `${open}await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(painted))));` +
      `const [${names}] = await Promise.all([${loads}]);`
    );
  });
}
