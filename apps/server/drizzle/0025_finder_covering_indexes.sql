-- migrate: no-transaction
-- The finders at scale (issue 41): every kind of search that matches thousands of parcels answers its
-- match, its chart and its page from one index, without the table.
-- - The range index of each store (0012_finder_scale) includes the delivery state (0024) beside the
--   current status.
-- - The indexes of the other whole-store filters, the registering operator, the registering office and
--   the two cities, go newest first with the id, as the match reads them (`order by create_date desc,
--   guid`, up to 10,001 rows), and include what the match and the chart read: the current status, the
--   delivery state and the deletion time (the match keeps the not-deleted). They replace the indexes on
--   (column, create_date) of 0000_init, 0003, 0004 and 0007, which served the same queries: a store
--   keeps as many indexes as before, each written by the same statements.
-- Measured on 1,000,000 live parcels (`npm run bench`, the scale scenario), a city's match read the
-- table by the date index and dropped 245,000 rows of other cities on the way, 3.5 s on a busy machine.
-- Each index is built under another name without locking writes, then put in the old one's place; the
-- file is safe to run again.
create index concurrently if not exists parcels_live_range_next_idx on parcels (create_date desc, guid)
  include (cur_status_id, delivery_state) where deleted_at is null;
--> statement-breakpoint
drop index concurrently if exists parcels_live_range_idx;
--> statement-breakpoint
alter index if exists parcels_live_range_next_idx rename to parcels_live_range_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_registered_by_next_idx on parcels (registered_by, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_registered_by_idx;
--> statement-breakpoint
alter index if exists parcels_registered_by_next_idx rename to parcels_registered_by_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_office_next_idx on parcels (registered_office, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_office_idx;
--> statement-breakpoint
alter index if exists parcels_office_next_idx rename to parcels_office_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_sender_city_next_idx on parcels (sender_city_id, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_sender_city_idx;
--> statement-breakpoint
alter index if exists parcels_sender_city_next_idx rename to parcels_sender_city_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_receiver_city_next_idx on parcels (receiver_city_id, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_receiver_city_idx;
--> statement-breakpoint
alter index if exists parcels_receiver_city_next_idx rename to parcels_receiver_city_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_archive_range_next_idx on parcels_archive (create_date desc, guid)
  include (cur_status_id, delivery_state) where deleted_at is null;
--> statement-breakpoint
drop index concurrently if exists parcels_archive_range_idx;
--> statement-breakpoint
alter index if exists parcels_archive_range_next_idx rename to parcels_archive_range_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_archive_registered_by_next_idx on parcels_archive (registered_by, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_archive_registered_by_idx;
--> statement-breakpoint
alter index if exists parcels_archive_registered_by_next_idx rename to parcels_archive_registered_by_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_archive_office_next_idx on parcels_archive (registered_office, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_archive_office_idx;
--> statement-breakpoint
alter index if exists parcels_archive_office_next_idx rename to parcels_archive_office_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_archive_sender_city_next_idx on parcels_archive (sender_city_id, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_archive_sender_city_idx;
--> statement-breakpoint
alter index if exists parcels_archive_sender_city_next_idx rename to parcels_archive_sender_city_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_archive_receiver_city_next_idx on parcels_archive (receiver_city_id, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_archive_receiver_city_idx;
--> statement-breakpoint
alter index if exists parcels_archive_receiver_city_next_idx rename to parcels_archive_receiver_city_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_range_next_idx on parcels_old_archive (create_date desc, guid)
  include (cur_status_id, delivery_state) where deleted_at is null;
--> statement-breakpoint
drop index concurrently if exists parcels_old_archive_range_idx;
--> statement-breakpoint
alter index if exists parcels_old_archive_range_next_idx rename to parcels_old_archive_range_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_registered_by_next_idx on parcels_old_archive (registered_by, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_old_archive_registered_by_idx;
--> statement-breakpoint
alter index if exists parcels_old_archive_registered_by_next_idx rename to parcels_old_archive_registered_by_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_office_next_idx on parcels_old_archive (registered_office, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_old_archive_office_idx;
--> statement-breakpoint
alter index if exists parcels_old_archive_office_next_idx rename to parcels_old_archive_office_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_sender_city_next_idx on parcels_old_archive (sender_city_id, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_old_archive_sender_city_idx;
--> statement-breakpoint
alter index if exists parcels_old_archive_sender_city_next_idx rename to parcels_old_archive_sender_city_idx;
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_receiver_city_next_idx on parcels_old_archive (receiver_city_id, create_date desc, guid)
  include (cur_status_id, delivery_state, deleted_at);
--> statement-breakpoint
drop index concurrently if exists parcels_old_archive_receiver_city_idx;
--> statement-breakpoint
alter index if exists parcels_old_archive_receiver_city_next_idx rename to parcels_old_archive_receiver_city_idx;
