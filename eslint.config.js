import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Icons are drawn from the sprite (<Icon> in app/components/ui/icon.tsx); the icon packages are
// read only by scripts/build-icons.ts, which writes it.
const iconPackages = {
  group: ["lucide-react", "lucide-react/*", "simple-icons", "simple-icons/*"],
  message: "Use <Icon name=…> from #app/components/ui/icon.tsx; add new icons to scripts/build-icons.ts.",
};

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
    // Playwright fixtures call their parameter `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [iconPackages] }] },
  },
  {
    // A request's body is read only up to a limit (app/utils/body-limit.server.ts): these read
    // it whole, however long a chunked body is.
    files: ["app/**"],
    ignores: ["app/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]",
          message: "Read a request's body with readForm() or readBodyAtMost() (a bounded read).",
        },
      ],
    },
  },
  {
    // Server-only modules must never be imported by code that ships to the browser.
    files: ["app/components/**", "app/features/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "\\.server(\\.tsx?)?$", allowTypeImports: true }, iconPackages] },
      ],
    },
  },
);
