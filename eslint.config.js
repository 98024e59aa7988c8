import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import { readdirSync } from "node:fs";

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

/**
 * Which features a feature may import (docs/decisions/017-ui-primitives-and-boundaries.md). The
 * graph has no loops, so no two features can depend on each other; anything a feature needs
 * from one not listed here is composed in the route instead. `settings` and `email` are the
 * shared ground every business feature stands on.
 */
const FEATURE_DEPENDENCIES = {
  settings: [],
  content: ["settings", "accounts"],
  email: ["settings"],
  accounts: ["settings", "email"],
  company: ["settings", "content"],
  contact: ["settings", "email"],
  newsletter: ["settings", "email"],
  reviews: ["settings", "accounts"],
  properties: ["settings", "reviews"],
  home: ["settings", "properties", "reviews"],
  booking: ["settings", "email", "accounts", "company", "properties", "reviews"],
  "bank-accounts": ["settings", "email", "accounts"],
  audit: ["content"],
  "admin-dashboard": [],
  calendar: ["settings", "email", "accounts"],
  "go-live": ["settings", "accounts", "company", "content", "properties"],
  "data-requests": ["accounts", "contact", "booking", "newsletter"],
};
// The list itself must stay free of loops (a → b → a would allow a cycle between features).
(function assertNoFeatureLoop() {
  const visiting = new Set();
  const done = new Set();
  const visit = (feature, path) => {
    if (done.has(feature)) return;
    if (visiting.has(feature)) {
      throw new Error(`FEATURE_DEPENDENCIES has a loop: ${[...path, feature].join(" → ")}`);
    }
    visiting.add(feature);
    for (const next of FEATURE_DEPENDENCIES[feature] ?? []) visit(next, [...path, feature]);
    visiting.delete(feature);
    done.add(feature);
  };
  for (const feature of Object.keys(FEATURE_DEPENDENCIES)) visit(feature, []);
})();

// A new feature folder gets its line in FEATURE_DEPENDENCIES before it can import anything.
for (const entry of readdirSync(new URL("app/features", import.meta.url), {
  withFileTypes: true,
})) {
  if (entry.isDirectory() && !(entry.name in FEATURE_DEPENDENCIES)) {
    throw new Error(`app/features/${entry.name} is missing from FEATURE_DEPENDENCIES`);
  }
}

const featureRules = Object.entries(FEATURE_DEPENDENCIES).map(([feature, allowed]) => {
  const FEATURE_BOUNDARY = {
    regex: `features/(?!(?:${[feature, ...allowed].join("|")})/)`,
    message: `The feature "${feature}" may import only ${allowed.join(", ") || "no other feature"} (eslint.config.js, FEATURE_DEPENDENCIES); compose anything else in the route.`,
  };
  return [
    { files: [`app/features/${feature}/**/*.ts`], rules: restrict(NO_ROUTES, FEATURE_BOUNDARY) },
    {
      files: [`app/features/${feature}/**/*.tsx`],
      rules: restrict(SERVER_ONLY, NO_ROUTES, FEATURE_BOUNDARY),
    },
  ];
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
  {
    files: ["scripts/**", "server/**", "bench/**", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  // No import cycles anywhere in the app or the server: a cycle makes module start-up order
  // matter and hides which layer owns what.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
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
  ...featureRules.flat(),
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
