/**
 * The finders' name search by the name-word index (drizzle/0027_name_words.sql and 0028; issue 41).
 *
 * "The sender's (or receiver's) name contains X", X without white space, is "one of the name's words
 * contains X". The dictionary of words answers which words those are (its trigram index); each store's
 * word table holds (side, word, create_date, guid) of every word of every parcel in the finder's order,
 * so each word's parcels come newest first by an index-only scan, and their current status and delivery
 * state from the store's range index (0025), also index-only: no page of the parcels table a match.
 * Through the trigram index of the parcels table, every match was a page of the table (a GIN index
 * cannot include columns): p95 266 ms at 10 million live parcels (`npm run bench`, the scale scenario).
 *
 * The search goes this way only when nothing else in it needs the parcel's row: one of the two names,
 * at least 3 characters (a trigram) and no white space, a date range at most, no grid filter or sort,
 * a caller who sees every parcel; and when the text is inside at most MAX_WORDS words (a text inside
 * thousands of words, such as a common ending, is found sooner by reading the store newest first).
 * Any other search goes the old way, with the same answer.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GRID_MAX_ROWS, type GridQuery } from '@po/contract/grid';
import { filterRange, type SearchFilter } from '@po/contract/parcels/finder';
import { rows, type DbOrTx } from '../../db/client.ts';
import { intsSql } from '../../db/statement.ts';
import { containsPattern, tierTables, type Tier } from './core.ts';
import type { ParcelScope } from './scope.ts';

/** The most dictionary words one search reads the word table for. */
export const MAX_WORDS = 50;

const WORD_TABLES: Record<Tier, SQL> = {
  live: sql.raw('parcel_name_words'),
  archive: sql.raw('parcel_name_words_archive'),
  oldArchive: sql.raw('parcel_name_words_old_archive'),
};

const Side = { Sender: 1, Receiver: 2 } as const;

/** The one name this search looks for, when that is all it asks of the parcel's row; else null. */
function nameOnly(
  scope: ParcelScope,
  input: SearchFilter & GridQuery,
  hasExtra: boolean,
): { side: number; text: string } | null {
  if (!scope.seesAll || hasExtra || input.Filter || input.Sort) return null;
  const sender = input.SenderName?.trim() ?? '';
  const receiver = input.ReceiverName?.trim() ?? '';
  if (!!sender === !!receiver) return null;
  const text = sender || receiver;
  // white space of any kind goes the old way: the word tables split at ASCII white space only
  if (text.length < 3 || /\s/.test(text)) return null;
  const { Barcode, SenderRegion, ReceiverRegion, RegistredUserGUID, RegistredUserOfficeGUID } = input;
  const others = [Barcode, input.Fild1, input.Fild2, input.Description, RegistredUserGUID];
  if (others.some((v) => !!v?.trim()) || RegistredUserOfficeGUID || input.RegistredUserLogin) return null;
  if (SenderRegion > 0 || ReceiverRegion > 0) return null;
  return { side: sender ? Side.Sender : Side.Receiver, text };
}

/**
 * The match of a name search by the name-word index, as the body of the finder's match statement (the
 * parcels' guid, current status, delivery state and registration date, newest first, at most
 * GRID_MAX_ROWS + 1), or null when the search is not one it answers (see above). `conditions` is how
 * many conditions the filter made (filterConditions): a name and a range make at most four, so a filter
 * this module does not know of sends the search the old way.
 */
export async function nameWordMatch(
  db: DbOrTx,
  scope: ParcelScope,
  input: SearchFilter & GridQuery,
  opts: { tier: Tier; hasExtra: boolean; conditions: number },
): Promise<SQL | null> {
  const name = nameOnly(scope, input, opts.hasExtra);
  if (!name) return null;
  const { from, to } = filterRange(input);
  // not deleted, the name, and the range's ends
  if (opts.conditions !== 2 + (from ? 1 : 0) + (to ? 1 : 0)) return null;
  const words = await rows<{ id: number }>(
    db,
    sql`select d.id from parcel_name_dictionary d where d.word ilike ${containsPattern(name.text)}
        limit ${intsSql(MAX_WORDS + 1)}`,
  );
  if (words.length > MAX_WORDS) return null;
  const ids = words.map((w) => Number(w.id));
  const range = [
    from ? sql` and w.create_date >= ${from.toISOString()}::timestamptz` : sql``,
    to ? sql` and w.create_date <= ${to.toISOString()}::timestamptz` : sql``,
  ];
  const limit = intsSql(GRID_MAX_ROWS + 1);
  // Each word's newest parcels that are not deleted (the range index holds only those), then the
  // newest of all the words' (a parcel two of whose words contain the text once).
  return sql`select distinct on (x.create_date, x.guid) x.guid, x.cur_status_id, x.delivery_state, x.create_date
    from unnest(string_to_array(${ids.join(',')}, ',')::int[]) as i(id)
    cross join lateral (
      select r.guid, r.cur_status_id, r.delivery_state, r.create_date
      from ${WORD_TABLES[opts.tier]} w
      join ${tierTables[opts.tier].parcels} r
        on r.create_date = w.create_date and r.guid = w.guid and r.deleted_at is null
      where w.side = ${intsSql(name.side)} and w.word_id = i.id${range[0]}${range[1]}
      order by w.create_date desc, w.guid limit ${limit}
    ) x
    order by x.create_date desc, x.guid limit ${limit}`;
}
