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
 * begin, the barcode number, the parcel, the audit record, commit), now 2 (begin with the parcel and its
 * event, whose statement takes the barcode's number itself; the audit record with commit) and a share of
 * a session read.
 */
import pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Db } from './client.ts';
import { openDeferred, takeDeferred } from './statement.ts';
import {
  describingPrepare,
  executeDescribed,
  prepareValue,
  takeColumns,
  type Connection,
  type Field,
  type QueryInternals,
} from './pg-protocol.ts';

type QueryConfig = { text: string; values?: unknown[]; name?: string; rowMode?: string; types?: unknown };
type Callback = (err: Error | null, res?: pg.QueryResult | pg.QueryResult[]) => void;
/** A statement sent in front of a query; one with a name goes by its name once the connection has it. */
type Statement = { text: string; values: unknown[]; name?: string };

/**
 * A query sent with statements in front of it, in one batch answered once (one Sync): the statements
 * (by name when the connection has prepared them, else unnamed: a Parse in the batch would leave
 * node-postgres' record of what is prepared wrong when a statement before it fails), then the query
 * itself; the answer is the query's (pg's Query collects the statements' answers before it as a
 * multi-result, dropped here). An error in any of them fails the batch; PostgreSQL skips the rest.
 * Used for `begin` in front of a transaction's first statement, and for the statements put off to the
 * end in front of `commit` (so a failed one leaves the commit unmade and the caller rolls back).
 */
class BatchQuery extends pg.Query {
  /** the query's columns on record, taken once the statements before it have completed */
  private columns: Field[] | null = null;
  /** the statements before the query that have not completed yet */
  private ahead: number;
  constructor(
    private readonly before: readonly Statement[],
    config: QueryConfig,
    callback: Callback,
  ) {
    super(config as pg.QueryConfig, undefined, ((
      err: Error | null,
      res?: pg.QueryResult | pg.QueryResult[],
    ) => callback(err, Array.isArray(res) ? res[res.length - 1] : res)) as never);
    this.ahead = before.length;
  }
  // always the extended protocol, even without parameters: the statements before go in the same batch
  requiresPreparation(): boolean {
    return true;
  }
  prepare(connection: Connection): void {
    for (const { text, values, name } of this.before) {
      const prepared = name !== undefined && connection.parsedStatements[name] === text;
      if (!prepared) connection.parse({ text, name: '' });
      connection.bind({ portal: '', statement: prepared ? name : '', values, valueMapper: prepareValue });
      connection.execute({ portal: '', rows: 0 });
    }
    // The query by its name without a Describe when its columns are on record (db/pg-protocol.ts), else
    // node-postgres' own preparation with its Describe.
    const self = this as unknown as QueryInternals;
    const columns = executeDescribed(self, connection);
    if (columns === undefined) return describingPrepare.call(self, connection);
    this.columns = columns;
    if (columns && this.ahead === 0) takeColumns(self, columns);
  }
  /** The query's rows start once the statements before it have completed: its columns are taken then. */
  handleCommandComplete(msg: unknown, connection: unknown): void {
    (pg.Query.prototype as unknown as BatchQuery).handleCommandComplete.call(this, msg, connection);
    if (this.ahead > 0 && --this.ahead === 0 && this.columns)
      takeColumns(this as unknown as QueryInternals, this.columns);
  }
}

function sendBatch(
  client: pg.PoolClient,
  before: readonly Statement[],
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

/**
 * `begin` and `commit` as named statements too (as pgbench's prepared mode sends them): each connection
 * prepares them once, then sends them by name, without a Parse for PostgreSQL to do every transaction.
 */
const BEGIN = { name: 'po_begin', text: 'begin', values: [] };
const COMMIT = { name: 'po_commit', text: 'commit' };

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
    // So does the connection's first `begin` (named, prepared by it).
    if (!preparedOn(client, BEGIN.name) || (cfg.name && !preparedOn(client, cfg.name))) {
      return client.query({ name: BEGIN.name, text: BEGIN.text }).then(() => client.query(cfg as never));
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
        // A put-off statement this connection has not prepared yet goes on its own (with those before
        // it, in their order), named, this once: later transactions send it by name in the commit's
        // batch, parsed and planned once per connection like every other written statement.
        let own = 0;
        for (let i = 0; i < atEnd.length; i++) if (!preparedOn(raw, atEnd[i].name)) own = i + 1;
        for (const st of atEnd.slice(0, own))
          await client.query({ name: st.name, text: st.text, values: st.values } as pg.QueryConfig);
        const batch = atEnd.slice(own);
        if (state.begun || batch.length > 0) {
          const begin = !state.begun;
          state.begun = true;
          const before = begin ? [BEGIN, ...batch] : batch;
          // `commit` by its name, or prepared by this batch when it is the batch's only Parse (see
          // beginningClient); else unnamed
          const onlyNamed = before.every((st) => st.name !== undefined && preparedOn(raw, st.name));
          await sendBatch(raw, before, onlyNamed ? COMMIT : { text: 'commit' });
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
