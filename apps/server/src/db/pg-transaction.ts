/**
 * Transactions on a PostgreSQL server that cost one round trip less: `begin` is not sent on its own
 * but in front of the transaction's first statement, in the same message batch (extended protocol:
 * Parse/Bind/Execute of `begin` without a Sync, then the statement with its Sync), so the server
 * answers both at once. A transaction that sends no statement sends neither `begin` nor `commit`.
 * The writes nobody reads an answer of (the audit record: db/statement.ts `writeAtCommit`) go in the
 * `commit`'s batch the same way. Everything else is drizzle's own transaction (node-postgres session):
 * the same statements, the same `commit` or `rollback`, nested transactions as savepoints.
 *
 * Why: on this kind of machine a round trip to PostgreSQL costs the server more than the statement
 * costs the database (a socket write and a wake-up each way): a registration made 6 (the session's,
 * begin, the barcode number, the parcel, the audit record, commit), now 3 (begin with the number, the
 * parcel with its event, the audit record with commit) and a share of a session read.
 */
import pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Db } from './client.ts';
import { openDeferred, takeDeferred } from './statement.ts';

type QueryConfig = { text: string; values?: unknown[]; name?: string; rowMode?: string; types?: unknown };
type Callback = (err: Error | null, res?: pg.QueryResult | pg.QueryResult[]) => void;
interface Connection {
  parse(msg: { text: string; name: string; types?: unknown[] }): void;
  bind(msg: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper?: (v: unknown) => unknown;
  }): void;
  execute(msg: { portal: string; rows?: number }): void;
}

/** node-postgres' own conversion of a parameter to its text form (dates, JSON, arrays). */
const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue;

/**
 * A query sent with statements in front of it, in one batch answered once (one Sync): the statements
 * go unnamed (planned each time: no per-connection state to keep right when one fails), then the query
 * itself; the answer is the query's (pg's Query collects the statements' answers before it as a
 * multi-result, dropped here). An error in any of them fails the batch; PostgreSQL skips the rest.
 * Used for `begin` in front of a transaction's first statement, and for the statements put off to the
 * end in front of `commit` (so a failed one leaves the commit unmade and the caller rolls back).
 */
class BatchQuery extends pg.Query {
  constructor(
    private readonly before: ReadonlyArray<{ text: string; values: unknown[] }>,
    config: QueryConfig,
    callback: Callback,
  ) {
    super(config as pg.QueryConfig, undefined, ((
      err: Error | null,
      res?: pg.QueryResult | pg.QueryResult[],
    ) => callback(err, Array.isArray(res) ? res[res.length - 1] : res)) as never);
  }
  // always the extended protocol, even without parameters: the statements before go in the same batch
  requiresPreparation(): boolean {
    return true;
  }
  prepare(connection: Connection): void {
    for (const { text, values } of this.before) {
      connection.parse({ text, name: '' });
      connection.bind({ portal: '', statement: '', values, valueMapper: prepareValue });
      connection.execute({ portal: '', rows: 0 });
    }
    (pg.Query.prototype as unknown as { prepare(c: Connection): void }).prepare.call(this, connection);
  }
}

function sendBatch(
  client: pg.PoolClient,
  before: ReadonlyArray<{ text: string; values: unknown[] }>,
  config: QueryConfig,
): Promise<pg.QueryResult | undefined> {
  return new Promise((resolve, reject) => {
    client.query(
      new BatchQuery(before, config, (err, res) =>
        err ? reject(err) : resolve(res as pg.QueryResult | undefined),
      ) as never,
    );
  });
}

const BEGIN = { text: 'begin', values: [] };

/** Whether node-postgres has prepared the named statement on this client's connection. */
function preparedOn(client: pg.PoolClient, name: string): boolean {
  const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
    .connection;
  return connection?.parsedStatements?.[name] !== undefined;
}

/** A pool client whose first query carries `begin`; `begun` says whether one was sent. */
function beginningClient(client: pg.PoolClient) {
  const state = { begun: false };
  const proxy = Object.create(client) as pg.PoolClient;
  proxy.query = ((config: string | QueryConfig, values?: unknown[]) => {
    if (state.begun) return client.query(config as never, values as never);
    state.begun = true;
    const cfg: QueryConfig = typeof config === 'string' ? { text: config, values } : { ...config };
    if (values !== undefined && typeof config !== 'string') cfg.values = values;
    // A named statement not yet prepared on this connection goes after a `begin` of its own, this once:
    // node-postgres records a statement as prepared on the first ParseComplete of its query, which
    // would be the `begin`'s, so a statement whose own Parse then failed would stay wrongly recorded.
    if (cfg.name && !preparedOn(client, cfg.name)) {
      return client.query('begin').then(() => client.query(cfg as never));
    }
    return sendBatch(client, [BEGIN], cfg);
  }) as pg.PoolClient['query'];
  return { client: proxy, state };
}

/**
 * Makes `db` (node-postgres) open its transactions with `begin` in front of their first statement.
 * Transaction options (isolation level) are not used by this server and are refused.
 */
export function sendBeginWithFirstStatement(db: Db, pool: pg.Pool): void {
  const session = (db as unknown as { session: NodePgSession<Record<string, unknown>, never> }).session;
  const { dialect, schema, options } = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  session.transaction = async <T>(
    run: (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>,
    config?: unknown,
  ): Promise<T> => {
    if (config) throw new Error('transaction options are not supported');
    const raw = await pool.connect();
    const { client, state } = beginningClient(raw);
    try {
      const txSession = new NodePgSession(client, dialect, schema, options);
      const tx = new NodePgTransaction(dialect, txSession as never, schema as never);
      openDeferred(tx);
      try {
        const result = await run(tx as never);
        const atEnd = takeDeferred(tx);
        if (state.begun || atEnd.length > 0) {
          const begin = !state.begun;
          state.begun = true;
          await sendBatch(raw, begin ? [BEGIN, ...atEnd] : atEnd, { text: 'commit' });
        }
        return result;
      } catch (error) {
        takeDeferred(tx);
        if (state.begun) await raw.query('rollback');
        throw error;
      }
    } finally {
      raw.release();
    }
  };
}
