CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK (status in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'Pendente' NOT NULL,
	"source" text NOT NULL,
	"language" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"age" smallint,
	"date_of_birth" date,
	"whatsapp" text,
	"phone" text,
	"instagram" text,
	"experience" text,
	"message" text,
	"country" text,
	"city" text,
	"document_encrypted" text,
	"document_last_digits" text,
	"referral_code" text,
	"affiliate_id" bigint,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	CONSTRAINT "submissions_status_check" CHECK (status in ('Pendente', 'Aprovado', 'Reprovado')),
	CONSTRAINT "submissions_source_check" CHECK (source in ('form', 'chatbot', 'register'))
);
--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD CONSTRAINT "submission_status_history_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "submission_history_submission_idx" ON "submission_status_history" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_status_created_idx" ON "submissions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_created_idx" ON "submissions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_email_prefix_idx" ON "submissions" USING btree ("email_normalized" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "submissions_name_prefix_idx" ON "submissions" USING btree (lower("full_name") text_pattern_ops);