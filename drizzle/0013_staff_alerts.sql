CREATE TABLE "staff_alert_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'digest' NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL,
	"digest_sent_on" date,
	"digest_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_mode_check" CHECK (mode in ('instant', 'digest', 'off')),
	CONSTRAINT "staff_alert_hour_check" CHECK (digest_hour between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "staff_alerted_at" timestamp with time zone;--> statement-breakpoint
-- The applications already there were seen on the dashboard: none of them is announced again.
UPDATE "submissions" SET "staff_alerted_at" = "created_at";--> statement-breakpoint
ALTER TABLE "staff_alert_preferences" ADD CONSTRAINT "staff_alert_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_not_alerted_idx" ON "submissions" USING btree ("id") WHERE staff_alerted_at is null;