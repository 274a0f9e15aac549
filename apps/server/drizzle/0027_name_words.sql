-- The name-word index (issue 41): the finders' "sender or receiver name contains" search without a
-- table page a match.
--
-- Why: a name search through the trigram index reads one page of the parcels table for every parcel it
-- finds (a GIN index cannot include columns, and the trigram match needs a recheck in the table). Names
-- are spread over the whole store, so at 10 million live parcels a surname's 5,700 parcels were 5,700
-- pages: p95 266 ms (`npm run bench`, the scale scenario).
--
-- What: every word of the two names, in a narrow table per store, kept in the parcel's own transaction
-- by the triggers below.
-- - `parcel_name_dictionary`: each distinct word once (a few thousand to a few hundred thousand), with
--   a trigram index. A search text without white space is inside one word of a name, so "the name
--   contains X" is "one of its words contains X": the dictionary answers which words those are.
-- - `parcel_name_words`, `parcel_name_words_archive`, `parcel_name_words_old_archive`: (side, word,
--   create_date, guid) of each word of each parcel of the store; side 1 the sender's name, 2 the
--   receiver's. One btree in the finder's order (newest first) answers a word's parcels by an
--   index-only scan; their current status and delivery state come from the store's range index
--   (0025), also index-only. apps/server/src/modules/parcels/name-words.ts builds that search.
-- - Words are split at ASCII white space only (the finder sends a search text with any white space
--   the old way, so a character one side takes for a space and the other does not cannot lose a match).
-- - The table holds no status, so a scan (the most frequent write) never touches it; only a
--   registration (insert), an archive move (insert and delete) and a change of a name write it.
-- - `po_name_words_rebuild(store)` fills a store's table again from its parcels (the backfill below,
--   the bench after a bulk load with triggers off, or an operator after a restore without triggers).
--   A search joins each entry to its parcel, so an entry whose parcel is gone (a TRUNCATE of the store,
--   which fires no trigger here) finds nothing; the rebuild removes such entries.
CREATE OR REPLACE FUNCTION "po_name_words"(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT DISTINCT w FROM regexp_split_to_table(coalesce(name, ''), '[ \t\n\r\f\v]+') AS w WHERE w <> ''
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "po_name_entries"(sender text, receiver text) RETURNS TABLE (side smallint, word text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT 1::smallint, w FROM po_name_words(sender) AS w
	UNION ALL
	SELECT 2::smallint, w FROM po_name_words(receiver) AS w
$$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "parcel_name_dictionary" (
	"id" integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	"word" text NOT NULL UNIQUE
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parcel_name_dictionary_trgm_idx" ON "parcel_name_dictionary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "parcel_name_words" (
	"side" smallint NOT NULL,
	"word_id" integer NOT NULL,
	"create_date" timestamptz NOT NULL,
	"guid" uuid NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "parcel_name_words_archive" (LIKE "parcel_name_words");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "parcel_name_words_old_archive" (LIKE "parcel_name_words");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parcel_name_words_idx" ON "parcel_name_words" ("side", "word_id", "create_date" DESC, "guid");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parcel_name_words_archive_idx" ON "parcel_name_words_archive" ("side", "word_id", "create_date" DESC, "guid");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parcel_name_words_old_archive_idx" ON "parcel_name_words_old_archive" ("side", "word_id", "create_date" DESC, "guid");--> statement-breakpoint
-- The triggers' functions, one for each kind of write, with a branch for each store (static SQL, so
-- PL/pgSQL plans each statement once a connection). Each word's id is a lookup by the dictionary's key
-- (a scalar subquery): as a join, the planner took a name's words for hundreds of rows and hashed the
-- whole dictionary on every registration (about 0.4 ms; the lookups take about 0.1 ms). A removal reads
-- the word table by its key only (`enable_seqscan = off`): the planner takes a batch's words for many
-- more than they are, and must not read the store's whole word table for them. A new word goes into the dictionary first (a word
-- another transaction adds at the same time waits for it, then is there: the next statement reads it,
-- in READ COMMITTED, the server's level; words go in sorted, so two such waits cannot deadlock).
CREATE OR REPLACE FUNCTION "po_name_words_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO parcel_name_dictionary (word)
		SELECT DISTINCT e.word FROM added a CROSS JOIN LATERAL po_name_entries(a.sender_name, a.receiver_name) e
		ORDER BY 1
	ON CONFLICT (word) DO NOTHING;
	IF TG_TABLE_NAME = 'parcels' THEN
		INSERT INTO parcel_name_words (side, word_id, create_date, guid)
		SELECT e.side, (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word), a.create_date, a.guid
		FROM added a CROSS JOIN LATERAL po_name_entries(a.sender_name, a.receiver_name) e;
	ELSIF TG_TABLE_NAME = 'parcels_archive' THEN
		INSERT INTO parcel_name_words_archive (side, word_id, create_date, guid)
		SELECT e.side, (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word), a.create_date, a.guid
		FROM added a CROSS JOIN LATERAL po_name_entries(a.sender_name, a.receiver_name) e;
	ELSE
		INSERT INTO parcel_name_words_old_archive (side, word_id, create_date, guid)
		SELECT e.side, (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word), a.create_date, a.guid
		FROM added a CROSS JOIN LATERAL po_name_entries(a.sender_name, a.receiver_name) e;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "po_name_words_removed"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
	IF TG_TABLE_NAME = 'parcels' THEN
		DELETE FROM parcel_name_words w USING removed r CROSS JOIN LATERAL po_name_entries(r.sender_name, r.receiver_name) e
		WHERE w.side = e.side AND w.word_id = (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word)
			AND w.create_date = r.create_date AND w.guid = r.guid;
	ELSIF TG_TABLE_NAME = 'parcels_archive' THEN
		DELETE FROM parcel_name_words_archive w USING removed r CROSS JOIN LATERAL po_name_entries(r.sender_name, r.receiver_name) e
		WHERE w.side = e.side AND w.word_id = (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word)
			AND w.create_date = r.create_date AND w.guid = r.guid;
	ELSE
		DELETE FROM parcel_name_words_old_archive w USING removed r CROSS JOIN LATERAL po_name_entries(r.sender_name, r.receiver_name) e
		WHERE w.side = e.side AND w.word_id = (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word)
			AND w.create_date = r.create_date AND w.guid = r.guid;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "po_name_words_changed"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
	IF TG_TABLE_NAME = 'parcels' THEN
		DELETE FROM parcel_name_words w USING po_name_entries(OLD.sender_name, OLD.receiver_name) e
		WHERE w.side = e.side AND w.word_id = (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word)
			AND w.create_date = OLD.create_date AND w.guid = OLD.guid;
	ELSIF TG_TABLE_NAME = 'parcels_archive' THEN
		DELETE FROM parcel_name_words_archive w USING po_name_entries(OLD.sender_name, OLD.receiver_name) e
		WHERE w.side = e.side AND w.word_id = (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word)
			AND w.create_date = OLD.create_date AND w.guid = OLD.guid;
	ELSE
		DELETE FROM parcel_name_words_old_archive w USING po_name_entries(OLD.sender_name, OLD.receiver_name) e
		WHERE w.side = e.side AND w.word_id = (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word)
			AND w.create_date = OLD.create_date AND w.guid = OLD.guid;
	END IF;
	INSERT INTO parcel_name_dictionary (word)
		SELECT DISTINCT e.word FROM po_name_entries(NEW.sender_name, NEW.receiver_name) e ORDER BY 1
	ON CONFLICT (word) DO NOTHING;
	IF TG_TABLE_NAME = 'parcels' THEN
		INSERT INTO parcel_name_words (side, word_id, create_date, guid)
		SELECT e.side, (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word), NEW.create_date, NEW.guid
		FROM po_name_entries(NEW.sender_name, NEW.receiver_name) e;
	ELSIF TG_TABLE_NAME = 'parcels_archive' THEN
		INSERT INTO parcel_name_words_archive (side, word_id, create_date, guid)
		SELECT e.side, (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word), NEW.create_date, NEW.guid
		FROM po_name_entries(NEW.sender_name, NEW.receiver_name) e;
	ELSE
		INSERT INTO parcel_name_words_old_archive (side, word_id, create_date, guid)
		SELECT e.side, (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word), NEW.create_date, NEW.guid
		FROM po_name_entries(NEW.sender_name, NEW.receiver_name) e;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "po_name_words_rebuild"(store text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	words text := CASE store WHEN 'parcels' THEN 'parcel_name_words'
		WHEN 'parcels_archive' THEN 'parcel_name_words_archive'
		WHEN 'parcels_old_archive' THEN 'parcel_name_words_old_archive' END;
	n bigint;
BEGIN
	IF words IS NULL THEN RAISE EXCEPTION 'po_name_words_rebuild: % is not a parcel store', store; END IF;
	EXECUTE format('INSERT INTO parcel_name_dictionary (word)
		SELECT DISTINCT e.word FROM %I p CROSS JOIN LATERAL po_name_entries(p.sender_name, p.receiver_name) e
		ORDER BY 1 ON CONFLICT (word) DO NOTHING', store);
	EXECUTE format('TRUNCATE %I', words);
	EXECUTE format('INSERT INTO %I (side, word_id, create_date, guid)
		SELECT e.side, d.id, p.create_date, p.guid
		FROM %I p CROSS JOIN LATERAL po_name_entries(p.sender_name, p.receiver_name) e
		JOIN parcel_name_dictionary d ON d.word = e.word', words, store);
	GET DIAGNOSTICS n = ROW_COUNT;
	RETURN n;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_name_words_added" ON "parcels";--> statement-breakpoint
CREATE TRIGGER "parcels_name_words_added" AFTER INSERT ON "parcels" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION "po_name_words_added"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_name_words_removed" ON "parcels";--> statement-breakpoint
CREATE TRIGGER "parcels_name_words_removed" AFTER DELETE ON "parcels" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION "po_name_words_removed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_name_words_changed" ON "parcels";--> statement-breakpoint
CREATE TRIGGER "parcels_name_words_changed" AFTER UPDATE OF "sender_name", "receiver_name", "create_date" ON "parcels"
	FOR EACH ROW WHEN (OLD.sender_name IS DISTINCT FROM NEW.sender_name OR OLD.receiver_name IS DISTINCT FROM NEW.receiver_name
		OR OLD.create_date IS DISTINCT FROM NEW.create_date)
	EXECUTE FUNCTION "po_name_words_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_archive_name_words_added" ON "parcels_archive";--> statement-breakpoint
CREATE TRIGGER "parcels_archive_name_words_added" AFTER INSERT ON "parcels_archive" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION "po_name_words_added"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_archive_name_words_removed" ON "parcels_archive";--> statement-breakpoint
CREATE TRIGGER "parcels_archive_name_words_removed" AFTER DELETE ON "parcels_archive" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION "po_name_words_removed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_archive_name_words_changed" ON "parcels_archive";--> statement-breakpoint
CREATE TRIGGER "parcels_archive_name_words_changed" AFTER UPDATE OF "sender_name", "receiver_name", "create_date" ON "parcels_archive"
	FOR EACH ROW WHEN (OLD.sender_name IS DISTINCT FROM NEW.sender_name OR OLD.receiver_name IS DISTINCT FROM NEW.receiver_name
		OR OLD.create_date IS DISTINCT FROM NEW.create_date)
	EXECUTE FUNCTION "po_name_words_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_old_archive_name_words_added" ON "parcels_old_archive";--> statement-breakpoint
CREATE TRIGGER "parcels_old_archive_name_words_added" AFTER INSERT ON "parcels_old_archive" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION "po_name_words_added"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_old_archive_name_words_removed" ON "parcels_old_archive";--> statement-breakpoint
CREATE TRIGGER "parcels_old_archive_name_words_removed" AFTER DELETE ON "parcels_old_archive" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION "po_name_words_removed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "parcels_old_archive_name_words_changed" ON "parcels_old_archive";--> statement-breakpoint
CREATE TRIGGER "parcels_old_archive_name_words_changed" AFTER UPDATE OF "sender_name", "receiver_name", "create_date" ON "parcels_old_archive"
	FOR EACH ROW WHEN (OLD.sender_name IS DISTINCT FROM NEW.sender_name OR OLD.receiver_name IS DISTINCT FROM NEW.receiver_name
		OR OLD.create_date IS DISTINCT FROM NEW.create_date)
	EXECUTE FUNCTION "po_name_words_changed"();--> statement-breakpoint
-- The parcels registered before.
SELECT po_name_words_rebuild('parcels');--> statement-breakpoint
SELECT po_name_words_rebuild('parcels_archive');--> statement-breakpoint
SELECT po_name_words_rebuild('parcels_old_archive');
