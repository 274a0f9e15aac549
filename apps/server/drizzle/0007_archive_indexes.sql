-- migrate: no-transaction
-- The archive finders (issue 12; spec 001 §2.7, §2.8) filter by sender and receiver city within the
-- registration range, like the live finder (0004_finder): the same two indexes on each archive store.
-- (Barcode, date range, operator, office and the trigram text filters have theirs since 0000 and 0003.)
create index concurrently if not exists parcels_archive_sender_city_idx on parcels_archive (sender_city_id, create_date);
--> statement-breakpoint
create index concurrently if not exists parcels_archive_receiver_city_idx on parcels_archive (receiver_city_id, create_date);
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_sender_city_idx on parcels_old_archive (sender_city_id, create_date);
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_receiver_city_idx on parcels_old_archive (receiver_city_id, create_date);
