-- Security hardening (issue 9).
-- A session's family: the first ticket's session row and every row renewed from it share it, so a
-- logout ends every ticket of the session, predecessors and successors alike.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "family" uuid;
--> statement-breakpoint
UPDATE "sessions" SET "family" = "id" WHERE "family" IS NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "family" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_family_index" ON "sessions" USING btree ("family");
--> statement-breakpoint
-- The housekeeping job purges by age: expired sessions, old login counters, old idempotency keys.
CREATE INDEX IF NOT EXISTS "sessions_max_expires_at_index" ON "sessions" USING btree ("max_expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_attempts_first_failure_at_index" ON "login_attempts" USING btree ("first_failure_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");
--> statement-breakpoint
-- A recovery code is looked up by its hash (codes are single use and expire).
CREATE INDEX IF NOT EXISTS "users_recovery_hash_index" ON "users" USING btree ("recovery_hash") WHERE "recovery_hash" IS NOT NULL;
