/**
 * `npm run bench` (after `npm run build` made what was stale): the web bundles' gzip sizes (the login
 * route and the largest chunks), then per database, the embedded one (PGlite, fresh data folder) and a
 * PostgreSQL server when one answers (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; a
 * throwaway database is created, seeded with SEED_DEMO=1 and dropped): the first start with the demo
 * seed, a restart to a healthy `/api/health`, the server's resident memory after the restart, every
 * scenario module in bench/scenarios/ (each exports `name` and `run(ctx)` answering rows), and the
 * memory after the load. The server is the compiled one `npm start` runs, logging at warn. Then the
 * DataGrid benchmark in Chromium, ours beside DevExtreme's (bench/grid-browser.ts). Loopback only; the
 * child server is always stopped.
 * Not a test: nothing here asserts.
 * The scale scenario (bench/scenarios/scale.ts, PostgreSQL only, run last) generates 1,000,000 live and
 * 5,000,000 archive parcels in the throwaway database and measures the finders on them; BENCH_SCALE
 * multiplies those counts (BENCH_SCALE=0.05 for a quick run; default 1, the full sizes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { runGridBench } from './grid-browser.ts';
import { loadTool, percentile, serving, wrkVersion } from './load.ts';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { throwawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';

export interface BenchContext {
  baseUrl: string;
  /** the server runs on a PostgreSQL server (pgbench, query and the rounds of beside work only there) */
  postgres: boolean;
  /** the throwaway PostgreSQL database the server runs on; null on the embedded one (the server's own) */
  databaseUrl: string | null;
  /** logs a demo account in (password Demo#2026) and answers the Id and Ticket to send */
  login(login: string, password?: string): Promise<{ Id: string; Ticket: string }>;
  /**
   * On PostgreSQL: pgbench running `script` (the SQL a call issues, with pgbench's `:name` variables
   * from `vars`) on the server's database, `clients` clients (default 10) on 2 threads for as long as a
   * call is measured; answers its transactions per second and its own p99 latency (PgbenchFigures).
   * `mode` is pgbench's protocol (-M), the way the server sends the script's statements: 'prepared'
   * (the default) for named statements, which the server prepares once per connection (db/statement.ts,
   * the session read, begin and commit), 'extended' for unnamed ones with parameters (the query
   * builder's), 'simple' for text without parameters. Null on the embedded database or without pgbench.
   */
  pgbench(
    script: string,
    vars?: Record<string, string>,
    clients?: number,
    mode?: PgbenchMode,
  ): Promise<PgbenchFigures | null>;
  /**
   * A call measured beside pgbench running its statements (`pgbench`, which calls ctx.pgbench): on
   * PostgreSQL BENCH_ROUNDS rounds (default 3), each the server's load and then pgbench's, answering the
   * median of each figure with every round's share in the note, since one round's share moves by a
   * tenth from run to run on a shared 2-core machine (pgbench's own rate alone does); on the embedded
   * database, the load once.
   */
  beside(
    measureOnce: () => Promise<BenchRow>,
    pgbench: () => Promise<PgbenchFigures | null>,
  ): Promise<BenchRow>;
  /**
   * runs SQL on the server's database (PostgreSQL only; null on the embedded one) on a connection of its
   * own: one query, or several statements without parameters (answering the last one's rows)
   */
  query<T>(text: string, params?: unknown[]): Promise<T[] | null>;
}
/** pgbench's protocol (-M): how the server sends the statements of a script. */
export type PgbenchMode = 'prepared' | 'extended' | 'simple';
/** One line of the table; a null figure prints as n/a (e.g. a call not built yet). */
export interface BenchRow {
  scenario: string;
  rps: number | null;
  p50: number | null;
  /** printed as its own column when a row of the table has it */
  p95?: number | null;
  p99: number | null;
  errors: number | null;
  /**
   * the CPU time (user and system) the server's processes spent a request under the load, in µs
   * (bench/load.ts `serving`; Linux only): printed as its own column when a row of the table has it
   */
  cpuUs?: number | null;
  /** pgbench running the call's statements (PostgreSQL only) */
  pgbench?: PgbenchFigures | null;
  /** the call's rate over pgbench's: the median of the rounds' shares (BenchContext.beside); else rps / tps */
  share?: number | null;
  note?: string;
}
/**
 * What pgbench did with a call's statements: transactions per second, and the 99th percentile of a
 * transaction's latency in milliseconds (from a sample of its transactions, PGBENCH_LOG_SAMPLE), so that
 * the server's p99 can be read beside what PostgreSQL itself takes on this machine for the same work.
 */
export interface PgbenchFigures {
  tps: number;
  p99: number | null;
}
interface ScenarioModule {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

/**
 * Server processes on PostgreSQL. One by default: here the load generator, the server and PostgreSQL
 * share the machine's cores, and on 2 cores a second server process only takes CPU from the other two
 * (measured: 17,500 against 24,600 PostGetRegion a second). BENCH_WORKERS=2 measures the server's own
 * default on such a machine.
 */
const PG_WORKERS = process.env.BENCH_WORKERS ?? '1';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIOS_DIR = path.join(ROOT, 'bench', 'scenarios');
const DEMO_PASSWORD = 'Demo#2026';
const START_TIMEOUT_MS = 240_000;
const SERVER_MAIN = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
/** How `npm start` runs the compiled server (its memory settings included); `exec`s node, so the pid is the server's. */
const SERVE_SCRIPT = path.join(ROOT, 'scripts', 'serve.sh');
const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');
/** The PostgreSQL server the bench makes (and drops) its throwaway database on; BENCH_DATABASE_URL overrides. */
const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * BENCH_SCENARIOS=scan,finder runs only those scenario files (names without .ts) and skips the DataGrid
 * benchmark: a short run while working on one call. Unset: everything.
 */
const SCENARIO_FILTER = process.env.BENCH_SCENARIOS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** BENCH_DATABASES=postgres (or pglite) benches that database only; unset: both. */
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
/**
 * What the login page loads before it can be used: manifest keys of its modules (the page's entry, the
 * public app the root imports for a public address and the login screen it fetches beside it, each with
 * their static imports and CSS), and its texts in Georgian (the default language). A catalogue chunk has
 * a generated manifest key: it is found by its file name, `assets/i18n-<language>-<namespace>-<hash>.js`
 * (vite.config.ts names them so). Font files are not counted.
 */
const LOGIN_ROUTE = ['index.html', 'src/app/public-app.tsx', 'src/features/auth/login-form.tsx'];
const LOGIN_TEXTS = ['ka-layout', 'ka-auth', 'ka-common'];
/**
 * A working screen opened on a fresh browser: the page's entry and the users screen with what they
 * import (the shared chunk of the working screens among them), without texts and fonts. Its file
 * count is what the grouping of apps/web/chunk-groups.ts keeps low.
 */
const WORKING_ROUTE = ['index.html', 'src/features/admin/users.tsx'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let child: ChildProcess | null = null;
const cleanups: Array<() => void> = [];

/** Stops the server: SIGTERM (it closes the database), SIGKILL if it lingers. */
async function stopServer(): Promise<void> {
  const c = child;
  child = null;
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  c.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) c.kill('SIGKILL');
}
function killNow() {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const c of cleanups.splice(0)) c();
}
process.on('exit', killNow);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    killNow();
    process.exit(130);
  });
}
process.on('uncaughtException', (e) => {
  console.error(e);
  killNow();
  process.exit(1);
});

async function health(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    const body = (await res.json()) as { Status?: boolean };
    return body.Status === true;
  } catch {
    return false;
  }
}

/**
 * The server's resident memory in MB (Linux: VmRSS of /proc/<pid>/status), with its worker processes
 * when it runs several (WORKERS), null elsewhere.
 */
function residentMb(pid: number | undefined): number | null {
  const own = residentOf(pid);
  if (own === null) return null;
  return childPids(pid).reduce((sum, c) => sum + (residentOf(c) ?? 0), own);
}
function residentOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

interface Started {
  baseUrl: string;
  startMs: number;
  pid: number | undefined;
  /** the largest peak (VmHWM) of a child process seen while starting: the embedded database's preparation */
  childPeakMb: number | null;
}

/** A process's command name (Linux), or null once it is gone. */
function commandOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The server's child processes (Linux), none elsewhere. */
function childPids(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Starts the compiled server (scripts/serve.sh, as `npm start` does) with request logging at
 * warn, and answers once `/api/health` does. `env` picks the database.
 */
async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  child = spawn('sh', [SERVE_SCRIPT], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ARCHIVE_EVERY_MINUTES: '0',
      // the bench logs in far more than 120 times a minute from one address (the login scenario alone)
      PUBLIC_CALLS_PER_MINUTE: '1000000',
      // no outbox sender in the server: run every 5 s, it would take the messages of the registrations
      // with an e-mail (skipped here: no channel is configured) inside whichever measurement was under
      // way; the registration scenario runs the sender on its own and prints its cost a message
      OUTBOX_EVERY_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (prefix: string) => (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) if (line.trim()) console.log(`  ${prefix} ${line}`);
  };
  child.stdout?.on('data', keep('[server]'));
  child.stderr?.on('data', keep('[server!]'));
  let childPeak: number | null = null;
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (!child || child.exitCode !== null) throw new Error(`the server exited (code ${child?.exitCode})`);
    if (await health(baseUrl))
      return { baseUrl, startMs: performance.now() - started, pid: child.pid, childPeakMb: childPeak };
    for (const c of childPids(child.pid)) {
      // Only a Node child prepares the database (the embedded one, apps/server/src/main.ts): serve.sh's
      // own helpers (its `dirname`, before it execs node) showed on PostgreSQL as a 0 MB "peak"; a
      // child gone before its peak was read counts for nothing.
      if (commandOf(c) !== 'node') continue;
      const peak = peakMb(c);
      if (peak !== null && peak > 0) childPeak = Math.max(childPeak ?? 0, peak);
    }
    await sleep(50);
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** The pgbench binary: on PATH, or in a PostgreSQL installation folder; null when there is none. */
function findPgbench(): string | null {
  const onPath = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0) return 'pgbench';
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  for (const v of fs.readdirSync(root).sort().reverse()) {
    const bin = path.join(root, v, 'bin', 'pgbench');
    if (fs.existsSync(bin)) return bin;
  }
  return null;
}

const PGBENCH_SECONDS = 8;
/**
 * The share of pgbench's transactions it logs (`--sampling-rate`) for its p99: enough for a stable
 * percentile (a few thousand even for a registration), little enough that writing the log costs pgbench
 * nothing that shows in its rate.
 */
const PGBENCH_LOG_SAMPLE = 0.1;

/** The 99th percentile, in milliseconds, of the latencies (µs, third field) in pgbench's transaction logs. */
function p99OfLogs(dir: string): number | null {
  const latencies: number[] = [];
  for (const f of fs.readdirSync(dir)) {
    if (!f.startsWith('tx.')) continue;
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line && Number.isFinite(us)) latencies.push(us);
    }
  }
  if (latencies.length === 0) return null;
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 99) / 1000;
}

function runPgbench(
  url: string,
  script: string,
  vars: Record<string, string>,
  clients = 10,
  mode: PgbenchMode = 'prepared',
): Promise<PgbenchFigures | null> {
  const bin = findPgbench();
  if (!bin) return Promise.resolve(null);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-pgbench-'));
  const file = path.join(dir, 'call.sql');
  fs.writeFileSync(file, script);
  const u = new URL(url);
  const args = [
    ...[
      '-h',
      decodeURIComponent(u.hostname),
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
    ],
    ...['-n', '-M', mode, '-c', String(clients), '-j', '2', '-T', String(PGBENCH_SECONDS), '-f', file],
    ...['-l', `--sampling-rate=${PGBENCH_LOG_SAMPLE}`, `--log-prefix=${path.join(dir, 'tx')}`],
    ...Object.entries(vars).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
    u.pathname.slice(1),
  ];
  return new Promise((resolve) => {
    const p = spawn(bin, args, {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (b: Buffer) => (out += b.toString()));
    p.stderr.on('data', (b: Buffer) => (out += b.toString()));
    p.on('close', () => {
      const m = /tps = ([\d.]+)/.exec(out);
      if (!m) console.log(`  pgbench failed:\n${out.trim().split('\n').slice(-5).join('\n')}`);
      const figures = m ? { tps: Number(m[1]), p99: p99OfLogs(dir) } : null;
      fs.rmSync(dir, { recursive: true, force: true });
      resolve(figures);
    });
  });
}

/** SQL on a connection of its own: one query, or several statements without parameters (the last one's rows). */
async function runSql<T>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const res = (await c.query(text, params)) as unknown as { rows: T[] } | Array<{ rows: T[] }>;
    return Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows;
  } finally {
    await c.end();
  }
}

/** Rounds of a call and pgbench beside it (BenchContext.beside). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/** The median of a figure over rounds (the bench's own percentile, nearest rank); null when a round has none. */
const medianOf = (values: Array<number | null | undefined>): number | null =>
  values.some((v) => v === null || v === undefined)
    ? null
    : percentile(
        [...(values as number[])].sort((a, b) => a - b),
        50,
      );

async function beside(
  databaseUrl: string | null,
  measureOnce: () => Promise<BenchRow>,
  pgbench: () => Promise<PgbenchFigures | null>,
): Promise<BenchRow> {
  if (!databaseUrl) return measureOnce();
  const rows: BenchRow[] = [];
  const figures: Array<PgbenchFigures | null> = [];
  // A checkpoint before each part: one the previous part's writes made due (max_wal_size) would otherwise
  // start inside the next measurement, as the first registrations' did, and inflate its p99 several times.
  const checkpoint = () => runSql(databaseUrl, 'checkpoint').catch(() => undefined);
  for (let i = 0; i < ROUNDS; i++) {
    await checkpoint();
    const row = await measureOnce();
    rows.push(row);
    await checkpoint();
    const f = await pgbench();
    figures.push(f);
    // every round as it ends
    const share = f?.tps && row.rps !== null ? (row.rps / f.tps).toFixed(2) : 'n/a';
    console.log(
      `  round ${i + 1}/${ROUNDS} ${row.scenario}: ${fmt(row.rps)} req/s, p99 ${fmt(row.p99, 1)} ms, ` +
        `CPU ${fmt(row.cpuUs ?? null, 1)} µs/req; pgbench ${fmt(f?.tps ?? null)} tps; share ${share}`,
    );
  }
  const done = figures.filter((f): f is PgbenchFigures => f !== null);
  // each round's share (the call's rate over pgbench's in that round); the row's share is their median,
  // not the ratio of the median rate and the median tps (rounds that do not belong together)
  const shareOf = (r: BenchRow, i: number) => {
    const tps = figures[i]?.tps;
    return tps && r.rps !== null ? r.rps / tps : null;
  };
  const shareValues = rows.map(shareOf);
  const shares = shareValues.map((v) => (v === null ? 'n/a' : v.toFixed(2)));
  return {
    ...rows[0],
    rps: medianOf(rows.map((r) => r.rps)),
    p50: medianOf(rows.map((r) => r.p50)),
    p99: medianOf(rows.map((r) => r.p99)),
    ...(rows[0].cpuUs !== undefined ? { cpuUs: medianOf(rows.map((r) => r.cpuUs)) } : {}),
    errors: rows.some((r) => r.errors === null) ? null : rows.reduce((n, r) => n + (r.errors ?? 0), 0),
    pgbench:
      done.length === figures.length
        ? { tps: medianOf(done.map((f) => f.tps))!, p99: medianOf(done.map((f) => f.p99)) }
        : null,
    share: medianOf(shareValues),
    note: [
      rows[0].note,
      ROUNDS > 1
        ? `median of ${ROUNDS} rounds; shares ${shares.join(' ')}; p99 ${rows.map((r) => fmt(r.p99, 1)).join(' ')} ms`
        : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}

function context(baseUrl: string, databaseUrl: string | null): BenchContext {
  return {
    baseUrl,
    postgres: databaseUrl !== null,
    databaseUrl,
    pgbench: (script, vars = {}, clients, mode) =>
      databaseUrl ? runPgbench(databaseUrl, script, vars, clients, mode) : Promise.resolve(null),
    beside: (measureOnce, pgbench) => beside(databaseUrl, measureOnce, pgbench),
    query: <T>(text: string, params: unknown[] = []) =>
      databaseUrl ? runSql<T>(databaseUrl, text, params) : Promise.resolve(null),
    async login(login, password = DEMO_PASSWORD) {
      const res = await fetch(`${baseUrl}/api/PostGetUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Login: login, Password: password }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as {
        Status: boolean;
        Error?: string;
        Data?: { UserId: string; Ticket: string };
      };
      if (!body.Status || !body.Data) throw new Error(`login ${login} failed: ${body.Error}`);
      return { Id: body.Data.UserId, Ticket: body.Data.Ticket };
    },
  };
}

function fmt(v: number | null | undefined, digits = 0): string {
  return v === null || v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(digits);
}
function printTable(rows: BenchRow[]) {
  const withPgbench = rows.some((r) => r.pgbench !== undefined);
  const withP95 = rows.some((r) => r.p95 !== undefined);
  const withCpu = rows.some((r) => r.cpuUs !== undefined && r.cpuUs !== null);
  const head = [
    'scenario',
    'requests/s',
    'p50 ms',
    ...(withP95 ? ['p95 ms'] : []),
    'p99 ms',
    'errors',
    ...(withCpu ? ['server CPU µs/req'] : []),
  ];
  if (withPgbench) head.push('pgbench tps', 'pgbench p99 ms', 'share');
  head.push('note');
  const body = rows.map((r) => {
    const cells = [
      r.scenario,
      fmt(r.rps),
      fmt(r.p50, 1),
      ...(withP95 ? [fmt(r.p95, 1)] : []),
      fmt(r.p99, 1),
      fmt(r.errors),
      ...(withCpu ? [r.cpuUs === undefined ? '' : fmt(r.cpuUs, 1)] : []),
    ];
    if (withPgbench) {
      const tps = r.pgbench?.tps ?? null;
      const share = r.share !== undefined ? r.share : tps && r.rps !== null ? r.rps / tps : null;
      cells.push(
        ...(r.pgbench === undefined ? ['', '', ''] : [fmt(tps), fmt(r.pgbench?.p99, 1), fmt(share, 2)]),
      );
    }
    cells.push(r.note ?? '');
    return cells;
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ');
  console.log(line(head).trimEnd());
  console.log(
    widths
      .map((w) => '-'.repeat(w))
      .join('  ')
      .trimEnd(),
  );
  for (const b of body) console.log(line(b).trimEnd());
}

async function loadScenarios(): Promise<ScenarioModule[]> {
  const only = SCENARIO_FILTER;
  const files = fs
    .readdirSync(SCENARIOS_DIR)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .filter((f) => !only?.length || only.includes(f.replace(/\.ts$/, '')))
    .sort((a, b) => (a === 'platform.ts' ? -1 : b === 'platform.ts' ? 1 : a.localeCompare(b)))
    // the scale scenario fills the database with millions of parcels: the others measure before it
    .sort((a, b) => Number(a === 'scale.ts') - Number(b === 'scale.ts'));
  const out: ScenarioModule[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(SCENARIOS_DIR, f)).href)) as Partial<ScenarioModule>;
    if (typeof mod.run === 'function') out.push({ name: mod.name ?? f.replace(/\.ts$/, ''), run: mod.run });
    else console.warn(`bench: ${f} exports no run(ctx); skipped`);
  }
  return out;
}

const note = (scenario: string, text: string): BenchRow => ({
  scenario,
  rps: null,
  p50: null,
  p99: null,
  errors: null,
  note: text,
});
const mb = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(0)} MB`);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Peak resident memory so far (VmHWM) in MB, null where /proc is missing. */
function peakMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * One database: a first start (the demo seed loads), a restart on the same data (what `npm start`
 * costs every day), the resident memory after the restart, every scenario, the memory after the load.
 */
async function benchDatabase(label: string, env: Record<string, string>): Promise<BenchRow[]> {
  console.log(`\n=== ${label} ===`);
  const rows: BenchRow[] = [];
  let served: string | null = null;
  try {
    const first = await startServer(env);
    console.log(`first start (empty database, demo seed) healthy after ${secs(first.startMs)}`);
    rows.push(note('first start (spawn to health, demo seed)', secs(first.startMs)));
    await sleep(1000);
    rows.push(note('  resident memory after the first start', mb(residentMb(first.pid))));
    if (first.childPeakMb !== null)
      rows.push(note('  peak of the process that prepared the database', mb(first.childPeakMb)));
    await stopServer();

    const again = await startServer(env);
    console.log(`restart healthy after ${secs(again.startMs)}`);
    rows.push(note('restart (spawn to health)', secs(again.startMs)));
    await sleep(1000);
    rows.push(note('  resident memory after the restart', mb(residentMb(again.pid))));
    const ctx = context(again.baseUrl, env.DATABASE_URL || null);
    // the server's CPU a request: its process (serve.sh execs node) and its workers (WORKERS > 1)
    served = new URL(again.baseUrl).origin;
    serving(served, () => (again.pid ? [again.pid, ...childPids(again.pid)] : []));
    for (const sc of await loadScenarios()) {
      console.log(`running ${sc.name} …`);
      try {
        rows.push(...(await sc.run(ctx)));
      } catch (e) {
        rows.push(note(sc.name, `failed: ${(e as Error).message}`));
      }
    }
    await sleep(1000);
    rows.push(
      note('resident memory after the load', `${mb(residentMb(again.pid))} (peak ${mb(peakMb(again.pid))})`),
    );
  } catch (e) {
    rows.push(note(label, `failed: ${(e as Error).message}`));
  } finally {
    if (served) serving(served, null);
    await stopServer();
  }
  return rows;
}

/**
 * The settings docs/ops/README.md ("PostgreSQL settings") gives a production server that the bench can
 * set on its own database (a database-level default, for the server's connections and pgbench's alike);
 * BENCH_PG_DEFAULTS=1 leaves PostgreSQL's own defaults.
 */
const PG_DOC_SETTINGS: Record<string, string> =
  process.env.BENCH_PG_DEFAULTS === '1' ? {} : { effective_io_concurrency: '200' };

/**
 * A throwaway database on the PostgreSQL server at BENCH_DATABASE_URL, or null when none answers; with
 * BENCH_REUSE_DATABASE, that database (one an earlier run kept with BENCH_KEEP_DATABASE=1), left as it is.
 */
async function benchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (reuse) {
    console.log(`\nPostgreSQL: the database of an earlier run, kept: ${reuse} (BENCH_REUSE_DATABASE)`);
    return { url: reuse, drop: async () => {} };
  }
  const admin = new URL(process.env.BENCH_DATABASE_URL || PG_DEFAULT);
  if (admin.pathname === '' || admin.pathname === '/') admin.pathname = '/postgres';
  try {
    const db = await throwawayPostgres(admin.href, `po_bench_${process.pid}`, 3000);
    const name = new URL(db.url).pathname.slice(1);
    for (const [key, value] of Object.entries(PG_DOC_SETTINGS))
      await runSql(admin.href, `alter database ${name} set ${key} = ${value}`);
    const set = Object.entries(PG_DOC_SETTINGS).map(([k, v]) => `${k} = ${v}`);
    console.log(
      `\nPostgreSQL: the settings of docs/ops: ${set.join(', ') || "none (PostgreSQL's defaults)"}`,
    );
    return db;
  } catch (e) {
    console.log(`\nPostgreSQL: none reachable at ${admin.host} (${(e as Error).message}); skipped`);
    return null;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The gzip size of a built file: its .gz copy when the build wrote one, else compressed here. */
function gzipBytes(file: string): number {
  const gz = `${file}.gz`;
  if (fs.existsSync(gz)) return fs.statSync(gz).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * What the login page loads before it can be used (the entry with its static imports and styles, the
 * public layout, the login form, and the Georgian texts they need), and the largest chunks: gzip sizes.
 */
function bundleReport(): BenchRow[] {
  const manifestFile = path.join(WEB_DIST, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return [note('bundle sizes', 'no apps/web/dist/.vite/manifest.json')];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  /** The files a route loads: the chunks of `keys`, their CSS and what they import, each once. */
  const routeFiles = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const c = manifest[key];
      if (!c || files.has(c.file)) return;
      files.add(c.file);
      for (const css of c.css ?? []) files.add(css);
      for (const k of c.imports ?? []) visit(k);
    };
    keys.forEach(visit);
    return files;
  };
  const gzipTotal = (files: Iterable<string>) =>
    [...files].reduce((sum, f) => sum + gzipBytes(path.join(WEB_DIST, f)), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  const missing = LOGIN_ROUTE.find((key) => !manifest[key]);
  if (missing) return [note('bundle sizes', `${missing} is not in the manifest`)];
  const loginKeys = [...LOGIN_ROUTE];
  for (const texts of LOGIN_TEXTS) {
    const key = Object.keys(manifest).find((k) => manifest[k].file.startsWith(`assets/i18n-${texts}-`));
    if (!key) return [note('bundle sizes', `no chunk for the ${texts} texts in the manifest`)];
    loginKeys.push(key);
  }
  const login = routeFiles(loginKeys);
  const working = routeFiles(WORKING_ROUTE);
  const rows = [
    note('login route (gzip, limit 150 KB)', `${kb(gzipTotal(login))} in ${login.size} files`),
    note('a working screen, first load (gzip)', `${kb(gzipTotal(working))} in ${working.size} files`),
  ];
  // the public tracking page (issue 38): its own entry, its JavaScript at most 60 KB gzip
  const trackJs = [...routeFiles(['track.html'])].filter((f) => f.endsWith('.js'));
  rows.push(
    note(
      'tracking page JS (gzip, limit 60 KB)',
      manifest['track.html']
        ? `${kb(gzipTotal(trackJs))} in ${trackJs.length} files`
        : 'track.html is not in the manifest',
    ),
  );
  const assets = path.join(WEB_DIST, 'assets');
  const largest = fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ f, gz: gzipBytes(path.join(assets, f)) }))
    .sort((a, b) => b.gz - a.gz)
    .slice(0, 6);
  for (const { f, gz } of largest) rows.push(note(`  ${f}`, `${kb(gz)} gzip`));
  return rows;
}

async function main() {
  console.log(`bench: ${os.cpus().length} cores, node ${process.version}`);
  const wrk = wrkVersion();
  console.log(
    loadTool() === 'wrk'
      ? `load: ${wrk ?? 'wrk'} (2 threads)`
      : `load: autocannon${wrk ? ' (BENCH_LOAD=autocannon)' : ' (no wrk here: apt-get install wrk for the figures of the README)'}`,
  );
  console.log(`PostgreSQL server: WORKERS=${PG_WORKERS} (BENCH_WORKERS)`);
  if (!fs.existsSync(SERVER_MAIN)) throw new Error('apps/server/dist/main.js is missing: run npm run build');
  const tables: Array<[string, BenchRow[]]> = [['web bundles', bundleReport()]];

  if (DATABASES.includes('pglite')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-bench-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    tables.push([
      'embedded database (PGlite)',
      await benchDatabase('embedded database (PGlite)', { DATA_DIR: dataDir, DATABASE_URL: '' }),
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pgDb = DATABASES.includes('postgres') ? await benchPostgres() : null;
  if (pgDb) {
    try {
      tables.push([
        'PostgreSQL server',
        await benchDatabase('PostgreSQL server', {
          DATABASE_URL: pgDb.url,
          SEED_DEMO: '1',
          WORKERS: PG_WORKERS,
        }),
      ]);
    } finally {
      if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\nPostgreSQL: database kept: ${pgDb.url}`);
      else await pgDb.drop();
    }
  }

  for (const [title, rows] of tables) {
    console.log(`\n${title}`);
    printTable(rows);
  }
  if (!SCENARIO_FILTER?.length) {
    try {
      await runGridBench();
    } catch (e) {
      console.log(`\nDataGrid benchmark failed: ${(e as Error).message}`);
    }
  }
}

try {
  await main();
} catch (e) {
  console.error(`bench failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  killNow();
}
