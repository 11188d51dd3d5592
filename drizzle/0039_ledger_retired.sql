-- The hand-kept ledger and the free commission rate are retired (issue 31): migration 0037 copied
-- the ledger into legacy entries and the rates into the access log. A statement entry keeps the
-- percentage it was made with; an approval's mail to the affiliate is found again to withdraw it.
DROP TABLE "affiliate_ledger" CASCADE;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD COLUMN "share_basis_points" integer;--> statement-breakpoint
ALTER TABLE "referral_milestone_events" ADD COLUMN "mail_id" bigint;--> statement-breakpoint
ALTER TABLE "affiliates" DROP COLUMN "commission_rate";