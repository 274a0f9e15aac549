/**
 * Read replicas (`DATABASE_READ_URL`, docs/ops/replica.md): PostgreSQL streaming standbys of the
 * primary, read by the calls the contract marks `reads: 'replica'` (http/route.ts). The same idea as
 * drizzle's `withReplicas`, chosen per call rather than per statement, with three rules it lacks:
 *
 * - Health, checked in the background (every READ_CHECK_SECONDS, never per request): a replica that does
 *   not answer (within READ_CHECK_TIMEOUT_SECONDS), is no longer a standby (promoted), or lags more than
 *   READ_MAX_LAG_SECONDS is not read; its reads go to the primary until a check finds it well again.
 * - Lag, measured from the primary's WAL position: each check records when the primary was at which
 *   position; a replica that has replayed past a position recorded at time t has everything committed
 *   before t, so its lag is at most now - t (0 when it has replayed all the primary had at the check).
 *   The times are this process's clock only, so the hosts' clocks need not agree.
 * - Read-your-writes: after a call that may have written, the session records the primary's WAL
 *   position (`sessions.write_lsn`, with the whole ticket family: http/route.ts); its reads go to a
 *   replica only once a check has seen that replica replay that far, else to the primary. Replay only
 *   moves forward, so a position seen replayed stays replayed.
 *
 * Nothing of this runs without DATABASE_READ_URL: the calls take the primary as before.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, rows, type Database, type Db } from './client.ts';
import { runStatement } from './statement.ts';

export type ReplicaState = 'up' | 'lagging' | 'down';
export const REPLICA_STATES: readonly ReplicaState[] = ['up', 'lagging', 'down'];

/** One replica as the last check found it. */
export interface ReplicaStatus {
  /** host:port/database, without user or password (the metrics' label) */
  name: string;
  state: ReplicaState;
  /** seconds behind the primary (null: unknown, e.g. it does not answer) */
  lagSeconds: number | null;
  /** the WAL position (bytes) it has replayed, as last seen */
  replayLsn: number;
  /** why it is not read from, for the log */
  reason: string;
  /** replica calls it answered */
  reads: number;
}

interface Replica extends ReplicaStatus {
  database: Database;
}

export interface ReplicaOptions {
  maxLagSeconds: number;
  checkSeconds: number;
  /** a check waits this long for an answer */
  checkTimeoutSeconds: number;
  log: (level: 'info' | 'warn', msg: string) => void;
}

/** A URL's host, port and database, never its user or password. */
export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/**
 * An error's own words for the log: the database's or the network's message, not the statement drizzle
 * wraps it in (its text and parameters: what a user searched for).
 */
function reasonOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The session family's write position: the primary's WAL insert position, read once (an init plan)
 * after the write committed, so at or past the end of its commit record.
 */
const NOTE_WRITE = `update sessions set write_lsn = (select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint)
  where family = (select s.family from sessions s where s.id = $1)`;

export class ReadReplicas {
  private readonly replicas: Replica[];
  /** when the primary was at which WAL position (newest last), kept for the lag's measure */
  private samples: Array<{ at: number; lsn: number }> = [];
  private turn = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  /** reads of replica calls, by where they went (the metrics read it) */
  readonly reads = { replica: 0, primary: 0 };

  private constructor(
    private readonly primary: Db,
    databases: Array<{ url: string; database: Database }>,
    private readonly opts: ReplicaOptions,
  ) {
    this.replicas = databases.map(({ url, database }) => ({
      name: replicaName(url),
      database,
      state: 'down',
      lagSeconds: null,
      replayLsn: 0,
      reason: 'not checked yet',
      reads: 0,
    }));
  }

  /** Opens a pool per replica (connections are made when first used), checks them once, then keeps checking. */
  static async open(primary: Db, urls: readonly string[], opts: ReplicaOptions): Promise<ReadReplicas> {
    const databases = await Promise.all(
      urls.map(async (url) => ({
        url,
        database: await openDatabase({
          url,
          onIdleError: (err) =>
            opts.log('warn', `replica ${replicaName(url)}: connection closed: ${err.message}`),
        }),
      })),
    );
    const set = new ReadReplicas(primary, databases, opts);
    await set.check();
    set.timer = setInterval(() => void set.check(), opts.checkSeconds * 1000);
    set.timer.unref();
    return set;
  }

  /** The replicas as the last check found them. */
  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({
      name: r.name,
      state: r.state,
      lagSeconds: r.lagSeconds,
      replayLsn: r.replayLsn,
      reason: r.reason,
      reads: r.reads,
    }));
  }

  /**
   * The replica to read from for a session whose last write is at `writeLsn` (null: none recorded),
   * taken in turn among those that are up and have replayed it; null: read from the primary.
   */
  pick(writeLsn: number | null): Db | null {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.turn + i) % n];
      if (r.state !== 'up' || (writeLsn !== null && r.replayLsn < writeLsn)) continue;
      this.turn = (this.turn + i + 1) % n;
      this.reads.replica++;
      r.reads++;
      return r.database.db;
    }
    this.reads.primary++;
    return null;
  }

  /** A read on `db` failed for a reason not its own (a lost connection): not read again until a check says so. */
  failed(db: Db, err: unknown): void {
    const r = this.replicas.find((x) => x.database.db === db);
    if (!r || r.state === 'down') return;
    this.reads.replica--;
    this.reads.primary++;
    r.reads--;
    r.lagSeconds = null;
    this.setState(r, 'down', `a read failed: ${reasonOf(err)}`);
  }

  /** Records, for the session's ticket family, the primary's WAL position after its write. */
  async noteWrite(sessionId: string): Promise<void> {
    // A failure here (the primary lost just after the write) is logged, not answered: the write is done
    // and must not look failed; the session's next reads may then find a replica without it.
    await runStatement(this.primary, 'po_session_write_lsn', NOTE_WRITE, [sessionId]).catch((e: Error) =>
      this.opts.log('warn', `the session's write position was not recorded: ${e.message}`),
    );
  }

  /** One check of every replica (a check still under way is not started again). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const at = Date.now();
    let primaryLsn: number;
    try {
      const [p] = await withTimeout(
        rows<{ lsn: number }>(
          this.primary,
          sql`select (pg_current_wal_lsn() - '0/0'::pg_lsn)::float8 as lsn`,
        ),
        this.opts.checkTimeoutSeconds * 1000,
      );
      primaryLsn = Number(p.lsn);
    } catch {
      // the primary does not answer: nothing to compare with; the replicas keep their state
      return;
    }
    this.samples.push({ at, lsn: primaryLsn });
    const keepMs = (this.opts.maxLagSeconds * 2 + this.opts.checkSeconds * 4) * 1000;
    while (this.samples.length > 2 && this.samples[0].at < at - keepMs) this.samples.shift();
    await Promise.all(this.replicas.map((r) => this.checkOne(r, primaryLsn)));
  }

  private async checkOne(r: Replica, primaryLsn: number): Promise<void> {
    let found: { standby: boolean; replay: number | null; sinceReplay: number | null } | undefined;
    try {
      [found] = await withTimeout(
        rows<{ standby: boolean; replay: number | null; sinceReplay: number | null }>(
          r.database.db,
          sql`select pg_is_in_recovery() as standby,
                (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::float8 as replay,
                extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as "sinceReplay"`,
        ),
        this.opts.checkTimeoutSeconds * 1000,
      );
    } catch (e) {
      r.lagSeconds = null;
      this.setState(r, 'down', `does not answer: ${reasonOf(e)}`);
      return;
    }
    if (!found?.standby || found.replay === null) {
      r.lagSeconds = null;
      this.setState(r, 'down', 'is not a standby (promoted, or not a replica)');
      return;
    }
    const replay = Number(found.replay);
    r.replayLsn = Math.max(r.replayLsn, replay);
    r.lagSeconds = this.lagOf(replay, primaryLsn, found.sinceReplay);
    if (r.lagSeconds > this.opts.maxLagSeconds)
      this.setState(r, 'lagging', `${r.lagSeconds.toFixed(1)} s behind (limit ${this.opts.maxLagSeconds} s)`);
    else this.setState(r, 'up', '');
  }

  /** Seconds a replica that replayed up to `replay` is behind (see the top of the file). */
  private lagOf(replay: number, primaryLsn: number, sinceReplay: number | null): number {
    if (replay >= primaryLsn) return 0;
    const now = Date.now();
    for (let i = this.samples.length - 1; i >= 0; i--)
      if (this.samples[i].lsn <= replay) return (now - this.samples[i].at) / 1000;
    // behind every position recorded: at least as old as the oldest, or its last replayed commit
    const oldest = this.samples.length ? (now - this.samples[0].at) / 1000 : 0;
    return Math.max(oldest, sinceReplay ?? Infinity);
  }

  private setState(r: Replica, state: ReplicaState, reason: string): void {
    const was = r.state;
    r.state = state;
    r.reason = reason;
    if (was === state) return;
    if (state === 'up') this.opts.log('info', `replica ${r.name} is read from`);
    else this.opts.log('warn', `replica ${r.name} is not read from (its reads go to the primary): ${reason}`);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking?.catch(() => undefined);
    await Promise.all(this.replicas.map((r) => r.database.close().catch(() => undefined)));
  }
}
