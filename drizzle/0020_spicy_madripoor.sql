CREATE TABLE "home_item_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_item_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "source_id" bigint;--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "text_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "home_items" ADD COLUMN "source_version" integer;--> statement-breakpoint
ALTER TABLE "home_item_revisions" ADD CONSTRAINT "home_item_revisions_item_id_home_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."home_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_item_revisions" ADD CONSTRAINT "home_item_revisions_saved_by_user_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_item_revisions_item_idx" ON "home_item_revisions" USING btree ("item_id","saved_at");--> statement-breakpoint
ALTER TABLE "home_items" ADD CONSTRAINT "home_items_source_id_home_items_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."home_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_items_source_idx" ON "home_items" USING btree ("source_id");