-- A generated barcode made by the statement that writes the parcel (issue 19): prefix, the next 8-digit
-- serial of barcode_seq and the S10 check digit (weights 8 6 4 2 3 5 9 7; 11 - sum mod 11, 10 -> 0,
-- 11 -> 5), as apps/server/src/modules/registration/pricing.ts `makeBarcode` makes it. A registration
-- asked for the number first and wrote the parcel next, one round trip each; the parcel's insert now
-- takes the number itself. A serial past 8 digits would repeat barcodes handed out before: refused with
-- SQLSTATE PO001 (the server answers registration.barcodeSerialExhausted), never wrapped.
CREATE OR REPLACE FUNCTION "po_generated_barcode"("prefix" text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	n bigint := nextval('barcode_seq');
	digits text;
	weights int[] := ARRAY[8, 6, 4, 2, 3, 5, 9, 7];
	total int := 0;
	c int;
BEGIN
	IF n < 0 OR n >= 100000000 THEN
		RAISE EXCEPTION 'barcode serial % is past 8 digits', n USING ERRCODE = 'PO001';
	END IF;
	digits := lpad(n::text, 8, '0');
	FOR i IN 1..8 LOOP
		total := total + substr(digits, i, 1)::int * weights[i];
	END LOOP;
	c := 11 - total % 11;
	RETURN "prefix" || digits || (CASE c WHEN 10 THEN 0 WHEN 11 THEN 5 ELSE c END)::text;
END
$$;
