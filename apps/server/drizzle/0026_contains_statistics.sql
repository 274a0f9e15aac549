-- The finders' "contains" searches (issue 41): a finer sample of the five text columns they search with
-- the trigram indexes, so that PostgreSQL estimates how many parcels a name matches closely enough to
-- pick the trigram index.
-- - A contains pattern has no prefix, so the estimate is the share of the column's histogram that
--   matches it. At the default of 100 entries the smallest share above none is 1 %: a surname that one
--   entry happens to contain was taken for 40,000 of 4,000,000 archive parcels when it had 990.
-- - With that estimate, the finder's match (newest first, up to 10,001) read the date index backwards
--   and filtered every row: 3.4-3.7 s instead of 20-90 ms through the trigram index, the p95 of the
--   name kinds at 1 and 10 million parcels in `npm run bench` (the scale scenario).
-- - 1,000 entries make the smallest share 0.1 %. ANALYZE then samples 300,000 rows of a table instead
--   of 30,000 (3 s for 4,000,000 archive parcels on the bench machine).

ALTER TABLE "parcels" ALTER COLUMN "sender_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels" ALTER COLUMN "receiver_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels" ALTER COLUMN "fild1" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels" ALTER COLUMN "fild2" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels" ALTER COLUMN "description" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_archive" ALTER COLUMN "sender_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_archive" ALTER COLUMN "receiver_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_archive" ALTER COLUMN "fild1" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_archive" ALTER COLUMN "fild2" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_archive" ALTER COLUMN "description" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_old_archive" ALTER COLUMN "sender_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_old_archive" ALTER COLUMN "receiver_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_old_archive" ALTER COLUMN "fild1" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_old_archive" ALTER COLUMN "fild2" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "parcels_old_archive" ALTER COLUMN "description" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "parcels" ("sender_name", "receiver_name", "fild1", "fild2", "description");--> statement-breakpoint
ANALYZE "parcels_archive" ("sender_name", "receiver_name", "fild1", "fild2", "description");--> statement-breakpoint
ANALYZE "parcels_old_archive" ("sender_name", "receiver_name", "fild1", "fild2", "description");
