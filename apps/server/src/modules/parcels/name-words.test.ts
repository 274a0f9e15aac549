import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ParcelFinder } from '@po/contract/parcels/finder';
import { ArchParcelFinder } from '@po/contract/archive';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, signIn, type Session } from '../../test/factories.ts';
import { parcels } from '../../db/schema.ts';
import { rows, type Db } from '../../db/client.ts';
import { moveToArchives } from '../archive/mover.ts';
import { MAX_WORDS } from './name-words.ts';

const harness = useHarness();
const db = (): Db => harness().db;
const app = () => harness().app;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
/** MM/DD/YYYY of a UTC day some days from now (the finder's date filter). */
function us(daysFromNow: number): string {
  const d = new Date(Date.now() + 4 * 3_600_000 + daysFromNow * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** A store's word entries of one parcel, as "side:word", sorted. */
async function wordsOf(table: string, guid: string): Promise<string[]> {
  const list = await rows<{ e: string }>(
    db(),
    sql`select w.side || ':' || d.word as e from ${sql.raw(table)} w
        join parcel_name_dictionary d on d.id = w.word_id where w.guid = ${guid}`,
  );
  return list.map((r) => r.e).sort();
}

/** The barcodes a finder call answers, sorted. */
async function found(session: Session, filter: Record<string, unknown>): Promise<string[]> {
  const res = await callAs(app(), ParcelFinder, session, filter);
  expect(res.Status).toBe(true);
  return res.Data!.Parcels.map((p) => p.Barcode).sort();
}

describe('the name-word index', () => {
  it("follows each store's parcels: registration, a change of name, the archive move", async () => {
    const p = await makeParcel(db(), {
      senderName: ' ნინო  გელაშვილი ',
      receiverName: 'Giorgi\tBeridze Giorgi',
      createDate: daysAgo(200),
    });
    expect(await wordsOf('parcel_name_words', p.guid)).toEqual([
      '1:გელაშვილი',
      '1:ნინო',
      '2:Beridze',
      '2:Giorgi',
    ]);
    await db().update(parcels).set({ senderName: 'შპს ალფა' }).where(eq(parcels.guid, p.guid));
    expect(await wordsOf('parcel_name_words', p.guid)).toEqual(['1:ალფა', '1:შპს', '2:Beridze', '2:Giorgi']);
    // a status change writes nothing to the word table: its rows keep the transaction that wrote them
    const writers = () =>
      rows<{ x: string }>(db(), sql`select xmin::text as x from parcel_name_words where guid = ${p.guid}`);
    const before = await writers();
    await db().update(parcels).set({ curStatusId: 8712 }).where(eq(parcels.guid, p.guid));
    await db().update(parcels).set({ senderName: 'შპს ალფა' }).where(eq(parcels.guid, p.guid));
    expect(await writers()).toEqual(before);

    await moveToArchives(db());
    expect(await wordsOf('parcel_name_words', p.guid)).toEqual([]);
    expect(await wordsOf('parcel_name_words_archive', p.guid)).toEqual([
      '1:ალფა',
      '1:შპს',
      '2:Beridze',
      '2:Giorgi',
    ]);
    const { session } = await signIn(app(), db(), { roleId: 105 });
    const res = await callAs(app(), ArchParcelFinder, session, { ReceiverName: 'berid' });
    expect(res.Data!.Parcels.map((x) => x.Barcode)).toEqual([p.barcode]);
  });

  it('finds by the words exactly what the name contains, newest first, without deleted parcels', async () => {
    const { session } = await signIn(app(), db(), { roleId: 105 });
    const make = (senderName: string, receiverName: string, days: number, over = {}) =>
      makeParcel(db(), { senderName, receiverName, createDate: daysAgo(days), ...over });
    await make('ნინო გელაშვილი', 'დავით მაისურაძე', 1);
    await make('შპს გელა', 'ანა ბერიძე', 2);
    await make('გელაშვილი გელაშვილი', 'გელაშვილი', 3);
    await make('Giorgi BERIDZE', 'nino 50%_off', 4);
    await make('ანა გელაშვილი', 'ლევან', 5, { deletedAt: daysAgo(1) });
    await make('ზურაბ გელაშვილი', 'ნიკა', 40);
    const range = { StartRegDate: us(-14), EndRegDate: us(0) };
    for (const side of ['SenderName', 'ReceiverName'] as const) {
      for (const text of ['გელა', 'ლაშვ', 'beridze', 'ბერიძე', 'მაისურ', '50%_', 'ვილი', 'არაფერი']) {
        const column = side === 'SenderName' ? 'sender_name' : 'receiver_name';
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const all = await rows<{ barcode: string }>(
          db(),
          sql`select barcode from parcels where ${sql.raw(column)} ilike ${pattern} and deleted_at is null`,
        );
        const recent = await rows<{ barcode: string }>(
          db(),
          sql`select barcode from parcels where ${sql.raw(column)} ilike ${pattern} and deleted_at is null
                and create_date >= ${daysAgo(16).toISOString()}::timestamptz`,
        );
        expect(await found(session, { [side]: text }), `${side} ${text}`).toEqual(
          all.map((r) => r.barcode).sort(),
        );
        expect(await found(session, { [side]: text, ...range }), `${side} ${text} in 14 days`).toEqual(
          recent.map((r) => r.barcode).sort(),
        );
      }
    }
    // the chart counts and the order are the finder's own
    const res = await callAs(app(), ParcelFinder, session, { SenderName: 'გელა', Skip: 0, Take: 2 });
    expect(res.Data).toMatchObject({ Total: 4, Capped: false });
    expect(res.Data!.Parcels.map((p) => p.Sender)).toEqual(['ნინო გელაშვილი', 'შპს გელა']);
  });

  it('is the way a one-word name search goes, and po_name_words_rebuild fills it again', async () => {
    const { session } = await signIn(app(), db(), { roleId: 105 });
    const p = await makeParcel(db(), { senderName: 'თამარ ქავთარაძე' });
    await db().execute(sql`delete from parcel_name_words where guid = ${p.guid}`);
    // without its entries, the one-word search misses it; a search with a space goes the old way
    expect(await found(session, { SenderName: 'ქავთარ' })).toEqual([]);
    expect(await found(session, { SenderName: 'თამარ ქავთ' })).toEqual([p.barcode]);
    // a search the word table cannot answer alone goes the old way too: another filter, a sort
    expect(await found(session, { SenderName: 'ქავთარ', Sort: 'Barcode' })).toEqual([p.barcode]);
    expect(await found(session, { SenderName: 'ქავთარ', Barcode: p.barcode })).toEqual([p.barcode]);
    await db().execute(sql`select po_name_words_rebuild('parcels')`);
    expect(await found(session, { SenderName: 'ქავთარ' })).toEqual([p.barcode]);
  });

  it(`goes the old way when the text is inside more than ${MAX_WORDS} words`, async () => {
    const { session } = await signIn(app(), db(), { roleId: 105 });
    const made = [];
    for (let i = 0; i <= MAX_WORDS; i++) made.push(await makeParcel(db(), { senderName: `სიტყვა${i}` }));
    await db().execute(sql`delete from parcel_name_words`);
    // 51 words contain it: read from the store, all are found though the word table is empty
    expect(await found(session, { SenderName: 'სიტყვა' })).toEqual(made.map((p) => p.barcode).sort());
    // one word contains this one: the word table is read, and it is empty
    expect(await found(session, { SenderName: 'სიტყვა7' })).toEqual([]);
  });

  it('uses up a dictionary id only for a word it does not hold yet', async () => {
    // the identity's last value: ON CONFLICT DO NOTHING draws one for every row it proposes
    const lastId = async () => {
      const [r] = await rows<{ v: string }>(
        db(),
        sql`select last_value::text as v from parcel_name_dictionary_id_seq`,
      );
      return Number(r!.v);
    };
    const p = await makeParcel(db(), {
      senderName: 'ლევან წერეთელი',
      receiverName: 'ეკა ჯაფარიძე',
      createDate: daysAgo(200),
    });
    const before = await lastId();
    // known words only: more registrations, a change of name, the archive move, a rebuild
    for (let i = 0; i < 3; i++)
      await makeParcel(db(), { senderName: 'ეკა წერეთელი', receiverName: 'ლევან ჯაფარიძე' });
    await db().update(parcels).set({ senderName: 'ჯაფარიძე ეკა' }).where(eq(parcels.guid, p.guid));
    await moveToArchives(db());
    expect(await wordsOf('parcel_name_words_archive', p.guid)).toEqual([
      '1:ეკა',
      '1:ჯაფარიძე',
      '2:ეკა',
      '2:ჯაფარიძე',
    ]);
    await db().execute(sql`select po_name_words_rebuild('parcels')`);
    expect(await lastId()).toBe(before);
    // one new word takes one id, the next after the last
    const q = await makeParcel(db(), { senderName: 'ეკა ახალაძე', receiverName: 'ლევან წერეთელი' });
    expect(await lastId()).toBe(before + 1);
    const [id] = await rows<{ id: number }>(
      db(),
      sql`select id from parcel_name_dictionary where word = 'ახალაძე'`,
    );
    expect(Number(id!.id)).toBe(before + 1);
    expect(await wordsOf('parcel_name_words', q.guid)).toEqual([
      '1:ახალაძე',
      '1:ეკა',
      '2:ლევან',
      '2:წერეთელი',
    ]);
  });
});
