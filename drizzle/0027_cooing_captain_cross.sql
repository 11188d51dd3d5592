ALTER TABLE "submission_status_history" ADD COLUMN "mail_id" bigint;--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD COLUMN "undone_by" text;