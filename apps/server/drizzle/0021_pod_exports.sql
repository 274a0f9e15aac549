-- The bulk proof of delivery (issue 40): one row per export, its state and progress, so that any
-- process answers the poll; the file itself is under DATA_DIR/pod-exports, kept for a day.
CREATE TABLE IF NOT EXISTS "pod_exports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "office_guid" uuid NOT NULL,
  "requested_by" uuid NOT NULL,
  "start_day" text NOT NULL,
  "end_day" text NOT NULL,
  "format" text NOT NULL DEFAULT 'pdf',
  "state" text NOT NULL DEFAULT 'running',
  "done" integer NOT NULL DEFAULT 0,
  "total" integer NOT NULL DEFAULT 0,
  "file_name" text,
  "bytes" integer,
  "error" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone
);
CREATE INDEX IF NOT EXISTS "pod_exports_created_idx" ON "pod_exports" ("created_at");
