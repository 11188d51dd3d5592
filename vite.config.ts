import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const brotliCompress = promisify(brotliCallback);
const gzipCompress = promisify(gzipCallback);

/**
 * The browser's chunks. Left to itself the bundler splits the code every page loads into some
 * thirty files of a few hundred bytes, and each compresses on its own: merged, the home page
 * loads 7 KB less (decision 004). The groups:
 * - the framework (React, React DOM, React Router), which changes only with an upgrade;
 * - the site's shell: what every public page runs at once (the public layout route, whose file
 *   stays an entry of a few bytes pointing into it, UI primitives, translation, helpers). The
 *   root route stays apart (its stylesheet keeps its own name). What only some screens use stays
 *   with them, and code loaded on first use stays lazy: toasts, the chatbot, the form's checks;
 * - the pre-selection form (home page and /register/model) and the blog's cards (home page and
 *   /blog), each one file instead of four or three.
 */
const preselection =
  /app[\\/](features[\\/]preselection[\\/](preselection-form|fields)|auth[\\/](password-field|password-rules))\.tsx?$/;
const blogCards = /app[\\/]features[\\/]blog[\\/](post-card|post-meta|cover-image)\.tsx?$/;
const framework = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const shell =
  /app[\\/](routes[\\/]_marketing[\\/]layout|i18n[\\/](?!lazy-strings)[^\\/]+|utils[\\/](?!json-ld)[^\\/]+|components[\\/](ui[\\/](button|icon|toast|navigation-progress)|layout[\\/](viewer))|features[\\/]preselection[\\/]client-action)\.tsx?$/;

/**
 * The browser's files, compressed once at build time as hard as the formats allow, so that the
 * server sends them as they are instead of compressing on every request (server/app.ts): Brotli
 * at its highest quality for browsers that accept it (over HTTPS), and zlib's best gzip for the
 * others (decision 010; Zopfli's 3 % smaller gzip cost minutes of every build and test run).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|svg|json)$/;
  return {
    name: "mare:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const files = Object.values(bundle).filter(
        (file) => compressible.test(file.fileName) && !file.fileName.startsWith(".vite/"),
      );
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === "asset" ? file.source : file.code);
          if (source.length < 512) return; // Compressed, it would gain less than its headers.
          const target = path.join(options.dir!, file.fileName);
          const [gzip, brotli] = await Promise.all([
            gzipCompress(source, { level: constants.Z_BEST_COMPRESSION }),
            brotliCompress(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          ]);
          await writeFile(`${target}.gz`, gzip);
          await writeFile(`${target}.br`, brotli);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server in one file, lazy parts included: app/db/db.server.ts finds drizzle/ relative to
    // it, and a part the browser loads late (the chatbot) must not move the server's code into a
    // chunk of its own under assets/.
    ssr: { build: { rolldownOptions: { output: { codeSplitting: false } } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: framework, priority: 2 },
                { name: "shell", test: shell, priority: 1 },
                { name: "preselection", test: preselection, priority: 1 },
                { name: "blog-cards", test: blogCards, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
