/**
 * The embedded database (PGlite) through its and drizzle's public API. A transaction is PGlite's own
 * (`client.transaction`), with drizzle's PGlite transaction over it; the statements put off to its end
 * (db/statement.ts `writeAtCommit`) are written just before its commit (in this process there is no
 * round trip to save: one behaviour on both databases). Written statements take their text each time.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import {
  inSavepoint,
  openDeferred,
  runStatement,
  takeDeferred,
  type Driver,
  type WithDriver,
} from './statement.ts';

type Schema = Record<string, never>;
type Tables = ExtractTablesWithRelations<Schema>;

function driverOn(on: PGlite | Transaction): Driver {
  return {
    statement: (_name, text, values) =>
      on.query<unknown[]>(text, values as unknown[], { rowMode: 'array' }).then((r) => r.rows),
  };
}

/** drizzle's PGlite transaction, carrying its driver; nested ones are savepoints. */
class PgliteTx extends PgliteTransaction<Schema, Tables> implements WithDriver {
  constructor(
    private readonly txDialect: PgDialect,
    private readonly txSession: PgliteSession<Schema, Tables>,
    readonly poDriver: Driver,
    nestedIndex = 0,
  ) {
    super(txDialect, txSession, undefined, nestedIndex);
  }

  /** As drizzle's own nested transaction, with the driver carried on. */
  override async transaction<T>(run: (tx: PgliteTx) => Promise<T>): Promise<T> {
    const tx = new PgliteTx(this.txDialect, this.txSession, this.poDriver, this.nestedIndex + 1);
    return inSavepoint(tx, this.nestedIndex + 1, run);
  }
}

/** drizzle's database on `client`, with our transaction and driver (an object of ours in front of drizzle's). */
export function openPglite(client: PGlite): Db {
  const dialect = new PgDialect({ casing: 'snake_case' });
  const base = drizzle(client, { casing: 'snake_case' });
  const own: Pick<Db, 'transaction'> & WithDriver = {
    poDriver: driverOn(client),
    transaction: ((run: (tx: Tx) => Promise<unknown>, options?: unknown) => {
      if (options) return Promise.reject(new Error('transaction options are not supported'));
      return client.transaction(async (ptx) => {
        const tx = new PgliteTx(dialect, new PgliteSession(ptx, dialect, undefined), driverOn(ptx));
        openDeferred(tx);
        try {
          const result = await run(tx);
          for (const st of takeDeferred(tx)) await runStatement(tx, st.name, st.text, st.values);
          return result;
        } finally {
          takeDeferred(tx);
        }
      });
    }) as Db['transaction'],
  };
  return Object.assign(Object.create(base) as Db, own);
}
