-- Written by hand (drizzle-kit does not model extensions): the review list's search finds any
-- part of a name, an e-mail, a handle or a phone number through trigram indexes (the next
-- migration, generated from schema.server.ts, adds the searched column and its index).
-- PGlite carries pg_trgm as an extension of its own: every PGlite the app opens loads it
-- (app/db/embedded.server.ts, pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
