-- The name-word dictionary takes only the words it lacks (a correction to 0027).
--
-- Why: `INSERT ... ON CONFLICT DO NOTHING` draws the identity's next value for every row it proposes,
-- also for a row that then conflicts and is not inserted. 0027's triggers proposed every word of both
-- names on every registration, archive move and change of a name, so each one used up an id for each
-- word the dictionary already held. The id is an integer (4 bytes in each of the word tables' rows):
-- at that pace it would run out after a few hundred million registrations and moves, and every
-- registration with a new word after that would fail.
--
-- What: each insert into the dictionary first leaves out the words already there. In the triggers it
-- is a lookup by the dictionary's key (a scalar subquery, as for the ids): as NOT EXISTS, the planner
-- takes a name's words for hundreds of rows and hashes the whole dictionary on every registration. The
-- rebuild reads a whole store, where that hash join is right, and keeps NOT EXISTS. A word two
-- transactions add at the same moment still meets ON CONFLICT, which keeps it correct; only such a
-- race uses up an id.
CREATE OR REPLACE FUNCTION "po_name_words_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO parcel_name_dictionary (word)
		SELECT DISTINCT e.word FROM added a CROSS JOIN LATERAL po_name_entries(a.sender_name, a.receiver_name) e
		WHERE (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word) IS NULL
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
		SELECT DISTINCT e.word FROM po_name_entries(NEW.sender_name, NEW.receiver_name) e
		WHERE (SELECT d.id FROM parcel_name_dictionary d WHERE d.word = e.word) IS NULL
		ORDER BY 1
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
		WHERE NOT EXISTS (SELECT FROM parcel_name_dictionary d WHERE d.word = e.word)
		ORDER BY 1 ON CONFLICT (word) DO NOTHING', store);
	EXECUTE format('TRUNCATE %I', words);
	EXECUTE format('INSERT INTO %I (side, word_id, create_date, guid)
		SELECT e.side, d.id, p.create_date, p.guid
		FROM %I p CROSS JOIN LATERAL po_name_entries(p.sender_name, p.receiver_name) e
		JOIN parcel_name_dictionary d ON d.word = e.word', words, store);
	GET DIAGNOSTICS n = ROW_COUNT;
	RETURN n;
END
$$;
