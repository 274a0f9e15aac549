-- migrate: no-transaction
-- The finders at scale (issues 11 and 12; `npm run bench`, the scale scenario).
-- The finders' delivery entry (DOMAIN.md "Delivery status": delivered, not delivered, first visit) reads
-- only a parcel's courier outcomes (8712 delivered and the failures). Measured on 1,000,000 live and
-- 5,000,000 archive parcels (`npm run bench`, issues 11 and 12), reading them through the (parcel,
-- date) index fetched every event of every parcel of the match from the table. A partial index of the
-- outcomes holding the columns the entry needs answers it from the index alone, about one entry a
-- parcel; one per tier.
create index concurrently if not exists parcel_events_outcome_idx on parcel_events (parcel_guid, created_at, id)
  include (status_id) where status_id in (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743);
--> statement-breakpoint
create index concurrently if not exists parcel_events_archive_outcome_idx on parcel_events_archive (parcel_guid, created_at, id)
  include (status_id) where status_id in (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743);
--> statement-breakpoint
create index concurrently if not exists parcel_events_old_archive_outcome_idx on parcel_events_old_archive (parcel_guid, created_at, id)
  include (status_id) where status_id in (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743);
--> statement-breakpoint
-- The registration range every finder search carries (the form's default is the last 14 days): the live
-- parcels of a range newest first with what the match and the chart read (id, current status), from
-- the index alone instead of a table row per parcel (up to the 10,000 of the cap).
create index concurrently if not exists parcels_live_range_idx on parcels (create_date desc, guid)
  include (cur_status_id) where deleted_at is null;
--> statement-breakpoint
create index concurrently if not exists parcels_archive_range_idx on parcels_archive (create_date desc, guid)
  include (cur_status_id) where deleted_at is null;
--> statement-breakpoint
create index concurrently if not exists parcels_old_archive_range_idx on parcels_old_archive (create_date desc, guid)
  include (cur_status_id) where deleted_at is null;
