CREATE TABLE "submission_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): the counts follow every change.
INSERT INTO "submission_status_counts" ("status", "count")
SELECT "status", count(*) FROM "submissions" GROUP BY "status";
--> statement-breakpoint
CREATE FUNCTION "submission_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "submission_status_counts";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "submission_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "submission_status_counts" ("status", "count") VALUES (NEW."status", 1)
    ON CONFLICT ("status") DO UPDATE SET "count" = "submission_status_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "submissions_status_counts_rows"
AFTER INSERT OR DELETE OR UPDATE OF "status" ON "submissions"
FOR EACH ROW EXECUTE FUNCTION "submission_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "submissions_status_counts_truncate"
AFTER TRUNCATE ON "submissions"
FOR EACH STATEMENT EXECUTE FUNCTION "submission_status_counts_follow"();
