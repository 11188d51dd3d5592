-- Written by hand (drizzle-kit does not model column statistics): the planner chooses between the
-- trigram index and a walk of the date index by how many rows it expects a search to match. With
-- the default 100 sampled values it guessed 10,902 rows for "4821" where 670 matched at a million
-- applications, and walked 75,000 rows (1.1 s); with 1,000 it guesses 1,067 and takes the index
-- (6 ms). Decision record 049.
ALTER TABLE "submissions" ALTER COLUMN "search_text" SET STATISTICS 1000;
