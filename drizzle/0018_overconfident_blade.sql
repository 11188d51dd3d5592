ALTER TABLE "blog_translations" ADD COLUMN "source_language" text;--> statement-breakpoint
ALTER TABLE "blog_translations" ADD COLUMN "source_hash" text;