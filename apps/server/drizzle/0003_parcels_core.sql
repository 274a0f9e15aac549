-- The parcels core (issue 10): rows that belong to each other are tied by foreign keys, so "in use" and
-- "orphaned" are the database's job.
-- Events belong to their parcel, in each tier (the archive mover copies a parcel before its events and
-- deletes the events before the parcel, so it keeps working).
ALTER TABLE "parcel_events" ADD CONSTRAINT "parcel_events_parcel_guid_parcels_guid_fk"
  FOREIGN KEY ("parcel_guid") REFERENCES "parcels"("guid");
--> statement-breakpoint
ALTER TABLE "parcel_events_archive" ADD CONSTRAINT "parcel_events_archive_parcel_guid_parcels_archive_guid_fk"
  FOREIGN KEY ("parcel_guid") REFERENCES "parcels_archive"("guid");
--> statement-breakpoint
ALTER TABLE "parcel_events_old_archive" ADD CONSTRAINT "parcel_events_old_archive_parcel_guid_parcels_old_archive_guid_fk"
  FOREIGN KEY ("parcel_guid") REFERENCES "parcels_old_archive"("guid");
--> statement-breakpoint
-- A registry's, a bag's and a job's lines go with it. (Lines do not reference the parcel: parcels move
-- between the live and archive tables, the lines stay.)
ALTER TABLE "registry_parcels" ADD CONSTRAINT "registry_parcels_registry_id_registries_id_fk"
  FOREIGN KEY ("registry_id") REFERENCES "registries"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "bag_parcels" ADD CONSTRAINT "bag_parcels_bag_guid_bags_guid_fk"
  FOREIGN KEY ("bag_guid") REFERENCES "bags"("guid") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_job_id_jobs_job_id_fk"
  FOREIGN KEY ("job_id") REFERENCES "jobs"("job_id") ON DELETE CASCADE;
--> statement-breakpoint
-- One enabled tariff per zone pair (and company): the price must not depend on which row is read first.
-- Duplicates already there keep the row the price lookup used (the lowest id) and are switched off.
UPDATE "tariffs" SET "enabled" = false, "updated_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "sender_zone", "receiver_zone", coalesce("company_id", 0) ORDER BY "id") AS rn
    FROM "tariffs" WHERE "enabled"
  ) d WHERE d.rn > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tariffs_enabled_zones_idx"
  ON "tariffs" USING btree ("sender_zone", "receiver_zone", coalesce("company_id", 0)) WHERE "enabled";
