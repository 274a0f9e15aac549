-- migrate: no-transaction
-- The finder's city filters (spec 001 §2.6 sender city, receiver city) with the registration date they
-- are always combined with.
create index concurrently if not exists parcels_sender_city_idx on parcels (sender_city_id, create_date);
--> statement-breakpoint
create index concurrently if not exists parcels_receiver_city_idx on parcels (receiver_city_id, create_date);
