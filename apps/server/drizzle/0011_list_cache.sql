-- The lists every server process keeps in memory (reference items, offices, tariffs, companies, roles;
-- apps/server/src/db/list-cache.ts) are valid for one version of this row. Any statement that writes one
-- of those tables (through the server, another server process, a script or psql) moves the version on
-- in its own transaction, and every call reads the version with its session, so the next call after
-- the commit, in any process, sees the write. The value is a time in microseconds kept increasing, so it
-- never repeats, not even after the table is emptied.
CREATE TABLE IF NOT EXISTS "list_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"v" bigint NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "list_version" ("id", "v") VALUES (1, (extract(epoch from clock_timestamp()) * 1000000)::bigint)
	ON CONFLICT ("id") DO UPDATE SET "v" = greatest("list_version"."v" + 1, excluded."v");
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "ref_items_list_version" ON "ref_items";--> statement-breakpoint
CREATE TRIGGER "ref_items_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ref_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "offices_list_version" ON "offices";--> statement-breakpoint
CREATE TRIGGER "offices_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tariffs_list_version" ON "tariffs";--> statement-breakpoint
CREATE TRIGGER "tariffs_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariffs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "companies_list_version" ON "companies";--> statement-breakpoint
CREATE TRIGGER "companies_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "roles_list_version" ON "roles";--> statement-breakpoint
CREATE TRIGGER "roles_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
INSERT INTO "list_version" ("id", "v") VALUES (1, (extract(epoch from clock_timestamp()) * 1000000)::bigint) ON CONFLICT ("id") DO NOTHING;
