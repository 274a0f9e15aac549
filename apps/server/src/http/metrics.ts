/**
 * Prometheus metrics (prom-client) at `GET /metrics`, for the operations team's graphs:
 * - `http_requests_total` and `http_request_duration_seconds` by `call` (the route: `/api/Registration`,
 *   `static` for the web app's files, `unknown` for an address no route has) and `code` (the envelope's
 *   `Code`: every call answers HTTP 200, so the HTTP status would say nothing; other answers their
 *   HTTP status);
 * - the database pool (`db_pool_connections` by state) on PostgreSQL;
 * - the scheduled work (`scheduled_job_runs_total`, `scheduled_job_last_success_seconds`,
 *   `archive_moved_parcels_total`), counted in the process that runs it;
 * - the outbox's backlog (`outbox_backlog` by kind and channel; a webhook's channel counted as `http`)
 *   and the webhooks' (`webhook_backlog`, with the oldest waiting message's age), read from the database;
 * - the read replicas' lag and state, and where the replica calls read (`watchReplicas`);
 * - the process (prom-client's default metrics: memory, CPU, event-loop lag, handles).
 *
 * With several server processes (node:cluster), each worker keeps its own counts; the worker a scrape
 * reaches asks the primary, which gathers every worker's through prom-client's `AggregatorRegistry`
 * (summed, histograms merged) and adds its own (the scheduled work it runs).
 *
 * Reachable only from the addresses in METRICS_ALLOW (after TRUST_PROXY, as every client address) or
 * with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 403.
 */
import cluster from 'node:cluster';
import net from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { rows, type Db } from '../db/client.ts';
import { REPLICA_STATES, type ReadReplicas } from '../db/replicas.ts';

/** The process's registry: prom-client's global one, which its cluster aggregation reads in workers. */
export const registry = client.register;

let defaultsOn = false;
/** prom-client's process metrics, once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry });
  // a worker answers the primary's asks for its metrics once an AggregatorRegistry exists in it
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/** Gets or makes a metric by name (several apps in one test process share the global registry). */
function metric<T>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

const requestsTotal = () =>
  metric(
    'http_requests_total',
    () =>
      new client.Counter({
        name: 'http_requests_total',
        help: 'Requests answered, by call and envelope code',
        labelNames: ['call', 'code'] as const,
      }),
  );
const requestDuration = () =>
  metric(
    'http_request_duration_seconds',
    () =>
      new client.Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time from the request to its answer, by call and envelope code',
        labelNames: ['call', 'code'] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );

/** The counts of the work done on a timer (scheduled.ts), in the process that runs it. */
export const jobMetrics = {
  runs: () =>
    metric(
      'scheduled_job_runs_total',
      () =>
        new client.Counter({
          name: 'scheduled_job_runs_total',
          help: 'Runs of the scheduled work, by job and outcome (ok, failed)',
          labelNames: ['job', 'outcome'] as const,
        }),
    ),
  lastSuccess: () =>
    metric(
      'scheduled_job_last_success_seconds',
      () =>
        new client.Gauge({
          name: 'scheduled_job_last_success_seconds',
          help: 'Unix time of the last successful run, by job',
          labelNames: ['job'] as const,
          // the primary's value is the truth: never summed over workers
          aggregator: 'max',
        }),
    ),
  archived: () =>
    metric(
      'archive_moved_parcels_total',
      () =>
        new client.Counter({
          name: 'archive_moved_parcels_total',
          help: 'Parcels the archive mover moved, by destination (archive, old_archive)',
          labelNames: ['to'] as const,
        }),
    ),
};

/** The pool whose connections `db_pool_connections` reports: the latest app's (one a process). */
let poolStats: (() => { total: number; idle: number; waiting: number }) | null = null;
/** Reports the pool's connections by state (PostgreSQL), read at each scrape. */
export function watchPool(stats: typeof poolStats): void {
  poolStats = stats;
  metric(
    'db_pool_connections',
    () =>
      new client.Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        collect() {
          const s = poolStats?.();
          if (!s) return;
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      }),
  );
}

/** The read replicas the replica series report: the open apps' (one a process, but in tests). */
const replicaSets = new Set<ReadReplicas>();
/**
 * The read replicas (DATABASE_READ_URL, db/replicas.ts), as the background check last found them:
 * `db_replica_lag_seconds` by replica (absent while it does not answer), `db_replica_state` by replica
 * and state (1 for its state, 0 for the others) and `db_replica_reads_total`, the replica calls' reads
 * by where they went (the replica's name, or `primary`). With several processes the lag and state are
 * the worst process's (not summed), the reads summed.
 */
export function watchReplicas(replicas: ReadReplicas): () => void {
  replicaSets.add(replicas);
  metric(
    'db_replica_lag_seconds',
    () =>
      new client.Gauge({
        name: 'db_replica_lag_seconds',
        help: 'Seconds a read replica is behind the primary, as last checked',
        labelNames: ['replica'] as const,
        aggregator: 'max',
        collect() {
          this.reset();
          for (const set of replicaSets)
            for (const r of set.status())
              if (r.lagSeconds !== null && Number.isFinite(r.lagSeconds))
                this.set({ replica: r.name }, r.lagSeconds);
        },
      }),
  );
  metric(
    'db_replica_state',
    () =>
      new client.Gauge({
        name: 'db_replica_state',
        help: 'A read replica state: up (read from), lagging or down (its reads go to the primary)',
        labelNames: ['replica', 'state'] as const,
        aggregator: 'max',
        collect() {
          this.reset();
          for (const set of replicaSets)
            for (const r of set.status())
              for (const state of REPLICA_STATES)
                this.set({ replica: r.name, state }, r.state === state ? 1 : 0);
        },
      }),
  );
  metric(
    'db_replica_reads_total',
    () =>
      new client.Counter({
        name: 'db_replica_reads_total',
        help: 'Calls that may read a replica, by where they read (a replica by name, or primary)',
        labelNames: ['target'] as const,
        collect() {
          this.reset();
          for (const set of replicaSets) {
            for (const r of set.status()) this.inc({ target: r.name }, r.reads);
            this.inc({ target: 'primary' }, set.reads.primary);
          }
        },
      }),
  );
  return () => replicaSets.delete(replicas);
}

/** The database the outbox backlog is read from at each scrape: the latest app's (one a process). */
let outboxDb: Db | null = null;
/**
 * The messages waiting in the outbox (pending, or being sent), by kind and channel, read from the
 * database at each scrape. Every worker reads the same table, so the processes' values are not summed.
 */
export function watchOutbox(db: Db): void {
  outboxDb = db;
  metric(
    'outbox_backlog',
    () =>
      new client.Gauge({
        name: 'outbox_backlog',
        help: 'Messages waiting in the outbox (pending or being sent), by kind and channel',
        labelNames: ['kind', 'channel'] as const,
        aggregator: 'max',
        async collect() {
          if (!outboxDb) return;
          this.reset();
          const waiting = await rows<{ kind: string; channel: string; n: number }>(
            outboxDb,
            sql`select kind, case when kind = 'webhook' then 'http' else channel end as channel,
                  count(*)::int as n from outbox
                where state in ('pending', 'sending') group by 1, 2`,
          );
          for (const w of waiting) this.set({ kind: w.kind, channel: w.channel }, w.n);
        },
      }),
  );
  metric(
    'webhook_backlog',
    () =>
      new client.Gauge({
        name: 'webhook_backlog',
        help: 'Webhook messages waiting (pending or being sent), and the age in seconds of the oldest',
        labelNames: ['measure'] as const,
        aggregator: 'max',
        async collect() {
          if (!outboxDb) return;
          const [w] = await rows<{ n: number; age: number | null }>(
            outboxDb,
            sql`select count(*)::int as n,
                  extract(epoch from clock_timestamp() - min(created_at))::float8 as age
                from outbox where kind = 'webhook' and state in ('pending', 'sending')`,
          );
          this.set({ measure: 'messages' }, w?.n ?? 0);
          this.set({ measure: 'oldest_seconds' }, w?.age ?? 0);
        },
      }),
  );
}

/** The envelope's `Code` of an answer body (`{"Status":true,"Code":200,…`), else null. */
const ENVELOPE = /^\{"Status":(?:true|false),"Code":(\d+)/;
function codeOf(payload: unknown, status: number): string {
  if (typeof payload === 'string') {
    const m = ENVELOPE.exec(payload.slice(0, 40));
    if (m) return m[1];
  }
  return String(status);
}

/** Who may read /metrics: a check of the client's address and of the bearer token. */
function accessCheck(config: Config): (req: FastifyRequest) => boolean {
  const allowed = new net.BlockList();
  for (const entry of config.METRICS_ALLOW) {
    if (entry === 'loopback') {
      allowed.addSubnet('127.0.0.0', 8, 'ipv4');
      allowed.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits] = entry.split('/');
    const type = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (bits === undefined) allowed.addAddress(addr, type);
    else allowed.addSubnet(addr, Number(bits), type);
  }
  const token = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : null;
  return (req) => {
    if (token) {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length === token.length && timingSafeEqual(given, token)) return true;
    }
    const ip = req.ip.startsWith('::ffff:') ? req.ip.slice(7) : req.ip;
    return net.isIP(ip) !== 0 && allowed.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
  };
}

/** The text of the metrics: this process's, or, in a worker, every process's gathered by the primary. */
function gather(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  return new Promise((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary process did not answer for the metrics'));
    }, 5000);
    const onMessage = (msg: unknown) => {
      const m = msg as { type?: string; id?: string; text?: string; error?: string };
      if (m?.type !== 'po:metrics' || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.text ?? '');
    };
    process.on('message', onMessage);
    process.send!({ type: 'po:metrics-ask', id });
  });
}

/**
 * In the primary of several processes: answers a worker's ask for the metrics with every worker's,
 * gathered by prom-client's AggregatorRegistry, and the primary's own.
 */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, msg: unknown) => {
    const m = msg as { type?: string; id?: string };
    if (m?.type !== 'po:metrics-ask') return;
    Promise.all([aggregator.clusterMetrics(), registry.metrics()]).then(
      ([workers, own]) => worker.send({ type: 'po:metrics', id: m.id, text: `${workers}\n${own}` }),
      (err: Error) => worker.send({ type: 'po:metrics', id: m.id, error: err.message }),
    );
  });
}

/**
 * Counts every answer, logs it (one JSON line: request id, call, user, envelope code, HTTP status,
 * milliseconds; never the URL's tickets or passwords) when `logRequests`, and serves `GET /metrics`.
 */
export function registerMetrics(app: FastifyInstance, config: Config, logRequests: boolean): void {
  collectProcessMetrics();
  const total = requestsTotal();
  const duration = requestDuration();
  const mayRead = accessCheck(config);
  const codes = new WeakMap<FastifyRequest, string>();

  app.addHook('onSend', (req, reply, payload, done) => {
    codes.set(req, codeOf(payload, reply.statusCode));
    done(null, payload);
  });
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const url = req.routeOptions.url;
    const call = url === undefined ? 'unknown' : url.startsWith('/api/') ? url : 'static';
    const code = codes.get(req) ?? String(reply.statusCode);
    total.inc({ call, code });
    duration.observe({ call, code }, reply.elapsedTime / 1000);
    if (logRequests)
      req.log.info(
        {
          reqId: req.id,
          call,
          user: req.userGuid ?? null,
          code: Number(code),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'answered',
      );
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!mayRead(req)) return reply.code(403).type('text/plain').send('forbidden');
    reply.header('cache-control', 'no-store');
    return reply.type(registry.contentType).send(await gather());
  });
}
