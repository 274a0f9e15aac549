-- Registries and bags (issue 14): the registry names GetNextRegName reserves (one name, one operator),
-- and a bag's close (parcel count, who) and receipt at the destination (when, who, parcels counted).
CREATE TABLE IF NOT EXISTS "registry_reservations" (
  "rg_name" text PRIMARY KEY NOT NULL,
  "reserved_by" uuid NOT NULL,
  "reserved_at" timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "declared_count" integer;
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "closed_by" uuid;
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "received_at" timestamp with time zone;
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "received_by" uuid;
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "received_count" integer;
-- the bag journal reads bags by office and date; a parcel's open bag by the parcel
CREATE INDEX IF NOT EXISTS "bags_sender_office_idx" ON "bags" ("sender_office_guid", "created_at");
CREATE INDEX IF NOT EXISTS "bags_receiver_office_idx" ON "bags" ("receiver_office_guid", "created_at");
CREATE INDEX IF NOT EXISTS "registries_created_by_idx" ON "registries" ("created_by", "created_at");
