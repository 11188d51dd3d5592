ALTER TABLE "blog_translations" ADD COLUMN "preview_token_created_at" timestamp with time zone;--> statement-breakpoint
-- A link made before links had an age cannot be dated: it ends now (issue 24), as it would at 14 days.
UPDATE "blog_translations" SET "preview_token_hash" = NULL WHERE "preview_token_hash" IS NOT NULL;
