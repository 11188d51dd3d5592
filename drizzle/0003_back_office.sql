CREATE TABLE "affiliate_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_ledger_kind_check" CHECK (kind in ('earning', 'payout')),
	CONSTRAINT "affiliate_ledger_amount_check" CHECK ("affiliate_ledger"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "auth_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"user_id" text,
	CONSTRAINT "auth_events_kind_check" CHECK (kind in ('sign-in', 'sign-in-failed', 'rate-limited', 'sign-up', 'password-reset'))
);
--> statement-breakpoint
CREATE TABLE "daily_counts" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counts_day_event_dimension_pk" PRIMARY KEY("day","event","dimension")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"template" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "mail_templates_template_language_pk" PRIMARY KEY("template","language")
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rejection_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD COLUMN "reason_id" bigint;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_ledger_affiliate_idx" ON "affiliate_ledger" USING btree ("affiliate_id","occurred_on");--> statement-breakpoint
CREATE INDEX "auth_events_created_idx" ON "auth_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_events_user_idx" ON "auth_events" USING btree ("user_id","created_at");