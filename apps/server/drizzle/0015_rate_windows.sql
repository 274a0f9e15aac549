-- The public-call budget shared by every server process (issue 41; apps/server/src/http/rate-store.ts):
-- the requests one client address made to one call in the window that ends at ends_at.
CREATE TABLE "rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_windows_ends_at_index" ON "rate_windows" USING btree ("ends_at");
