-- The outbox (issue 38) loses two indexes no statement uses: every query of it goes by id (the
-- administrator's list, newest first; a resend), by the due time (the sender's claim: outbox_due_idx) or
-- by parcel, kind and channel among the rows still to send (the ordered kinds: outbox_order_idx). Each
-- index is written by every registration and scan that tells a recipient something, in its transaction.
DROP INDEX IF EXISTS "outbox_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "outbox_parcel_idx";
