/**
 * db/pg-driver.ts (PostgreSQL only): the session read's own connection answers what a pooled
 * statement answers, pipelined statements get their own answers in order, a failed statement fails
 * alone, a lost connection fails what was under way on it and the next statement opens a new one;
 * a named statement is prepared once per connection and then only executed.
 */
import { describe, expect, it } from 'vitest';
import { runRead, runStatement } from './statement.ts';
import { openDatabase, rows } from './client.ts';
import { sql } from 'drizzle-orm';
import { useHarness } from '../test/harness.ts';

const h = useHarness();

const TEXT = `select g::int as n, 'ნინო ' || g as name, timestamptz '2026-11-24 10:00:00+04' + g * interval '1 day' as at,
  case when g % 2 = 0 then null else g * 1.5 end::numeric(12,2) as value, g % 3 = 0 as flag,
  jsonb_build_object('g', g) as doc, (g * 1000)::bigint as big, g::float8 / 4 as quarter
  from generate_series(1, $1::int) g`;

/** The database's reads outside transactions: on PostgreSQL, its pipeline. */
const pipeline = () => ({
  run: (name: string, text: string, values: unknown[]) => runRead(h().db, name, text, values),
});

describe.skipIf(!process.env.DATABASE_URL)('the session read connection (PostgreSQL)', () => {
  it('sends the reads of calls arriving together on one connection, not the pool', async () => {
    const pids = await Promise.all(
      Array.from({ length: 40 }, () => pipeline().run('pipeline_pid', 'select pg_backend_pid()', [])),
    );
    expect(new Set(pids.map((r) => r[0][0])).size).toBe(1);
  });

  it('answers the rows a pooled statement answers, with the same types', async () => {
    const pooled = await runStatement(h().db, 'pipeline_test_pool', TEXT, [5]);
    const first = await pipeline().run('pipeline_test', TEXT, [5]);
    const again = await pipeline().run('pipeline_test', TEXT, [5]);
    expect(first).toEqual(pooled);
    expect(again).toEqual(pooled);
    expect(first[0][2]).toBeInstanceOf(Date);
    expect(first[1][3]).toBeNull();
    expect(first[0].slice(3)).toEqual([1.5, false, { g: 1 }, 1000, 0.25]);
  });

  it('gives each of many statements sent at once its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        pipeline().run('pipeline_twice', 'select $1::int * 2 as n, $2::text as t', [i, `t${i}`]),
      ),
    );
    answers.forEach((a, i) => expect(a).toEqual([[i * 2, `t${i}`]]));
  });

  it('fails a statement that fails, and only that one', async () => {
    const text = 'select 10 / $1::int as n';
    const runs = [2, 0, 5, 0, 1].map((d) =>
      pipeline()
        .run('pipeline_divide', text, [d])
        .then(
          (r) => ({ ok: r[0][0] }),
          (e: { code?: string }) => ({ failed: e.code }),
        ),
    );
    expect(await Promise.all(runs)).toEqual([
      { ok: 5 },
      { failed: '22012' },
      { ok: 2 },
      { failed: '22012' },
      { ok: 10 },
    ]);
    // a statement whose text fails to prepare fails, and is prepared again (and fails again) next time
    await expect(pipeline().run('pipeline_bad', 'select nonsense from nowhere', [])).rejects.toMatchObject({
      code: '42P01',
    });
    await expect(pipeline().run('pipeline_bad', 'select nonsense from nowhere', [])).rejects.toMatchObject({
      code: '42P01',
    });
    expect(await pipeline().run('pipeline_divide', text, [10])).toEqual([[1]]);
    // a statement without columns that fails when it runs stays prepared (no second Parse of its name)
    const noRows = 'update list_version set v = v where id = 10 / $1::int';
    await expect(pipeline().run('pipeline_no_rows', noRows, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await pipeline().run('pipeline_no_rows', noRows, [3])).toEqual([]);
  });

  it('fails what was under way when its connection is lost, and opens a new one for the next', async () => {
    const [[pid]] = await pipeline().run('pipeline_pid', 'select pg_backend_pid()', []);
    const sleeping = pipeline().run('pipeline_sleep', 'select pg_sleep($1::float8)', [5]);
    const outcome = sleeping.then(
      () => 'answered',
      () => 'failed',
    );
    // wait until the sleep is running on that backend, then end the backend
    for (let i = 0; i < 100; i++) {
      const [s] = await rows<{ q: string | null }>(
        h().db,
        sql`select query as q from pg_stat_activity where pid = ${pid}`,
      );
      if (s?.q?.includes('pg_sleep')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await rows(h().db, sql`select pg_terminate_backend(${pid})`);
    expect(await outcome).toBe('failed');
    const [[next]] = await pipeline().run('pipeline_pid', 'select pg_backend_pid()', []);
    expect(next).not.toBe(pid);
  });

  it('refuses statements once closed', async () => {
    const own = await openDatabase({ url: process.env.DATABASE_URL });
    expect(await runRead(own.db, 'pipeline_one', 'select 1', [])).toEqual([[1]]);
    await own.close();
    await expect(runRead(own.db, 'pipeline_one', 'select 1', [])).rejects.toThrow(/closed/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('named statements and transactions (PostgreSQL)', () => {
  type Prepared = { name: string; runs: number; prepared: string };
  /** This connection's prepared statements: how often each ran, and when it was prepared. */
  const preparedHere = (db: Parameters<typeof rows>[0]) =>
    rows<Prepared>(
      db,
      sql`select name, (generic_plans + custom_plans)::int as runs, prepare_time::text as prepared
          from pg_prepared_statements where name like 'driver_test%' order by name`,
    );

  it('prepares a named statement once per connection, then only executes it', async () => {
    const { db } = h();
    const seen: Prepared[][] = [];
    // transactions one after another: the pool hands out the same (idle) connection each time
    for (let i = 0; i < 5; i++)
      seen.push(
        await db.transaction(async (tx) => {
          const [[n]] = await runStatement(tx, 'driver_test_count', 'select $1::int + 1', [i]);
          expect(n).toBe(i + 1);
          return preparedHere(tx);
        }),
      );
    const [first] = seen[0];
    expect(first.name).toBe('driver_test_count');
    for (const [row] of seen) {
      // the same preparation (its time unchanged), run once more each transaction
      expect(row.prepared).toBe(first.prepared);
      expect(row.runs).toBeGreaterThan(0);
    }
    expect(seen.map(([row]) => row.runs - first.runs)).toEqual([0, 1, 2, 3, 4]);
  });

  it('runs the statements of transactions under way at once each on its own connection', async () => {
    const { db } = h();
    const pids = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction(async (tx) => {
          const [[pid]] = await runStatement(tx, 'driver_test_pid', 'select pg_backend_pid()', []);
          await runStatement(tx, 'driver_test_sleep', 'select pg_sleep(0.05)', []);
          const [[again]] = await runStatement(tx, 'driver_test_pid', 'select pg_backend_pid()', []);
          expect(again).toBe(pid);
          return pid;
        }),
      ),
    );
    expect(new Set(pids).size).toBe(5);
  });
});
