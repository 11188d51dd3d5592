import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import publicApis from "./scripts/eslint/public-apis-only.ts";

// Icons are drawn from the sprite (<Icon> in app/components/ui/icon.tsx); the icon packages are
// read only by scripts/build-icons.ts, which writes it.
const iconPackages = {
  group: ["lucide-react", "lucide-react/*", "simple-icons", "simple-icons/*"],
  message:
    "Use <Icon name=…> from #app/components/ui/icon.tsx; add new icons to scripts/build-icons.ts.",
};

// One import style (decision 020): `#app/<path>.<ext>` (package.json's subpath imports), read the
// same by Vite, vitest, tsc and Node's own scripts; a sibling in the same folder as `./name.ext`.
const oneStyle = [
  { regex: "^~/", message: "Import app modules as #app/<path>.<ext>." },
  { regex: "^\\.\\./", message: "Import app modules as #app/<path>.<ext>, not ../." },
];

// Code that ships to the browser never imports a server-only module (types excepted).
const serverOnly = {
  regex: "\\.server(\\.tsx?)?$",
  allowTypeImports: true,
  message: "A server-only module in code that ships to the browser (types excepted).",
};

// A request's body is read only up to a limit (app/utils/body-limit.server.ts): these read it
// whole, however long a chunked body is.
const boundedBodies = {
  selector:
    "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]",
  message: "Read a request's body with readForm() or readBodyAtMost() (a bounded read).",
};

// Every <input> names its type: checkers (W3C's, HTML_CodeSniffer) read an autofill hint
// only on an input that says it is text.
const typedInputs = {
  selector: "JSXOpeningElement[name.name='input']:not(:has(JSXAttribute[name.name='type']))",
  message: 'Give the input its type (type="text" for a text box), or use <Input>.',
};

// The access log has one writer, whose action names and details are typed; tests set up rows
// directly.
const accessLogWrites = [
  {
    selector:
      "CallExpression[callee.property.name='insert']:matches([arguments.0.name='accessLog'], [arguments.0.property.name='accessLog'])",
    message: "Write the access log with recordAccess() from #app/db/access-log.server.ts.",
  },
  {
    selector: 'TemplateElement[value.raw=/insert\\s+into\\s+"?access_log/i]',
    message: "Write the access log with recordAccess() from #app/db/access-log.server.ts.",
  },
];

const layers = [
  { files: ["app/features/**"], below: ["routes", "root"] },
  { files: ["app/auth/**", "app/mail/**"], below: ["features", "routes", "root"] },
  { files: ["app/components/**"], below: ["features", "routes", "root", "auth", "mail", "db"] },
  {
    files: ["app/db/**", "app/utils/**", "app/i18n/**"],
    below: ["features", "routes", "root", "auth", "mail"],
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/lighthouse/",
      ".build-*/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Public APIs of our dependencies only, in product code, tests and tools alike.
    plugins: { local: publicApis },
    rules: { "local/public-apis-only": "error" },
  },
  {
    // Playwright fixtures call their parameter `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [iconPackages, ...oneStyle] }] },
  },
  {
    // Test set-up may borrow the browser tests' and scripts' helpers outside app/.
    files: ["app/**/*.test.ts", "app/**/*.test.tsx", "app/test/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [iconPackages, oneStyle[0]] }] },
  },
  // Imports flow one way (decision 020): routes → features → auth, mail → components → db →
  // utils, i18n; and code that ships to the browser (components, any .tsx outside the routes)
  // never imports a server-only module. Tests may reach across to set up what they check.
  ...layers.flatMap(({ files, below }) =>
    [false, true].map((browser) => ({
      files: browser ? files.map((glob) => `${glob}/*.tsx`) : files,
      ignores: ["**/*.test.ts", "**/*.test.tsx"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              iconPackages,
              ...oneStyle,
              ...(browser || files[0] === "app/components/**" ? [serverOnly] : []),
              {
                regex: `^#app/(${below.join("|")})(/|\\.|$)`,
                message: `${files.join(", ")} sit below these: imports flow one way (docs/decisions/020-one-shape-for-every-screen.md).`,
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    // Routes reach the data through their domain's modules, never by querying it themselves.
    files: ["app/routes/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            iconPackages,
            ...oneStyle,
            {
              group: ["drizzle-orm", "drizzle-orm/*"],
              message: "Query in app/features/<domain>/*.server.ts; the route calls it.",
            },
            {
              regex: "^#app/db/schema\\.server\\.ts$",
              allowTypeImports: true,
              message: "Query in app/features/<domain>/*.server.ts; the route calls it.",
            },
          ],
        },
      ],
    },
  },
  {
    // A route holds its guard, input, loader/action/meta and layout; past these sizes a screen
    // has parts that want names of their own (decision 020).
    files: ["app/routes/**/*.ts", "app/routes/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 150 }] },
  },
  {
    files: ["app/**", "server/**", "scripts/**", "bench/**"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: {
      "import-x/no-cycle": [
        "error",
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  {
    files: ["server/**", "scripts/**", "bench/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...accessLogWrites] },
  },
  {
    files: ["app/**"],
    ignores: ["app/**/*.test.ts", "app/**/*.test.tsx", "app/db/access-log.server.ts"],
    rules: { "no-restricted-syntax": ["error", boundedBodies, typedInputs, ...accessLogWrites] },
  },
  {
    files: ["app/db/access-log.server.ts"],
    rules: { "no-restricted-syntax": ["error", boundedBodies] },
  },
  {
    files: ["app/**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", boundedBodies] },
  },
);
