import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** stops the server and removes its data (kept with `{ keepData: true }`) */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * The embedded database with the demo data, made once per `npm run test:e2e` by `lib/prepare.ts`: each
 * test file's server starts on its own copy instead of loading the demo data again (a minute each on a
 * busy machine). Used only when E2E_TEMPLATE=1 (the npm script sets it after preparing).
 */
export const TEMPLATE_DIR = path.join(ROOT, '.e2e-artifacts', 'demo-db');
async function templateReady(): Promise<boolean> {
  if (process.env.E2E_TEMPLATE !== '1') return false;
  return stat(path.join(TEMPLATE_DIR, 'READY')).then(
    () => true,
    () => false,
  );
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms\n${log()}`);
}

let built = false;
/** Compiles the server when its sources are newer than apps/server/dist (half a second; nothing when fresh). */
function buildServerOnce() {
  if (built) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', 'server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('building the server failed');
  built = true;
}

/**
 * Starts the real server as `npm start` runs it (the compiled server from apps/server/dist and the built
 * web app from apps/web/dist, both made by `npm run build`, which `npm test` runs first) on a fresh
 * embedded database with the demo data, on a free port; resolves once /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  buildServerOnce();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'po-e2e-'));
  if (!env.DATABASE_URL && (await templateReady()))
    await cp(TEMPLATE_DIR, dataDir, { recursive: true, filter: (src) => path.basename(src) !== 'READY' });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // V8's baseline WebAssembly compiler only: a journey's server lives a minute or two, too short for the
  // optimising compiler's work on PGlite's module to pay back; the answers are the same
  const child = spawn(process.execPath, ['--liftoff-only', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ARCHIVE_EVERY_MINUTES: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async (opts: { keepData?: boolean } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (!opts.keepData) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // E2E_START_MS: a longer wait for the demo data on a busy machine
    await waitForHealth(url, child, Number(process.env.E2E_START_MS) || 90_000, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, dataDir, stop };
}
