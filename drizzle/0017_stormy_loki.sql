CREATE TABLE "team_members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"roles" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"photo_image_id" bigint,
	"photo_consent_by" text,
	"photo_consent_by_name" text,
	"photo_consent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "photo_image_id" bigint;--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "photo_consent_by" text;--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "photo_consent_by_name" text;--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "photo_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_photo_consent_by_user_id_fk" FOREIGN KEY ("photo_consent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_position_idx" ON "team_members" USING btree ("position");--> statement-breakpoint
ALTER TABLE "home_items" ADD CONSTRAINT "home_items_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_items" ADD CONSTRAINT "home_items_photo_consent_by_user_id_fk" FOREIGN KEY ("photo_consent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;