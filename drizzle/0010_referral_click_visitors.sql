CREATE TABLE "referral_click_visitors" (
	"affiliate_id" bigint NOT NULL,
	"day" date NOT NULL,
	"address" text NOT NULL,
	"visitors" text[] NOT NULL,
	CONSTRAINT "referral_click_visitors_affiliate_id_day_address_pk" PRIMARY KEY("affiliate_id","day","address")
);
--> statement-breakpoint
ALTER TABLE "referral_click_visitors" ADD CONSTRAINT "referral_click_visitors_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_click_visitors_day_idx" ON "referral_click_visitors" USING btree ("day");