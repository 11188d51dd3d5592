CREATE TABLE "onboarding_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_events_action_check" CHECK (action in ('done', 'skipped', 'reopened', 'owner', 'due'))
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text,
	"position" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"guidance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_days" smallint DEFAULT 7 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_steps_key_unique" UNIQUE("key"),
	CONSTRAINT "onboarding_steps_due_check" CHECK (due_days between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"user_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "staff_availability_user_id_weekday_start_minute_pk" PRIMARY KEY("user_id","weekday","start_minute"),
	CONSTRAINT "staff_availability_weekday_check" CHECK (weekday between 0 and 6),
	CONSTRAINT "staff_availability_minutes_check" CHECK (start_minute >= 0 and end_minute <= 1440 and end_minute > start_minute)
);
--> statement-breakpoint
CREATE TABLE "staff_days_off" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "staff_days_off_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "staff_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"whatsapp" text,
	"meeting_url" text,
	"introduction" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"call_minutes" smallint DEFAULT 30 NOT NULL,
	"buffer_minutes" smallint DEFAULT 15 NOT NULL,
	"horizon_days" smallint DEFAULT 21 NOT NULL,
	"notice_hours" smallint DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"photo_image_id" bigint,
	"photo_consent_by" text,
	"photo_consent_by_name" text,
	"photo_consent_at" timestamp with time zone,
	CONSTRAINT "staff_profiles_call_check" CHECK (call_minutes between 10 and 180),
	CONSTRAINT "staff_profiles_buffer_check" CHECK (buffer_minutes between 0 and 120),
	CONSTRAINT "staff_profiles_horizon_check" CHECK (horizon_days between 1 and 120),
	CONSTRAINT "staff_profiles_notice_check" CHECK (notice_hours between 0 and 168)
);
--> statement-breakpoint
CREATE TABLE "submission_onboarding_steps" (
	"submission_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"owner_id" text,
	"due_on" date NOT NULL,
	"state" text DEFAULT 'todo' NOT NULL,
	"skip_reason" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_onboarding_steps_submission_id_step_id_pk" PRIMARY KEY("submission_id","step_id"),
	CONSTRAINT "submission_onboarding_state_check" CHECK (state in ('todo', 'done', 'skipped')),
	CONSTRAINT "submission_onboarding_skip_check" CHECK (state <> 'skipped' or length(skip_reason) between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "welcome_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "welcome_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"submission_id" bigint NOT NULL,
	"manager_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_mail_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"booked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "welcome_calls_uid_unique" UNIQUE("uid"),
	CONSTRAINT "welcome_calls_state_check" CHECK (state in ('booked', 'cancelled', 'held', 'missed')),
	CONSTRAINT "welcome_calls_range_check" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD COLUMN "onboarding_step_id" bigint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "manager_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "active_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_events" ADD CONSTRAINT "onboarding_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_events" ADD CONSTRAINT "onboarding_events_step_id_onboarding_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."onboarding_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_events" ADD CONSTRAINT "onboarding_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_days_off" ADD CONSTRAINT "staff_days_off_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_photo_consent_by_user_id_fk" FOREIGN KEY ("photo_consent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_onboarding_steps" ADD CONSTRAINT "submission_onboarding_steps_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_onboarding_steps" ADD CONSTRAINT "submission_onboarding_steps_step_id_onboarding_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."onboarding_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_onboarding_steps" ADD CONSTRAINT "submission_onboarding_steps_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_onboarding_steps" ADD CONSTRAINT "submission_onboarding_steps_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_calls" ADD CONSTRAINT "welcome_calls_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_calls" ADD CONSTRAINT "welcome_calls_manager_id_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_calls" ADD CONSTRAINT "welcome_calls_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_calls" ADD CONSTRAINT "welcome_calls_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_events_submission_idx" ON "onboarding_events" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_onboarding_open_idx" ON "submission_onboarding_steps" USING btree ("due_on","submission_id") WHERE state = 'todo';--> statement-breakpoint
CREATE INDEX "submission_onboarding_owner_idx" ON "submission_onboarding_steps" USING btree ("owner_id","due_on") WHERE state = 'todo';--> statement-breakpoint
CREATE UNIQUE INDEX "welcome_calls_one_booked_idx" ON "welcome_calls" USING btree ("submission_id") WHERE state = 'booked';--> statement-breakpoint
CREATE INDEX "welcome_calls_manager_idx" ON "welcome_calls" USING btree ("manager_id","starts_at");--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_onboarding_step_id_onboarding_steps_id_fk" FOREIGN KEY ("onboarding_step_id") REFERENCES "public"."onboarding_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_manager_id_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_manager_idx" ON "submissions" USING btree ("manager_id") WHERE manager_id is not null;