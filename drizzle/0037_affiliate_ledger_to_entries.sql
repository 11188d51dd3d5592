-- The hand-kept ledger becomes the program's entries (issue 31, decision record 057): each
-- earning an entry of origin 'legacy', payable at once; each payout recorded by hand a negative
-- legacy entry, so that what was already paid is not paid again (the balance nets out).
-- Entries voided by hand stay voided.
INSERT INTO "affiliate_entries" (
  "affiliate_id", "origin", "amount_cents", "reason", "occurred_on", "created_by", "created_at",
  "payable_at", "voided_at", "voided_by", "void_reason"
)
SELECT
  "affiliate_id",
  'legacy',
  CASE WHEN "kind" = 'payout' THEN -"amount_cents" ELSE "amount_cents" END,
  "note",
  "occurred_on",
  "created_by",
  "created_at",
  "created_at",
  "voided_at",
  "voided_by",
  CASE WHEN "voided_at" IS NOT NULL THEN 'voided-by-hand' END
FROM "affiliate_ledger"
ORDER BY "id";
--> statement-breakpoint
-- The free "commission rate" said nothing of what it was a percentage of, and computed nothing:
-- the program's rule replaces it. What each affiliate had is kept in the access log, so an admin
-- can make it an override.
INSERT INTO "access_log" ("actor_id", "action", "subject", "details")
SELECT NULL, 'affiliate.rate-retired', 'affiliate:' || "id", jsonb_build_object('rate', "commission_rate"::text)
FROM "affiliates"
WHERE "commission_rate" IS NOT NULL;
--> statement-breakpoint
-- Time to first decision (analytics): the first approval or rejection that was not undone.
UPDATE "submissions" AS s
SET "first_decided_at" = h."first_at"
FROM (
  SELECT "submission_id", min("created_at") AS "first_at"
  FROM "submission_status_history"
  WHERE "to_status" IN ('Aprovado', 'Reprovado') AND "undone_at" IS NULL
  GROUP BY "submission_id"
) AS h
WHERE h."submission_id" = s."id";
