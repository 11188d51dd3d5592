-- FAQ items and testimonials written before translations named their source (decision 040):
-- each non-Portuguese item is linked to the Portuguese item of the same kind at the same
-- position, counted as current, but only for a kind whose list in that language is as long as
-- the Portuguese one (parallel lists, as the initial content is). Anything else is left for an
-- editor to link with "Translation of".
UPDATE "home_items" AS t
SET "source_id" = s."id", "source_version" = s."text_version"
FROM "home_items" AS s
WHERE s."language" = 'pt'
  AND t."language" <> 'pt'
  AND t."source_id" IS NULL
  AND s."kind" = t."kind"
  AND s."position" = t."position"
  AND (SELECT count(*) FROM "home_items" c WHERE c."kind" = t."kind" AND c."language" = t."language")
    = (SELECT count(*) FROM "home_items" c WHERE c."kind" = t."kind" AND c."language" = 'pt');
