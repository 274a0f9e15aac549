-- Counter scanning and the office lists (issue 13): the events an office recorded, by status, serve the
-- "already received here" check of a scan and the incoming and outgoing lists (ReceivingParcels,
-- SendingParcels) without reading every event of the office.
CREATE INDEX IF NOT EXISTS "parcel_events_office_status_idx"
  ON "parcel_events" ("office_guid", "status_id", "parcel_guid");
