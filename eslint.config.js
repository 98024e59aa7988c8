import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      "tmp/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  { files: ["scripts/**", "server/**", "bench/**"], languageOptions: { globals: globals.node } },
  { files: ["public/sw.js"], languageOptions: { globals: globals.serviceworker } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Server-only modules must never be imported from code that reaches the browser; the
    // React Router build enforces `.server.ts`, this keeps the same rule for `server/`.
    files: ["app/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/*", "**/db/seed*"] }] },
  },
);
