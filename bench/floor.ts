/**
 * "Fastify alone" beside a call (bench/floor-server.ts): what a request costs Node and Fastify on this
 * machine before the call does anything of its own, run as the server runs (scripts/serve.sh's memory
 * and collector settings) and loaded the same way. Issue 19 asks for half of pgbench's rate; this row
 * says how much of pgbench's rate the framework alone leaves, so a call's share reads against what was
 * possible.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchRow, PgbenchFigures } from './run.ts';
import { serving } from './load.ts';
import { freePort } from '../apps/server/src/test/free-port.ts';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.join(BENCH, 'floor-server.ts');
/** Node's flags as scripts/serve.sh gives them to the server. */
const NODE_FLAGS = ['--max-semi-space-size=8', '--single-threaded-gc'];
/** The headers Node sets itself: not the call's own. */
const NODE_OWN = new Set([
  'date',
  'content-length',
  'connection',
  'keep-alive',
  'content-type',
  'transfer-encoding',
  'content-encoding',
]);

/** An answer of the server (its headers and body) as the floor server gives it. */
async function answerOf(
  url: string,
  init: RequestInit,
): Promise<{ headers: Record<string, string>; body: string }> {
  // uncompressed, as wrk asks for it (fetch would ask for brotli and decode it)
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), 'accept-encoding': 'identity' },
    signal: AbortSignal.timeout(10_000),
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!NODE_OWN.has(k)) headers[k] = v;
  });
  return { headers, body: await res.text() };
}

/** Starts the floor server answering `answer` on every path; `stop` ends it. */
async function startFloor(answer: {
  headers: Record<string, string>;
  body: string;
}): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', SERVER], {
    cwd: path.dirname(BENCH),
    env: {
      ...process.env,
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
      PORT: String(port),
      FLOOR_HEADERS: JSON.stringify(answer.headers),
      FLOOR_BODY: answer.body,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('floor ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the floor server exited (code ${code})`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // its CPU a request, as the server's is measured (bench/load.ts)
  serving(baseUrl, () => (child.pid ? [child.pid] : []));
  return {
    baseUrl,
    stop: async () => {
      serving(baseUrl, null);
      process.off('exit', kill);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000)).then(kill)]);
    },
  };
}

/** The floor's row in the table, under the call's. */
const FLOOR_ROW = '  Fastify alone: the same request, the same answer';

/**
 * On PostgreSQL, the call's request (`url` with `init`) answered by Fastify alone with the server's own
 * answer, measured beside pgbench as the call is (BenchContext.beside): `measureAt` loads the floor
 * server's address of the same path and query. Null on the embedded database (no pgbench to set it beside).
 */
export async function besideFloor(
  ctx: BenchContext,
  url: string,
  init: RequestInit,
  measureAt: (scenario: string, url: string) => Promise<BenchRow>,
  pgbench: () => Promise<PgbenchFigures | null>,
): Promise<BenchRow | null> {
  if (!ctx.postgres) return null;
  const floor = await startFloor(await answerOf(url, init));
  try {
    const { pathname, search } = new URL(url);
    return await ctx.beside(() => measureAt(FLOOR_ROW, `${floor.baseUrl}${pathname}${search}`), pgbench);
  } finally {
    await floor.stop();
  }
}
