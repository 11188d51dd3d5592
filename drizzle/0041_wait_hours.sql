CREATE TABLE "submission_wait_hours" (
	"applied_hour" timestamp with time zone NOT NULL,
	"answered_hour" timestamp with time zone NOT NULL,
	"applications" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "submission_wait_hours_applied_hour_answered_hour_pk" PRIMARY KEY("applied_hour","answered_hour")
);
--> statement-breakpoint
DROP INDEX "submissions_undecided_created_idx";--> statement-breakpoint
DROP INDEX "submissions_first_decided_idx";--> statement-breakpoint
CREATE INDEX "submission_wait_hours_answered_idx" ON "submission_wait_hours" USING btree ("answered_hour","applied_hour");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): the groups follow every change. An
-- hour is date_bin's, from 2000-01-01 UTC; the agency's offsets are whole hours, so an hour
-- falls in one of its days.
INSERT INTO "submission_wait_hours" ("applied_hour", "answered_hour", "applications")
SELECT date_bin('1 hour', "created_at", timestamptz '2000-01-01 00:00:00+00'),
  coalesce(date_bin('1 hour', "first_decided_at", timestamptz '2000-01-01 00:00:00+00'), 'infinity'),
  count(*)
FROM "submissions" GROUP BY 1, 2;
--> statement-breakpoint
CREATE FUNCTION "submission_wait_hours_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  origin CONSTANT timestamptz := timestamptz '2000-01-01 00:00:00+00';
  old_applied timestamptz;
  old_answered timestamptz;
  new_applied timestamptz;
  new_answered timestamptz;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "submission_wait_hours";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_applied := date_bin('1 hour', OLD."created_at", origin);
    old_answered := coalesce(date_bin('1 hour', OLD."first_decided_at", origin), 'infinity');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_applied := date_bin('1 hour', NEW."created_at", origin);
    new_answered := coalesce(date_bin('1 hour', NEW."first_decided_at", origin), 'infinity');
  END IF;
  -- An answer moved within its hour changes no group: no write, no lock.
  IF TG_OP = 'UPDATE' AND old_applied = new_applied AND old_answered = new_answered THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "submission_wait_hours" SET "applications" = "applications" - 1
    WHERE "applied_hour" = old_applied AND "answered_hour" = old_answered;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "submission_wait_hours" ("applied_hour", "answered_hour", "applications")
    VALUES (new_applied, new_answered, 1)
    ON CONFLICT ("applied_hour", "answered_hour")
    DO UPDATE SET "applications" = "submission_wait_hours"."applications" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "submissions_wait_hours_rows"
AFTER INSERT OR DELETE OR UPDATE OF "created_at", "first_decided_at" ON "submissions"
FOR EACH ROW EXECUTE FUNCTION "submission_wait_hours_follow"();
--> statement-breakpoint
CREATE TRIGGER "submissions_wait_hours_truncate"
AFTER TRUNCATE ON "submissions"
FOR EACH STATEMENT EXECUTE FUNCTION "submission_wait_hours_follow"();
