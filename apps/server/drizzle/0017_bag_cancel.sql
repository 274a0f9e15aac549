-- An open bag can be cancelled (issue 37): its parcels are released and the bag keeps who cancelled it
-- and when. The open bags of an office (neither sealed nor cancelled) are listed by the sending office.
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "cancelled_at" timestamp with time zone;
ALTER TABLE "bags" ADD COLUMN IF NOT EXISTS "cancelled_by" uuid;
CREATE INDEX IF NOT EXISTS "bags_open_idx" ON "bags" ("sender_office_guid", "created_at")
  WHERE "closed_at" IS NULL AND "cancelled_at" IS NULL;
