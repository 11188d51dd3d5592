import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema: `npm run db:generate`. Applying them is the app's job
// (at start, or `npm run db:migrate`), so no database connection is configured here.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.server.ts",
  out: "./drizzle",
});
