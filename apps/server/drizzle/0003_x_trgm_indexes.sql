-- migrate: no-transaction
-- Indexes for the finders (issue 10), built without locking writes on big tables (PGlite builds them
-- plainly). Each statement is safe to run again.
-- "Contains" filters on names, extra fields and description: pg_trgm GIN indexes on the bare columns,
-- used by `column ILIKE '%text%'` (see modules/parcels/core.ts).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_sender_name_trgm_idx" ON "parcels" USING gin ("sender_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_receiver_name_trgm_idx" ON "parcels" USING gin ("receiver_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_fild1_trgm_idx" ON "parcels" USING gin ("fild1" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_fild2_trgm_idx" ON "parcels" USING gin ("fild2" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_description_trgm_idx" ON "parcels" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_sender_name_trgm_idx" ON "parcels_archive" USING gin ("sender_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_receiver_name_trgm_idx" ON "parcels_archive" USING gin ("receiver_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_fild1_trgm_idx" ON "parcels_archive" USING gin ("fild1" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_fild2_trgm_idx" ON "parcels_archive" USING gin ("fild2" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_description_trgm_idx" ON "parcels_archive" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_sender_name_trgm_idx" ON "parcels_old_archive" USING gin ("sender_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_receiver_name_trgm_idx" ON "parcels_old_archive" USING gin ("receiver_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_fild1_trgm_idx" ON "parcels_old_archive" USING gin ("fild1" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_fild2_trgm_idx" ON "parcels_old_archive" USING gin ("fild2" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_description_trgm_idx" ON "parcels_old_archive" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
-- The archive finders filter by registering operator, office and company within a date range.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_registered_by_idx" ON "parcels_archive" USING btree ("registered_by", "create_date");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_office_idx" ON "parcels_archive" USING btree ("registered_office", "create_date");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_archived_at_idx" ON "parcels_archive" USING btree ("archived_at");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_registered_by_idx" ON "parcels_old_archive" USING btree ("registered_by", "create_date");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_office_idx" ON "parcels_old_archive" USING btree ("registered_office", "create_date");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_archived_at_idx" ON "parcels_old_archive" USING btree ("archived_at");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_company_idx" ON "parcels" USING btree ("company_id", "create_date");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_archive_company_idx" ON "parcels_archive" USING btree ("company_id", "create_date");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_old_archive_company_idx" ON "parcels_old_archive" USING btree ("company_id", "create_date");
