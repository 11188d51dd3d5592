CREATE TABLE "privacy_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "privacy_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "privacy_requests_kind_check" CHECK (kind in ('export', 'erase'))
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"affiliate_id" bigint NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_clicks_affiliate_id_day_pk" PRIMARY KEY("affiliate_id","day")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "self_referral_affiliate_id" bigint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "instagram" text;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_email_idx" ON "privacy_requests" USING btree ("email","created_at");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_self_referral_affiliate_id_affiliates_id_fk" FOREIGN KEY ("self_referral_affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE set null ON UPDATE no action;