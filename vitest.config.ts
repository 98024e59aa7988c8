import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "db/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/helpers/unit-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/helpers/integration-setup.ts"],
          // Migrated once per run; each file opens a copy (tests/helpers/database.ts).
          globalSetup: ["tests/helpers/database-template.ts"],
          // Sign-ups hash with a fast test hash, except in the tests of passwords (database.ts).
          provide: { fastPasswordHash: true },
          // Each file opens its own database; PGlite start-up is CPU-heavy on 2 cores.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The production build and a production process: hostile requests, compression, JS
          // budgets; and the move of an embedded database to PostgreSQL. Needs the build and
          // PostgreSQL (TEST_DATABASE_URL); see scripts/test-all.sh.
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/helpers/integration-setup.ts"],
          globalSetup: ["tests/helpers/database-template.ts"],
          testTimeout: 600_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Needs the production build and PostgreSQL (TEST_DATABASE_URL); see scripts/test-all.sh.
          name: "race",
          include: ["tests/race/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/helpers/integration-setup.ts"],
          globalSetup: ["tests/helpers/database-template.ts"],
          // The race signs up and signs in 200 guests in this process before the race: with the
          // fast test hash, not 400 real scrypt runs (the app processes never hash passwords here).
          provide: { fastPasswordHash: true },
          testTimeout: 600_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
