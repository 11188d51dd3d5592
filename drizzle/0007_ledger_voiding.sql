ALTER TABLE "affiliate_ledger" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD COLUMN "voided_by" text;