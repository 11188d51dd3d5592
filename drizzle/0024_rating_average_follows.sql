-- Written by hand (drizzle-kit does not model triggers): submissions.rating_average follows every
-- change of submission_ratings (a rating given, changed or taken away; a reviewer's account
-- deleted; an application's ratings moved to another by a merge), in the same statement.
CREATE FUNCTION "submission_rating_average_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "submissions" SET "rating_average" = (
      SELECT avg("stars") FROM "submission_ratings" WHERE "submission_id" = NEW."submission_id"
    ) WHERE "id" = NEW."submission_id";
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."submission_id" <> NEW."submission_id") THEN
    UPDATE "submissions" SET "rating_average" = (
      SELECT avg("stars") FROM "submission_ratings" WHERE "submission_id" = OLD."submission_id"
    ) WHERE "id" = OLD."submission_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "submission_ratings_average"
AFTER INSERT OR DELETE OR UPDATE OF "stars", "submission_id" ON "submission_ratings"
FOR EACH ROW EXECUTE FUNCTION "submission_rating_average_follow"();
