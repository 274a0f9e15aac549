/**
 * db/pg-protocol.ts (PostgreSQL only): a named statement's rows read with the columns on record
 * (without a Describe) are the rows it answers with one, for rows as arrays and as objects.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { runStatement } from './statement.ts';
import { QUERY_FIELDS } from './pg-protocol.ts';
import { useHarness } from '../test/harness.ts';

const h = useHarness();

const TEXT = `select g::int as n, 'ნინო ' || g as name, timestamptz '2026-11-24 10:00:00+04' + g * interval '1 day' as at,
  case when g % 2 = 0 then null else g * 1.5 end::numeric(12,2) as value, g % 3 = 0 as flag,
  jsonb_build_object('g', g) as doc
  from generate_series(1, $1::int) g`;

/** Counts the row descriptions node-postgres reads for a statement name while `run` runs. */
async function descriptions(name: string, run: () => Promise<void>): Promise<number> {
  const proto = pg.Query.prototype as unknown as {
    handleRowDescription(this: { name?: string }, m: unknown): void;
  };
  const original = proto.handleRowDescription;
  let seen = 0;
  proto.handleRowDescription = function (this: { name?: string }, m: unknown) {
    if (this.name === name) seen++;
    return original.call(this, m);
  };
  try {
    await run();
  } finally {
    proto.handleRowDescription = original;
  }
  return seen;
}

describe.skipIf(!process.env.DATABASE_URL)('named statements without a Describe (PostgreSQL)', () => {
  it('answers the same rows, arrays and objects, and asks for the description once per connection at most', async () => {
    const { db } = h();
    const first = await runStatement(db, 'pg_protocol_test', TEXT, [4]);
    expect(first).toHaveLength(4);
    const answers: unknown[][][] = [];
    // more rounds than the pool has connections, in transactions and outside them
    const seen = await descriptions('pg_protocol_test', async () => {
      for (let i = 0; i < 30; i++) {
        answers.push(await runStatement(db, 'pg_protocol_test', TEXT, [4]));
        answers.push(
          await db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            return runStatement(tx, 'pg_protocol_test', TEXT, [4]);
          }),
        );
      }
      // no rows: the columns on record, nothing to read
      answers.push(await runStatement(db, 'pg_protocol_test', TEXT, [0]));
    });
    for (const a of answers.slice(0, -1)) expect(a).toEqual(first);
    expect(answers.at(-1)).toEqual([]);
    expect(seen).toBeLessThanOrEqual(10);

    // a transaction's first statement, sent behind its `begin` in one batch (db/pg-transaction.ts): the
    // same rows, without a description once the connection has the statement prepared
    const inBatch: unknown[][][] = [];
    const batched = await descriptions('pg_protocol_test', async () => {
      for (let i = 0; i < 30; i++)
        inBatch.push(await db.transaction((tx) => runStatement(tx, 'pg_protocol_test', TEXT, [4])));
    });
    for (const a of inBatch) expect(a).toEqual(first);
    expect(batched).toBe(0);

    // rows as objects (a query builder's own prepared statement): the same objects every time
    const q = db
      .select({ n: sql<number>`g::int`, at: sql<string>`to_char(now(), 'YYYY')` })
      .from(sql`generate_series(1, 3) g`)
      .prepare('pg_protocol_objects');
    const once = await q.execute();
    for (let i = 0; i < 15; i++) expect(await q.execute()).toEqual(once);
  });

  it('fails a value it cannot send as before, and the statement works after', async () => {
    const { db } = h();
    await runStatement(db, 'pg_protocol_bad', 'select $1::int as n', [1]);
    for (let i = 0; i < 12; i++)
      await expect(runStatement(db, 'pg_protocol_bad', 'select $1::int as n', ['x'])).rejects.toThrow();
    expect(await runStatement(db, 'pg_protocol_bad', 'select $1::int as n', [7])).toEqual([[7]]);
  });
});

describe('query options (any database)', () => {
  const utils = (pg as unknown as { utils: { normalizeQueryConfig: (...a: unknown[]) => unknown } }).utils;

  it('node-postgres reads no field of them but those the copy carries', () => {
    const read = new Set<string>();
    const patched = utils.normalizeQueryConfig;
    // what Query reads from the options it is given, whatever they hold
    utils.normalizeQueryConfig = (config: unknown, values: unknown, callback: unknown) =>
      new Proxy(patched(config, values, callback) as object, {
        get(target, key, receiver) {
          if (typeof key === 'string') read.add(key);
          return Reflect.get(target, key, receiver);
        },
      });
    try {
      new pg.Query(
        { text: 'select 1', name: 'po_x', rowMode: 'array', values: [1] } as never,
        undefined,
        (() => {}) as never,
      );
    } finally {
      utils.normalizeQueryConfig = patched;
    }
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((k) => !(QUERY_FIELDS as readonly string[]).includes(k))).toEqual([]);
  });

  it('are copied with those fields and the values and callback, the caller’s object left as it was', () => {
    const options = { text: 'select 1', name: 'po_x', rowMode: 'array' };
    const callback = () => {};
    const q = new pg.Query(options as never, [1] as never, callback as never) as unknown as Record<
      string,
      unknown
    >;
    expect(q.text).toBe('select 1');
    expect(q.name).toBe('po_x');
    expect(q._rowMode).toBe('array');
    expect(q.values).toEqual([1]);
    expect(q.callback).toBe(callback);
    expect(options).toEqual({ text: 'select 1', name: 'po_x', rowMode: 'array' });
    // every field of the list is carried
    const full = Object.fromEntries(QUERY_FIELDS.map((k) => [k, `${k}!`]));
    expect(utils.normalizeQueryConfig(full)).toEqual(full);
  });
});
