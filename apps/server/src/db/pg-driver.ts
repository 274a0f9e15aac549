/**
 * The PostgreSQL server through node-postgres' and drizzle's public API (loaded with that driver only).
 *
 * - The pool's connections run in node-postgres' pipeline mode (`new Client({ pipeline: true })`): a
 *   query is written to the socket when it is asked for, without waiting for the answers of those before
 *   it on the connection; each has its own Sync, and the answers come back in order.
 * - A transaction (`db.transaction`) sends `begin` and goes on at once: its first statement follows
 *   `begin` on the wire, one round trip for both. The writes nobody reads an answer of (the audit
 *   record, an idempotency key: db/statement.ts `writeAtCommit`) are sent just before `commit`, the same
 *   way; if one fails, PostgreSQL has aborted the transaction, so the `commit` ends it rolled back, and
 *   the transaction fails with that statement's error.
 * - `begin`, `commit` and the written statements (db/statement.ts) go as named statements through the
 *   query config `{ name, text, values }`: node-postgres prepares each once per connection and then
 *   sends only Bind/Execute (as pgbench's prepared mode does).
 * - The reads made before anything else (the session, an idempotency key: `runRead`) go on a connection
 *   of their own, pipelined too, so a burst of calls does not take pooled connections for them.
 *
 * The transaction object is drizzle's node-postgres transaction (its exported class, over a session on
 * the pool's client), so the query builder, `execute` and nested transactions (savepoints) are drizzle's.
 */
import net from 'node:net';
import pg from 'pg';
import { type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db, Exec, Tx } from './client.ts';
import { inSavepoint, openDeferred, takeDeferred, type Driver, type WithDriver } from './statement.ts';

type Schema = Record<string, never>;
type Tables = ExtractTablesWithRelations<Schema>;

const BEGIN: pg.QueryConfig = { name: 'po_begin', text: 'begin' };
const COMMIT: pg.QueryConfig = { name: 'po_commit', text: 'commit' };
const ROLLBACK = 'rollback';

/** Whether an error is a statement's failure (PostgreSQL goes on), not the connection's end (FATAL, lost). */
const statementFailed = (e: unknown) => e instanceof pg.DatabaseError && e.severity === 'ERROR';

/** Written statements on a pool or a client: named, rows as arrays. */
function driverOn(on: pg.Pool | pg.PoolClient | pg.Client): Driver {
  return {
    statement: (name, text, values) =>
      on
        .query({ name, text, values: values as unknown[], rowMode: 'array' })
        .then((r) => r.rows as unknown[][]),
  };
}

/**
 * node-postgres' client on a socket made here (its `stream` option), so that a transaction can cork the
 * socket around the queries it sends together: node-postgres writes each query as it is asked for (its
 * own cork/uncork around each), and a corked socket sends them in one write (`begin` and the first
 * statement, the put-off statements and `commit`) instead of one each, a wake-up of PostgreSQL less.
 */
class SocketClient extends pg.Client {
  readonly socket: net.Socket;
  constructor(config?: string | pg.ClientConfig) {
    const socket = new net.Socket();
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), stream: () => socket });
    this.socket = socket;
  }
}
const socketOf = (client: pg.PoolClient) => (client instanceof SocketClient ? client.socket : null);

/** drizzle's node-postgres transaction, carrying its connection's driver; nested ones are savepoints. */
class PgTx extends NodePgTransaction<Schema, Tables> implements WithDriver {
  constructor(
    private readonly txDialect: PgDialect,
    private readonly txSession: NodePgSession<Schema, Tables>,
    readonly poDriver: Driver,
    nestedIndex = 0,
  ) {
    super(txDialect, txSession, undefined, nestedIndex);
  }

  /** As drizzle's own nested transaction, with the driver carried on. */
  override async transaction<T>(run: (tx: PgTx) => Promise<T>): Promise<T> {
    const tx = new PgTx(this.txDialect, this.txSession, this.poDriver, this.nestedIndex + 1);
    return inSavepoint(tx, this.nestedIndex + 1, run);
  }
}

/**
 * A top-level transaction on a pooled (pipeline-mode) connection: `begin` without waiting for its
 * answer, the caller's statements, the statements put off to the end, `commit`. Transaction options
 * (isolation level) are not used by this server and are refused.
 */
async function transaction<T>(pool: pg.Pool, dialect: PgDialect, run: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const tx = new PgTx(dialect, new NodePgSession(client, dialect, undefined), driverOn(client));
    const socket = socketOf(client);
    // `begin` waits in the corked socket for the first statement: sent with it, once the caller's
    // synchronous part and the promise jobs after it (drizzle's builder runs its query in one) are done
    socket?.cork();
    const begun = client.query(BEGIN);
    // its failure (a lost connection) also fails the statements behind it; it is awaited below
    begun.catch(() => undefined);
    openDeferred(tx);
    let result: T;
    try {
      let running: Promise<T>;
      try {
        running = run(tx);
      } finally {
        if (socket) setImmediate(() => socket.uncork());
      }
      result = await running;
    } catch (error) {
      takeDeferred(tx);
      await client.query(ROLLBACK).catch((e: Error) => {
        broken = e;
      });
      if (!broken && !statementFailed(error) && error instanceof pg.DatabaseError) broken = error;
      throw error;
    }
    // the put-off statements and `commit` in one write
    socket?.cork();
    const sent = takeDeferred(tx).map((st) =>
      client.query({ name: st.name, text: st.text, values: st.values }),
    );
    const committed = client.query(COMMIT);
    socket?.uncork();
    // The first failure is the transaction's: a statement put off to the end that failed left the
    // transaction aborted, and the `commit` behind it ended it rolled back.
    const outcomes = await Promise.allSettled([begun, ...sent, committed]);
    for (const o of outcomes) {
      if (o.status === 'fulfilled') continue;
      // the connection's end (a lost connection): the pool drops the connection
      if (!statementFailed(o.reason)) broken = o.reason as Error;
      throw o.reason;
    }
    return result;
  } finally {
    client.release(broken);
  }
}

/** A connection of its own for the reads made before anything else, in pipeline mode; reopened when lost. */
class ReadConnection implements Driver {
  private client: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  statement(name: string, text: string, values: readonly unknown[]): Promise<unknown[][]> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const query = (c: pg.Client) =>
      c.query({ name, text, values: values as unknown[], rowMode: 'array' }).then(
        (r) => r.rows as unknown[][],
        (e: unknown) => {
          // the connection's end (a lost connection, perhaps before its events came): the next opens another
          if (!statementFailed(e)) this.drop(c);
          throw e;
        },
      );
    return this.client ? query(this.client) : this.open().then(query);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.opening?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
  }

  private open(): Promise<pg.Client> {
    this.opening ??= this.connect().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    // A lost connection fails the statements under way on it (node-postgres does); the next opens another.
    const lost = () => this.drop(client);
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('the database is closed');
    }
    this.client = client;
    return client;
  }
}

/** Opens the PostgreSQL server at `url` (db/client.ts `openDatabase`). */
export function openPostgres(url: string, onIdleError?: (err: Error) => void): Database {
  // No JIT: the finders' statements run a few milliseconds each, and compiling one that touches
  // 10,000 parcels (the cap) took longer than running it (`npm run bench`, the scale scenario).
  const config: pg.PoolConfig = { connectionString: url, options: '-c jit=off', pipeline: true };
  const pool = new pg.Pool({ ...config, max: 10, Client: SocketClient });
  // An idle connection the server ends (a restart, a dropped database) is an event, not a crash:
  // the pool replaces it on the next query, and the query that needs it fails in the envelope.
  pool.on('error', (err) => onIdleError?.(err));
  const dialect = new PgDialect({ casing: 'snake_case' });
  const reads = new ReadConnection(config);
  const base = drizzle(pool, { casing: 'snake_case' });
  const own: Pick<Db, 'transaction'> & WithDriver = {
    poDriver: driverOn(pool),
    poReads: reads,
    transaction: ((run: (tx: Tx) => Promise<unknown>, options?: unknown) => {
      if (options) return Promise.reject(new Error('transaction options are not supported'));
      return transaction(pool, dialect, run);
    }) as Db['transaction'],
  };
  // drizzle's database, with our transaction and drivers (an object of our own in front of drizzle's)
  const db = Object.assign(Object.create(base) as Db, own);
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await reads.close();
      await pool.end();
    },
    session: async (fn) => {
      const client = await pool.connect();
      try {
        const exec: Exec = async (text) => {
          const res: pg.QueryResult | pg.QueryResult[] = await client.query(text);
          return (Array.isArray(res) ? res.at(-1)?.rows : res.rows) ?? [];
        };
        return await fn(exec);
      } finally {
        client.release();
      }
    },
  };
}
