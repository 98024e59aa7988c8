import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from db/schema.ts (`npm run db:generate`).
// Migrations are applied from code at start-up (see app/lib/db.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
