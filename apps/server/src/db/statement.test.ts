/**
 * Transactions as the server runs them (db/pg-transaction.ts on PostgreSQL, db/client.ts on PGlite):
 * `begin` goes with the first statement, and the writes nobody reads an answer of (the audit record)
 * go with the commit. They must commit and roll back exactly as plain transactions do.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.ts';
import { auditLog } from './schema.ts';
import { MAX_NAMED, nameOf, runSql, runStatement, writeAtCommit } from './statement.ts';
import { audit } from '../http/context.ts';
import { useHarness } from '../test/harness.ts';

const h = useHarness();
const ctx = { user: null, ip: '127.0.0.1', requestId: 'statement-test' };
const actions = async (db: Db) =>
  (await rows<{ action: string }>(db, sql`select action from audit_log order by id`)).map((r) => r.action);
const record = (db: Db, action: string) =>
  db.insert(auditLog).values({ action, entity: 'test', requestId: 'statement-test' });
class Stop extends Error {}

describe('transactions', () => {
  it('writes an audit record with the commit, not before, and not at all when the transaction fails', async () => {
    const { db } = h();
    const seenInside = await db.transaction(async (tx) => {
      await record(tx as unknown as Db, 'now');
      await audit(tx, ctx, { action: 'at-commit', entity: 'test' });
      return actions(tx as unknown as Db);
    });
    expect(seenInside).toEqual(['now']);
    expect(await actions(db)).toEqual(['now', 'at-commit']);

    await expect(
      db.transaction(async (tx) => {
        await record(tx as unknown as Db, 'lost');
        await audit(tx, ctx, { action: 'lost-audit', entity: 'test' });
        throw new Stop();
      }),
    ).rejects.toBeInstanceOf(Stop);
    expect(await actions(db)).toEqual(['now', 'at-commit']);
  });

  it('commits a transaction whose only write goes with the commit', async () => {
    const { db } = h();
    await db.transaction(async (tx) => audit(tx, ctx, { action: 'only', entity: 'test' }));
    expect(await actions(db)).toEqual(['only']);
  });

  it('answers what a transaction without statements answers', async () => {
    const { db } = h();
    expect(await db.transaction(async () => 42)).toBe(42);
    await expect(
      db.transaction(async () => {
        throw new Stop();
      }),
    ).rejects.toBeInstanceOf(Stop);
  });

  it('fails the transaction, writing nothing, when a write put off to the commit fails; the next one works', async () => {
    const { db } = h();
    // more rounds than the pool has connections, so each connection meets a failed batch
    for (let i = 0; i < 12; i++) {
      await expect(
        db.transaction(async (tx) => {
          await record(tx as unknown as Db, `failed-${i}`);
          await writeAtCommit(tx, {
            name: 'statement_test_bad',
            text: 'insert into audit_log (user_guid, action, entity) values ($1::uuid, $2, $3)',
            values: ['not-a-uuid', 'bad', 'test'],
          });
        }),
      ).rejects.toThrow();
      await db.transaction(async (tx) => record(tx as unknown as Db, `ok-${i}`));
    }
    expect(await actions(db)).toEqual(Array.from({ length: 12 }, (_, i) => `ok-${i}`));
  });

  it('rolls back when the first statement (sent with begin) fails, and the connection goes on', async () => {
    const { db } = h();
    for (let i = 0; i < 12; i++) {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1 / 0`);
        }),
      ).rejects.toThrow();
    }
    await db.transaction(async (tx) => record(tx as unknown as Db, 'after'));
    expect(await actions(db)).toEqual(['after']);
  });

  it('sends a named statement first in a transaction, prepared or not yet, and keeps its own parse error', async () => {
    const { db } = h();
    // more rounds than the pool has connections: each connection prepares it once, then sends it with begin
    for (let i = 0; i < 24; i++) {
      const n = await db.transaction(async (tx) => {
        const [row] = await runStatement(
          tx,
          'statement_test_count',
          'select count(*)::int from audit_log',
          [],
        );
        await record(tx as unknown as Db, `round-${i}`);
        return row[0];
      });
      expect(n).toBe(i);
    }
    // a statement that does not parse says why every time (not "prepared statement … does not exist")
    for (let i = 0; i < 12; i++) {
      await expect(
        db.transaction((tx) =>
          runStatement(tx, 'statement_test_broken', 'select no_such_column from audit_log', []),
        ),
      ).rejects.toThrow(/no_such_column/);
    }
  });

  it('sends begin, commit and the writes at commit by name once a connection has prepared them (PostgreSQL)', async () => {
    const { db, database } = h();
    // more rounds than the pool has connections: every connection prepares them, then sends them by name
    for (let i = 0; i < 24; i++)
      await db.transaction(async (tx) => {
        await record(tx as unknown as Db, `round-${i}`);
        await audit(tx, ctx, { action: `audit-${i}`, entity: 'test' });
      });
    const all = await actions(db);
    expect(all.filter((a) => a.startsWith('round-'))).toHaveLength(24);
    expect(all.filter((a) => a.startsWith('audit-'))).toHaveLength(24);
    if (database.kind !== 'postgres') return;
    // what this connection has prepared, read inside a transaction (so on a connection that ran them)
    const names = await db.transaction(async (tx) => {
      await record(tx as unknown as Db, 'last');
      await audit(tx, ctx, { action: 'last-audit', entity: 'test' });
      return (
        await rows<{ name: string }>(tx, sql`select name from pg_prepared_statements order by name`)
      ).map((r) => r.name);
    });
    expect(names).toEqual(expect.arrayContaining(['po_audit', 'po_begin', 'po_commit']));
    expect(await actions(db)).toContain('last-audit');
  });

  it('keeps savepoints: a nested transaction that fails rolls back only itself', async () => {
    const { db } = h();
    await db.transaction(async (tx) => {
      await record(tx as unknown as Db, 'outer');
      await expect(
        tx.transaction(async (inner) => {
          await record(inner as unknown as Db, 'inner');
          throw new Stop();
        }),
      ).rejects.toBeInstanceOf(Stop);
      await audit(tx, ctx, { action: 'outer-audit', entity: 'test' });
    });
    expect(await actions(db)).toEqual(['outer', 'outer-audit']);
  });
});

describe('runSql', () => {
  it('runs a drizzle SQL with its parameters and answers the rows as arrays, named by its text', async () => {
    const { db } = h();
    const q = (n: number) => sql`select ${n}::int + 1 as x, ${'a'}::text as y`;
    expect(await runSql(db, q(1))).toEqual([[2, 'a']]);
    // the same statement again (prepared already on the connection) with other values
    expect(await runSql(db, q(41))).toEqual([[42, 'a']]);
    await db.transaction(async (tx) => expect(await runSql(tx, q(2))).toEqual([[3, 'a']]));
  });

  it('gives a text one name, another text another, and names no more than MAX_NAMED texts', () => {
    const a = nameOf('select 1 -- runSql test a');
    expect(a).toMatch(/^po_q_[0-9a-f]{16}$/);
    expect(nameOf('select 1 -- runSql test a')).toBe(a);
    expect(nameOf('select 1 -- runSql test b')).not.toBe(a);
    for (let i = 0; i < MAX_NAMED; i++) nameOf(`select ${i} -- runSql test cap`);
    expect(nameOf('select 1 -- runSql test past the cap')).toBe('');
    expect(nameOf('select 1 -- runSql test a')).toBe(a);
  });
});
