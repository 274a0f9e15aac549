-- Courier jobs (issue 15): how each line was entered and the registry it came in with.
ALTER TABLE "job_lines" ADD COLUMN IF NOT EXISTS "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_lines" ADD COLUMN IF NOT EXISTS "registry" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "signatures_job_id_index" ON "signatures" USING btree ("job_id");
