ALTER TABLE "blog_translations" ADD COLUMN "edit_session" text;--> statement-breakpoint
ALTER TABLE "blog_translations" ADD COLUMN "edit_seq" integer;