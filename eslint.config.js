import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Import rules by layer (STYLE.md): routes → features → domain / lib / components/ui. Imports
// run downward only; shared code that needed a feature would tie every feature to it. ESLint
// applies the last matching block's options, so each block lists all the patterns it needs.
const SERVER_ONLY = {
  group: ["**/server/*", "**/db/seed*"],
  message: "Code that reaches the browser never imports server-only modules.",
};
const NO_ROUTES = { group: ["~/routes/*", "**/routes/*"], message: "Only routes import routes." };
const NO_FEATURES = {
  group: ["~/features/*", "**/features/*"],
  message: "Shared code (app/lib, app/components/ui, app/domain) never imports features.",
};
const ONLY_UI_COMPONENTS = {
  group: ["~/components/*", "!~/components/ui/*"],
  message: "Shared code uses only the UI primitives of app/components/ui.",
};
const PURE = {
  group: ["~/*", "!~/domain/*", "react", "react-*", "drizzle-orm", "zod", "node:*"],
  message: "app/domain holds pure rules: it imports only other domain modules.",
};
const restrict = (...patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

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
  { files: ["app/**/*.tsx"], rules: restrict(SERVER_ONLY) },
  { files: ["app/features/**/*.ts"], rules: restrict(NO_ROUTES) },
  { files: ["app/features/**/*.tsx"], rules: restrict(SERVER_ONLY, NO_ROUTES) },
  { files: ["app/lib/**/*.ts"], rules: restrict(NO_ROUTES, NO_FEATURES, ONLY_UI_COMPONENTS) },
  {
    files: ["app/lib/**/*.tsx", "app/components/ui/**"],
    rules: restrict(SERVER_ONLY, NO_ROUTES, NO_FEATURES, ONLY_UI_COMPONENTS),
  },
  {
    files: ["app/domain/**"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: restrict(PURE),
  },
);
