-- The parcel's delivery state on its own row (issue 41): 0 in progress, 1 delivered (a delivered event,
-- 8712, whatever came after), 2 not delivered (a failed courier outcome and no delivery); DOMAIN.md
-- "Delivery status". The finders' chart counts delivered and not delivered over up to 10,000
-- parcels a search; reading each parcel's outcome events for it took one index probe a parcel, 170 of
-- a 14-day range's 195 ms at 1 million parcels (`npm run bench`, the scale scenario). From the row (and
-- the range index, which includes it) the count costs nothing more than the match.
--
-- Who keeps it: the statement that writes a parcel with its event sets it (apps/server/src/modules/
-- parcels/core.ts, `deliveryStateAfter`), and a trigger on each events table sets it for an outcome
-- event written any other way (the seed, the archive mover, a test), writing only when it changes: on
-- the server's own path it finds the parcel's row by its key and writes nothing.
ALTER TABLE "parcels" ADD COLUMN IF NOT EXISTS "delivery_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels_archive" ADD COLUMN IF NOT EXISTS "delivery_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels_old_archive" ADD COLUMN IF NOT EXISTS "delivery_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An outcome event moves the state one way only: a delivery makes it 1 whatever came before or after,
-- a failure makes 2 of 0. So the state does not depend on the events' order, and a trigger needs only
-- the new event, never the parcel's other events.
CREATE OR REPLACE FUNCTION "po_parcel_delivery_state"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	s smallint := CASE WHEN NEW.status_id = 8712 THEN 1 ELSE 2 END;
BEGIN
	IF TG_TABLE_NAME = 'parcel_events' THEN
		UPDATE parcels SET delivery_state = s
		WHERE guid = NEW.parcel_guid AND (delivery_state = 0 OR (s = 1 AND delivery_state = 2));
	ELSIF TG_TABLE_NAME = 'parcel_events_archive' THEN
		UPDATE parcels_archive SET delivery_state = s
		WHERE guid = NEW.parcel_guid AND (delivery_state = 0 OR (s = 1 AND delivery_state = 2));
	ELSE
		UPDATE parcels_old_archive SET delivery_state = s
		WHERE guid = NEW.parcel_guid AND (delivery_state = 0 OR (s = 1 AND delivery_state = 2));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcel_events_delivery_state" ON "parcel_events";--> statement-breakpoint
CREATE TRIGGER "parcel_events_delivery_state" AFTER INSERT ON "parcel_events" FOR EACH ROW
	WHEN (NEW.status_id IN (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743))
	EXECUTE FUNCTION "po_parcel_delivery_state"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcel_events_archive_delivery_state" ON "parcel_events_archive";--> statement-breakpoint
CREATE TRIGGER "parcel_events_archive_delivery_state" AFTER INSERT ON "parcel_events_archive" FOR EACH ROW
	WHEN (NEW.status_id IN (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743))
	EXECUTE FUNCTION "po_parcel_delivery_state"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcel_events_old_archive_delivery_state" ON "parcel_events_old_archive";--> statement-breakpoint
CREATE TRIGGER "parcel_events_old_archive_delivery_state" AFTER INSERT ON "parcel_events_old_archive" FOR EACH ROW
	WHEN (NEW.status_id IN (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743))
	EXECUTE FUNCTION "po_parcel_delivery_state"();--> statement-breakpoint
-- The parcels written before: their state from their outcomes (only the parcels that have one change).
UPDATE "parcels" p SET "delivery_state" = s.state FROM (
	SELECT e.parcel_guid, (CASE WHEN bool_or(e.status_id = 8712) THEN 1 ELSE 2 END)::smallint AS state
	FROM parcel_events e WHERE e.status_id IN (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743)
	GROUP BY e.parcel_guid) s
WHERE p.guid = s.parcel_guid;--> statement-breakpoint
UPDATE "parcels_archive" p SET "delivery_state" = s.state FROM (
	SELECT e.parcel_guid, (CASE WHEN bool_or(e.status_id = 8712) THEN 1 ELSE 2 END)::smallint AS state
	FROM parcel_events_archive e WHERE e.status_id IN (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743)
	GROUP BY e.parcel_guid) s
WHERE p.guid = s.parcel_guid;--> statement-breakpoint
UPDATE "parcels_old_archive" p SET "delivery_state" = s.state FROM (
	SELECT e.parcel_guid, (CASE WHEN bool_or(e.status_id = 8712) THEN 1 ELSE 2 END)::smallint AS state
	FROM parcel_events_old_archive e WHERE e.status_id IN (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743)
	GROUP BY e.parcel_guid) s
WHERE p.guid = s.parcel_guid;
