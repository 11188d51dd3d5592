DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_claim_idx" ON "outbox" USING btree ("status","priority" DESC NULLS LAST,"next_attempt_at");--> statement-breakpoint
-- Links already waiting in the queue go first too (kinds.ts: urgentMailKinds).
UPDATE "outbox" SET "priority" = 1 WHERE "status" = 'queued' AND "kind" IN ('verification', 'reset', 'privacyExport', 'privacyErase');
