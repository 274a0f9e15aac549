/**
 * The load every scenario puts on a call: `connections` keep-alive connections sending the request
 * again as soon as its answer is in, for `seconds`; a request counts as an error unless it answers
 * HTTP 200 with `{"Status":true` (the envelope is HTTP 200 even on failure).
 *
 * The load comes from wrk (Debian's `wrk`, written in C) when the machine has it, else from autocannon
 * (JavaScript, from npm). The load generator runs on the same cores as the server and the database, so
 * its own cost is taken from what the server can do: autocannon spends about as much CPU on a request
 * as a cached call costs the server, while pgbench, beside which the
 * server's figures are set, is C. With wrk the figure is the server's, not the load generator's; the
 * table says which one ran. Each load is warmed up first (WARMUP_SECONDS).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoadOptions {
  /** the whole URL; with `paths`, only its origin is used */
  url: string;
  method?: 'GET' | 'POST';
  /** a JSON body (sent with content-type application/json) */
  body?: string;
  connections: number;
  seconds: number;
  /** every request its own Idempotency-Key (as the web app sends its writes) */
  keyed?: boolean;
  /** the requests' paths (with their query), one after another round the list */
  paths?: readonly string[];
}
export interface LoadResult {
  rps: number;
  /** milliseconds */
  p50: number;
  p99: number;
  errors: number;
  /** requests answered in the run */
  requests: number;
  tool: 'wrk' | 'autocannon';
}

/**
 * The processes that serve an origin (the bench's server, Fastify alone), registered by whoever started
 * them (`serving`): a load on that origin also measures their CPU time (user and system, every process
 * listed when the load starts; Linux's /proc, nothing elsewhere). CPU time a request is steadier than
 * requests a second on a shared machine: it does not count the time the server waited for a core.
 */
const servers = new Map<string, () => number[]>();
export function serving(origin: string, pids: (() => number[]) | null): void {
  if (pids) servers.set(origin, pids);
  else servers.delete(origin);
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(r.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** The CPU time (user and system, in clock ticks) the processes used so far; null if one cannot be read. */
function cpuTicks(pids: readonly number[]): number | null {
  let sum = 0;
  for (const pid of pids) {
    try {
      // the fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += Number(f[11]) + Number(f[12]);
    } catch {
      return null;
    }
  }
  return sum;
}

/** The `p`th percentile (nearest rank) of values sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p)) ?? null;
/** Set BENCH_LOAD=autocannon to measure with autocannon on a machine that has wrk. */
const USE_WRK = WRK !== null && process.env.BENCH_LOAD !== 'autocannon';

export const loadTool = (): LoadResult['tool'] => (USE_WRK ? 'wrk' : 'autocannon');

/**
 * Seconds of the same load before the measured run, not counted: the server's first requests prepare
 * its statements on each pooled connection and run before V8 has compiled the hot path. None for a
 * load with `paths` (a scan scenario's paths are each meant once per pass).
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

export async function load(o: LoadOptions): Promise<LoadResult & { cpuUs: number | null }> {
  const run = USE_WRK ? withWrk : withAutocannon;
  if (!o.paths?.length && WARMUP_SECONDS > 0) await run({ ...o, seconds: WARMUP_SECONDS });
  const pids = servers.get(new URL(o.url).origin)?.() ?? [];
  const before = pids.length ? cpuTicks(pids) : null;
  const r = await run(o);
  const after = before === null ? null : cpuTicks(pids);
  const cpuUs =
    before !== null && after !== null && r.requests > 0
      ? ((after - before) * 1e6) / CLOCK_TICKS / r.requests
      : null;
  return { ...r, cpuUs };
}

const luaString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;

/**
 * wrk with a Lua script: the request (method, body, headers; per request only when it varies, else
 * wrk formats it once), the check of every answer, and the figures printed as JSON at the end.
 */
function wrkScript(o: LoadOptions, run: string): string {
  const varies = o.keyed || (o.paths?.length ?? 0) > 0;
  return `
wrk.method = ${luaString(o.method ?? 'GET')}
${o.body !== undefined ? `wrk.body = ${luaString(o.body)}` : ''}
wrk.headers["Content-Type"] = "application/json"
local threads = {}
local counter = 0
function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
bad = 0
${
  varies
    ? `
local paths = {${(o.paths ?? []).map(luaString).join(',')}}
local n = 0
function request()
  n = n + 1
  local path = wrk.path
  if #paths > 0 then path = paths[((n - 1) * ${threadsFor(o)} + tid) % #paths + 1] end
  local headers = { ["Content-Type"] = "application/json" }
  ${o.keyed ? `headers["Idempotency-Key"] = "bench-${run}-" .. tid .. "-" .. n` : ''}
  return wrk.format(nil, path, headers, nil)
end`
    : ''
}
function response(status, headers, body)
  if status ~= 200 or string.sub(body, 1, 14) ~= '{"Status":true' then bad = bad + 1 end
end
function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout
  for _, t in ipairs(threads) do errors = errors + t:get("bad") end
  io.write(string.format('\\nBENCH {"requests":%d,"duration":%d,"p50":%d,"p99":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors))
end
`;
}

/** wrk's threads: two, like pgbench's, never more than the connections. */
const threadsFor = (o: LoadOptions) => Math.min(2, o.connections);

function withWrk(o: LoadOptions): Promise<LoadResult> {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-wrk-'));
  const script = path.join(dir, 'load.lua');
  fs.writeFileSync(script, wrkScript(o, run));
  const args = [
    `-t${threadsFor(o)}`,
    `-c${o.connections}`,
    `-d${o.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    o.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(WRK!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      fs.rmSync(dir, { recursive: true, force: true });
      const line = /BENCH (\{.*\})/.exec(out);
      if (!line) return reject(new Error(`wrk printed no figures:\n${out}`));
      const r = JSON.parse(line[1]) as {
        requests: number;
        duration: number;
        p50: number;
        p99: number;
        errors: number;
      };
      resolve({
        rps: r.requests / (r.duration / 1e6),
        p50: r.p50 / 1000,
        p99: r.p99 / 1000,
        errors: r.errors,
        requests: r.requests,
        tool: 'wrk',
      });
    });
  });
}

async function withAutocannon(o: LoadOptions): Promise<LoadResult> {
  let sent = 0;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const varies = o.keyed || (o.paths?.length ?? 0) > 0;
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    connections: o.connections,
    duration: o.seconds,
    timeout: 10,
    headers: { 'content-type': 'application/json' },
    body: o.body,
    ...(varies
      ? {
          requests: [
            {
              setupRequest: (req) => {
                const i = sent++;
                return {
                  ...req,
                  ...(o.paths?.length ? { path: o.paths[i % o.paths.length] } : {}),
                  ...(o.keyed ? { headers: { ...req.headers, 'idempotency-key': `bench-${run}-${i}` } } : {}),
                };
              },
            },
          ],
        }
      : {}),
    verifyBody: (b) => typeof b === 'string' && b.startsWith('{"Status":true'),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
    requests: result.requests.total,
    tool: 'autocannon',
  };
}

/** wrk's version line, for the bench's header (null without wrk). */
export function wrkVersion(): string | null {
  if (!WRK) return null;
  const r = spawnSync(WRK, ['-v'], { encoding: 'utf8' });
  return (r.stdout + r.stderr).split('\n')[0]?.trim() || null;
}

/** A table row of a call under load: `load` with the scenario's name. */
export async function measure(
  scenario: string,
  o: LoadOptions,
): Promise<{
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuUs: number | null;
}> {
  const r = await load(o);
  return { scenario, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, cpuUs: r.cpuUs };
}
