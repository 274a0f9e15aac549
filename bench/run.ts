/**
 * `npm run bench`: starts the server as a child process on a fresh embedded database (the demo seed
 * loads), measures the time from spawn to a healthy `/api/health`, runs every scenario module in
 * bench/scenarios/ (each exports `name` and `run(ctx)` answering rows), prints one table, then runs
 * the DataGrid benchmark when there is one. Loopback only; the child server is always stopped.
 * Not a test: nothing here asserts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchContext {
  baseUrl: string;
  /** logs a demo account in (password Demo#2026) and answers the Id and Ticket to send */
  login(login: string, password?: string): Promise<{ Id: string; Ticket: string }>;
}
/** One line of the table; a null figure prints as n/a (e.g. a call not built yet). */
export interface BenchRow {
  scenario: string;
  rps: number | null;
  p50: number | null;
  p99: number | null;
  errors: number | null;
  note?: string;
}
interface ScenarioModule {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIOS_DIR = path.join(ROOT, 'bench', 'scenarios');
const GRID_DIR = path.join(ROOT, 'apps', 'web', 'src', 'components', 'data-grid');
const DEMO_PASSWORD = 'Demo#2026';
const START_TIMEOUT_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let child: ChildProcess | null = null;
let dataDir: string | null = null;

/** Stops the server: SIGTERM (it closes the database), SIGKILL if it lingers. */
async function stopServer(): Promise<void> {
  const c = child;
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  c.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) c.kill('SIGKILL');
  child = null;
}
function killNow() {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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

async function startServer(): Promise<{ baseUrl: string; startMs: number }> {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const tail: string[] = [];
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ARCHIVE_EVERY_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (prefix: string) => (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      console.log(`  ${prefix} ${line}`);
    }
  };
  child.stdout?.on('data', keep('[server]'));
  child.stderr?.on('data', keep('[server!]'));
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (!child || child.exitCode !== null) throw new Error(`the server exited (code ${child?.exitCode})`);
    if (await health(baseUrl)) return { baseUrl, startMs: performance.now() - started };
    await sleep(100);
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

function context(baseUrl: string): BenchContext {
  return {
    baseUrl,
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
  const head = ['scenario', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'note'];
  const body = rows.map((r) => [
    r.scenario,
    fmt(r.rps),
    fmt(r.p50, 1),
    fmt(r.p99, 1),
    fmt(r.errors),
    r.note ?? '',
  ]);
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
  const files = fs
    .readdirSync(SCENARIOS_DIR)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .sort((a, b) => (a === 'platform.ts' ? -1 : b === 'platform.ts' ? 1 : a.localeCompare(b)));
  const out: ScenarioModule[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(SCENARIOS_DIR, f)).href)) as Partial<ScenarioModule>;
    if (typeof mod.run === 'function') out.push({ name: mod.name ?? f.replace(/\.ts$/, ''), run: mod.run });
    else console.warn(`bench: ${f} exports no run(ctx); skipped`);
  }
  return out;
}

/** The DataGrid benchmark: a *.bench* file, or a vitest file gated by BENCH=1, in the grid folder. */
function runGridBench() {
  if (!fs.existsSync(GRID_DIR)) return;
  const files = fs.readdirSync(GRID_DIR).filter((f) => /\.(ts|tsx)$/.test(f));
  const targets = files.filter(
    (f) =>
      f.includes('.bench') ||
      (/\.test\.tsx?$/.test(f) &&
        /process\.env\.BENCH/.test(fs.readFileSync(path.join(GRID_DIR, f), 'utf8'))),
  );
  if (targets.length === 0) {
    console.log('\nDataGrid benchmark: none found in apps/web/src/components/data-grid');
    return;
  }
  for (const f of targets) {
    const rel = path.relative(ROOT, path.join(GRID_DIR, f));
    const args = /\.bench\.tsx?$/.test(f)
      ? ['vitest', 'bench', '--run', '--project', 'web', rel]
      : ['vitest', 'run', '--project', 'web', rel];
    console.log(`\nDataGrid benchmark: BENCH=1 npx ${args.join(' ')}`);
    const r = spawnSync('npx', args, {
      cwd: ROOT,
      env: { ...process.env, BENCH: '1' },
      encoding: 'utf8',
      timeout: 600_000,
    });
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    if (r.status !== 0) console.log(`(exit ${r.status ?? r.signal})`);
  }
}

async function main() {
  console.log(`bench: ${os.cpus().length} cores, node ${process.version}`);
  const rows: BenchRow[] = [];
  try {
    const { baseUrl, startMs } = await startServer();
    console.log(
      `server healthy ${(startMs / 1000).toFixed(1)} s after spawn (fresh database with the demo seed)`,
    );
    const ctx = context(baseUrl);
    for (const s of await loadScenarios()) {
      console.log(`running ${s.name} …`);
      try {
        rows.push(...(await s.run(ctx)));
      } catch (e) {
        rows.push({
          scenario: s.name,
          rps: null,
          p50: null,
          p99: null,
          errors: null,
          note: `failed: ${(e as Error).message}`,
        });
      }
    }
    rows.unshift({
      scenario: 'startup (spawn to health)',
      rps: null,
      p50: null,
      p99: null,
      errors: null,
      note: `${(startMs / 1000).toFixed(1)} s`,
    });
  } finally {
    await stopServer();
  }
  console.log('');
  printTable(rows);
  runGridBench();
}

try {
  await main();
} catch (e) {
  console.error(`bench failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  killNow();
}
