DROP INDEX "submissions_document_digits_idx";--> statement-breakpoint
CREATE INDEX "submissions_document_suffix_idx" ON "submissions" USING btree (reverse("document_last_digits") text_pattern_ops);