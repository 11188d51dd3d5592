CREATE TABLE "contract_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"language" text NOT NULL,
	"version" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "contract_templates_published_check" CHECK ((version is null) = (published_at is null))
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"document_type" text NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"confirmed_type" text,
	"last_digits_match" boolean,
	"born_on" date,
	"retake_reason" text,
	"images_deleted_at" timestamp with time zone,
	CONSTRAINT "identity_checks_state_check" CHECK (state in ('submitted', 'confirmed', 'retake')),
	CONSTRAINT "identity_checks_type_check" CHECK (document_type in ('passport', 'id-card', 'driving-licence')),
	CONSTRAINT "identity_checks_confirmed_check" CHECK (state <> 'confirmed' or (reviewed_at is not null and confirmed_type is not null and last_digits_match and born_on is not null)),
	CONSTRAINT "identity_checks_retake_check" CHECK (state <> 'retake' or length(retake_reason) between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "identity_images" (
	"check_id" bigint NOT NULL,
	"side" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "identity_images_check_id_side_pk" PRIMARY KEY("check_id","side"),
	CONSTRAINT "identity_images_side_check" CHECK (side in ('front', 'back', 'selfie'))
);
--> statement-breakpoint
CREATE TABLE "model_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"agency_share_basis_points" integer NOT NULL,
	"starts_on" date NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"offered_by" text,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_name" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"signed_with" text,
	"countersigned_name" text,
	"countersigned_by" text,
	"countersigned_at" timestamp with time zone,
	"consent_withdrawn_at" timestamp with time zone,
	CONSTRAINT "model_contracts_state_check" CHECK (state in ('offered', 'signed', 'countersigned', 'withdrawn')),
	CONSTRAINT "model_contracts_share_check" CHECK (agency_share_basis_points between 0 and 10000),
	CONSTRAINT "model_contracts_signed_check" CHECK (state not in ('signed', 'countersigned') or (signed_at is not null and length(signed_name) > 0)),
	CONSTRAINT "model_contracts_countersigned_check" CHECK (state <> 'countersigned' or countersigned_at is not null)
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"statement_id" bigint NOT NULL,
	"kind" text DEFAULT 'earning' NOT NULL,
	"platform" text NOT NULL,
	"gross_cents" bigint NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_kind_check" CHECK (kind in ('earning', 'correction')),
	CONSTRAINT "statement_lines_reason_check" CHECK (kind <> 'correction' or length(reason) between 1 and 500),
	CONSTRAINT "statement_lines_platform_check" CHECK (length(platform) between 1 and 60),
	CONSTRAINT "statement_lines_earning_check" CHECK (kind <> 'earning' or gross_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"month" date NOT NULL,
	"contract_id" bigint NOT NULL,
	"agency_share_basis_points" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone,
	"payout_state" text DEFAULT 'pending' NOT NULL,
	"paid_cents" bigint,
	"paid_on" date,
	"payout_reference" text,
	CONSTRAINT "statements_state_check" CHECK (state in ('draft', 'published')),
	CONSTRAINT "statements_payout_check" CHECK (payout_state in ('pending', 'paid')),
	CONSTRAINT "statements_month_check" CHECK (extract(day from month) = 1),
	CONSTRAINT "statements_published_check" CHECK ((state = 'published') = (published_at is not null)),
	CONSTRAINT "statements_paid_check" CHECK (payout_state <> 'paid' or (state = 'published' and paid_on is not null and paid_cents is not null and length(payout_reference) > 0))
);
--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_images" ADD CONSTRAINT "identity_images_check_id_identity_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."identity_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_contracts" ADD CONSTRAINT "model_contracts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_contracts" ADD CONSTRAINT "model_contracts_template_id_contract_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contract_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_contracts" ADD CONSTRAINT "model_contracts_offered_by_user_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_contracts" ADD CONSTRAINT "model_contracts_countersigned_by_user_id_fk" FOREIGN KEY ("countersigned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_contract_id_model_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."model_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_version_idx" ON "contract_templates" USING btree ("language","version");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_draft_idx" ON "contract_templates" USING btree ("language") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "identity_checks_submission_idx" ON "identity_checks" USING btree ("submission_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_one_waiting_idx" ON "identity_checks" USING btree ("submission_id") WHERE state = 'submitted';--> statement-breakpoint
CREATE INDEX "identity_checks_purge_idx" ON "identity_checks" USING btree ("reviewed_at") WHERE state = 'confirmed' and images_deleted_at is null;--> statement-breakpoint
CREATE INDEX "model_contracts_submission_idx" ON "model_contracts" USING btree ("submission_id","offered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_contracts_one_offered_idx" ON "model_contracts" USING btree ("submission_id") WHERE state = 'offered';--> statement-breakpoint
CREATE INDEX "statement_lines_statement_idx" ON "statement_lines" USING btree ("statement_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_month_idx" ON "statements" USING btree ("submission_id","month");--> statement-breakpoint
CREATE INDEX "statements_month_all_idx" ON "statements" USING btree ("month");