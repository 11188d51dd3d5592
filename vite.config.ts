import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks. Left to itself the bundler splits the code every page loads into some
 * thirty files of a few hundred bytes, and each compresses on its own: merged, the home page
 * loads 7 KB less (decision 004). The groups:
 * - the framework (React, React DOM, React Router), which changes only with an upgrade;
 * - the site's shell: the parts of app/ that every public page renders (header, footer, UI
 *   primitives, translation, helpers). What only some screens use stays with those screens,
 *   and code loaded on first use (toasts, the chatbot, the form's checks) stays lazy;
 * - the pre-selection form (home page and /register/model) and the blog's cards (home page and
 *   /blog), each one file instead of four or three.
 */
const preselection =
  /app[\\/](features[\\/]preselection[\\/](preselection-form|fields|client-action)|auth[\\/](password-field|password-rules))\.tsx?$/;
const blogCards = /app[\\/]features[\\/]blog[\\/](post-card|post-meta|cover-image)\.tsx?$/;
const framework = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const shell =
  /app[\\/]((i18n|utils)[\\/][^\\/]+|components[\\/](ui[\\/](button|field|icon|toast|navigation-progress)|layout[\\/](site-header|site-footer|language-picker|logo|section-link|social-icons|navigation|viewer)))\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
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
