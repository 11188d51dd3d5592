CREATE TABLE "affiliate_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_id" bigint NOT NULL,
	"origin" text NOT NULL,
	"submission_id" bigint,
	"milestone" text,
	"statement_id" bigint,
	"statement_revision" integer,
	"amount_cents" bigint NOT NULL,
	"reason" text,
	"occurred_on" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"risk_signals" text[],
	"risk_decision" text,
	"risk_reviewed_by" text,
	"risk_reviewed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"void_reason" text,
	"payout_id" bigint,
	CONSTRAINT "affiliate_entries_origin_check" CHECK (origin in ('milestone', 'statement', 'manual', 'legacy')),
	CONSTRAINT "affiliate_entries_milestone_check" CHECK (milestone in ('approved', 'contract-signed', 'launched')),
	CONSTRAINT "affiliate_entries_risk_check" CHECK (risk_decision in ('released', 'voided')),
	CONSTRAINT "affiliate_entries_amount_check" CHECK (amount_cents <> 0),
	CONSTRAINT "affiliate_entries_manual_check" CHECK (origin <> 'manual' or length(reason) between 1 and 500),
	CONSTRAINT "affiliate_entries_milestone_origin_check" CHECK (origin <> 'milestone' or (milestone is not null and submission_id is not null)),
	CONSTRAINT "affiliate_entries_statement_origin_check" CHECK (origin <> 'statement' or (statement_id is not null and statement_revision >= 0))
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text DEFAULT 'open' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"reference" text,
	CONSTRAINT "affiliate_payout_batches_state_check" CHECK (state in ('open', 'paid', 'cancelled')),
	CONSTRAINT "affiliate_payout_batches_paid_check" CHECK (state <> 'paid' or (paid_at is not null and length(reference) between 1 and 200))
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout_detail_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_payout_detail_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_id" bigint NOT NULL,
	"method" text NOT NULL,
	"details_encrypted" text NOT NULL,
	"hint" text NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "affiliate_payout_detail_changes_token_sha256_unique" UNIQUE("token_sha256")
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout_details" (
	"affiliate_id" bigint PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"details_encrypted" text NOT NULL,
	"hint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"details_encrypted" text NOT NULL,
	"hint" text NOT NULL,
	CONSTRAINT "affiliate_payouts_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_id" bigint,
	"milestone" text,
	"fixed_cents" bigint,
	"share_basis_points" integer,
	"share_months" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_milestone_check" CHECK (milestone in ('approved', 'contract-signed', 'launched')),
	CONSTRAINT "commission_rules_fixed_check" CHECK ((milestone is null) = (fixed_cents is null) and (fixed_cents is null or fixed_cents > 0)),
	CONSTRAINT "commission_rules_share_check" CHECK ((share_basis_points is null) = (share_months is null) and (share_basis_points is null or (share_basis_points between 1 and 10000 and share_months between 1 and 120)))
);
--> statement-breakpoint
CREATE TABLE "referral_milestone_events" (
	"submission_id" bigint NOT NULL,
	"milestone" text NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "referral_milestone_events_submission_id_milestone_pk" PRIMARY KEY("submission_id","milestone"),
	CONSTRAINT "referral_milestone_events_milestone_check" CHECK (milestone in ('approved', 'contract-signed', 'launched'))
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "first_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "source_address_hash" text;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_risk_reviewed_by_user_id_fk" FOREIGN KEY ("risk_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_voided_by_user_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_batches" ADD CONSTRAINT "affiliate_payout_batches_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_batches" ADD CONSTRAINT "affiliate_payout_batches_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_detail_changes" ADD CONSTRAINT "affiliate_payout_detail_changes_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_details" ADD CONSTRAINT "affiliate_payout_details_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_batch_id_affiliate_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."affiliate_payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_milestone_events" ADD CONSTRAINT "referral_milestone_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_milestone_events" ADD CONSTRAINT "referral_milestone_events_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_entries_affiliate_idx" ON "affiliate_entries" USING btree ("affiliate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "affiliate_entries_payout_idx" ON "affiliate_entries" USING btree ("payout_id") WHERE payout_id is not null;--> statement-breakpoint
CREATE INDEX "affiliate_entries_unpaid_idx" ON "affiliate_entries" USING btree ("affiliate_id","payable_at") WHERE payout_id is null and voided_at is null;--> statement-breakpoint
CREATE INDEX "affiliate_entries_submission_idx" ON "affiliate_entries" USING btree ("submission_id") WHERE submission_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_entries_milestone_once_idx" ON "affiliate_entries" USING btree ("submission_id","milestone") WHERE origin = 'milestone' and voided_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_entries_statement_once_idx" ON "affiliate_entries" USING btree ("statement_id","statement_revision") WHERE origin = 'statement' and voided_at is null;--> statement-breakpoint
CREATE INDEX "affiliate_payout_detail_changes_affiliate_idx" ON "affiliate_payout_detail_changes" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_batch_affiliate_idx" ON "affiliate_payouts" USING btree ("batch_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_affiliate_idx" ON "commission_rules" USING btree (coalesce(affiliate_id, 0));