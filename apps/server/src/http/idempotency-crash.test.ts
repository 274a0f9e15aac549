/**
 * Issue 9.7, the literal test: `kill -9` of the real server under a load of writes, then every key
 * retried on the restarted server. The server runs as its own process (`node --import tsx
 * src/main.ts`, as `npm run dev` runs it, so no build is needed) on the database the suite runs on:
 * a fresh PGlite data folder, or a fresh database on the PostgreSQL server of DATABASE_URL.
 *
 * Each write is a parcel registration whose case number (`Fild1`) is its Idempotency-Key, so the
 * parcels of each key can be counted. After the kill, every key sent (answered or not) is sent again
 * with the identical body: each retry must answer Status true (no 409 "pending", no 500), a key
 * answered before the kill answers its first answer again, a key whose write committed without an
 * answer answers that write, and each key's parcel exists exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Envelope } from '@po/contract';
import type { RegisteredParcel } from '@po/contract/registration';
import { migrate, openDatabase, rows, type Database } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';
import { makeUser } from '../test/factories.ts';
import { freePort } from '../test/free-port.ts';
import { throwawayPostgres } from '../test/throwaway-postgres.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
const pgUrl = process.env.DATABASE_URL;
const KIND = pgUrl ? 'PostgreSQL' : 'PGlite';

/** requests in flight at any time */
const CONCURRENCY = 24;
/** the server is killed once this many writes have been answered */
const KILL_AFTER = 120;
const START_TIMEOUT_MS = 120_000;
const KEY_PREFIX = `crash-${randomBytes(3).toString('hex')}-`;

type Reg = { Parcels: RegisteredParcel[] };

/** Everything started here, stopped in afterAll whatever happened. */
const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void>> = [];
const running = () => [...children].filter((c) => c.exitCode === null && c.signalCode === null);
afterAll(async () => {
  await Promise.all(
    running().map(
      (c) =>
        new Promise<void>((resolve) => {
          const bound = setTimeout(resolve, 10_000);
          c.once('exit', () => (clearTimeout(bound), resolve()));
          c.kill('SIGKILL');
        }),
    ),
  );
  for (const c of [...cleanups].reverse()) await c().catch(() => {});
});
// a test process that ends without its hooks (interrupted) leaves no server behind
process.once('exit', () => running().forEach((c) => c.kill('SIGKILL')));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database the servers share: where to find it, and a way to open it from the test. */
interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
}

/** A fresh database with the reference data and one counter operator; answers the operator. */
async function prepare(): Promise<{ target: Target; operator: { login: string; password: string } }> {
  let target: Target;
  if (pgUrl) {
    const { url, drop } = await throwawayPostgres(pgUrl, 'po_test_crash');
    cleanups.push(drop);
    target = { env: { DATABASE_URL: url }, open: () => openDatabase({ url }) };
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'po-idem-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    target = {
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    };
  }
  const database = await target.open();
  try {
    await migrate(database);
    await seedReference(database.db);
    // a user makes the database non-empty: the server loads no demo data
    const user = await makeUser(database.db, { roleId: 105 });
    return { target, operator: user };
  } finally {
    await database.close();
  }
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
  output: () => string;
}

/** The real server as its own process, answered /api/health. */
async function startServer(target: Target): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ARCHIVE_EVERY_MINUTES: '0',
      HOUSEKEEPING_EVERY_MINUTES: '0',
      PUBLIC_CALLS_PER_MINUTE: '100000',
      WORKERS: '1',
      ...target.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => out };
  const end = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server ended before it answered (${child.exitCode ?? child.signalCode}):\n${out}`);
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (((await res.json()) as { Status?: boolean }).Status === true) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${out}`);
    }
    await sleep(100);
  }
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await Promise.race([
    server.exited,
    sleep(20_000).then(() => {
      server.child.kill('SIGKILL');
      return server.exited;
    }),
  ]);
  children.delete(server.child);
}

async function post<T>(baseUrl: string, name: string, body: unknown, key?: string): Promise<Envelope<T>> {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return (await res.json()) as Envelope<T>;
}

/** A registration whose case number is its key, so its parcels can be counted per key. */
const registration = (session: { Id: string; Ticket: string }, key: string, i: number) => ({
  ...session,
  BarCodeGeneration: true,
  TermsOfPaymentID: 8700,
  PayType: 1,
  Pid: '01001012345',
  SenderName: `გამგზავნი ${i}`,
  SenderAddres: 'წერეთლის გამზ 116',
  SenderPostCode: '0100',
  SenderZone: 1,
  ReceiverName: 'დავით მაისურაძე',
  ReceiverAddres: 'ჭავჭავაძის ქ 51',
  ReceiverPostCode: '0100',
  ReceiveZone: 1,
  Weight: 1 + (i % 5) / 10,
  ParcelType: 8698,
  NumberOfPackages: 1,
  Fild1: key,
  Description: 'kill -9',
});

/**
 * The parcels of each key (parcel GUIDs) and the number of keys the server holds, once no session of
 * another process is left on the database.
 */
async function written(target: Target): Promise<{ parcels: Map<string, string[]>; keys: number }> {
  const database = await target.open();
  try {
    if (database.kind === 'postgres') {
      // a COMMIT the killed server sent may still be on its way: wait until its sessions are gone
      const end = Date.now() + 20_000;
      for (;;) {
        const [{ n }] = await rows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and backend_type = 'client backend'
                and pid <> pg_backend_pid()`,
        );
        if (n === 0) break;
        if (Date.now() > end) throw new Error('the killed server’s database sessions did not end');
        await sleep(50);
      }
    }
    const found = await rows<{ key: string; guids: string[] }>(
      database.db,
      sql`select fild1 as key, array_agg(guid::text order by guid) as guids from parcels
          where fild1 like ${KEY_PREFIX + '%'} group by fild1`,
    );
    const [{ keys }] = await rows<{ keys: number }>(
      database.db,
      sql`select count(*)::int as keys from idempotency_keys where key like ${'%:Registration:' + KEY_PREFIX + '%'}`,
    );
    return { parcels: new Map(found.map((r) => [r.key, r.guids])), keys };
  } finally {
    await database.close();
  }
}

describe(`kill -9 under load (${KIND})`, () => {
  it(
    'every key retried after the crash answers once: the first answer, or the write applied once',
    // tens of seconds of CPU (more on PGlite than on PostgreSQL); the bound is for a busy machine
    { timeout: 300_000 },
    async () => {
      const { target, operator } = await prepare();

      // --- the load, and the kill while writes are in flight
      const first = await startServer(target);
      const login = await post<{ UserId: string; Ticket: string }>(first.baseUrl, 'PostGetUser', {
        Login: operator.login,
        Password: operator.password,
      });
      expect(login.Status, login.Error ?? '').toBe(true);
      const session = { Id: login.Data!.UserId, Ticket: login.Data!.Ticket };

      const sent: string[] = [];
      const bodies = new Map<string, ReturnType<typeof registration>>();
      const answered = new Map<string, Reg>();
      const refused: string[] = [];
      let lostOnTheWay = 0;
      let killed = false;
      const loadStarted = Date.now();
      const worker = async () => {
        while (!killed) {
          const i = sent.length;
          const key = `${KEY_PREFIX}${i}`;
          const body = registration(session, key, i);
          sent.push(key);
          bodies.set(key, body);
          try {
            const env = await post<Reg>(first.baseUrl, 'Registration', body, key);
            if (env.Status) answered.set(key, env.Data!);
            else refused.push(`${key}: ${env.Code} ${env.Error}`);
          } catch {
            lostOnTheWay++; // the connection died with the server: no answer
          }
          if (!killed && answered.size >= KILL_AFTER) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const loadMs = Date.now() - loadStarted;
      await first.exited;
      children.delete(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(refused, first.output()).toEqual([]);
      const inFlight = sent.filter((k) => !answered.has(k));
      expect(inFlight.length).toBe(lostOnTheWay);
      // the kill came while writes were under way (every worker had one out)
      expect(inFlight.length).toBeGreaterThan(0);

      // --- what the crash left: every answered write is there, once
      const crashed = await written(target);
      const atKill = crashed.parcels;
      // the key commits with its write, or not at all
      expect(crashed.keys).toBe(atKill.size);
      for (const [key, data] of answered) expect(atKill.get(key), key).toEqual([data.Parcels[0].GUID]);
      for (const [key, guids] of atKill) expect(guids.length, key).toBe(1);
      const committedUnanswered = inFlight.filter((k) => atKill.has(k));

      // --- the restart, and every key sent again with its identical body
      const second = await startServer(target);
      const retries = new Map<string, Envelope<Reg>>();
      const failures: string[] = [];
      const queue = [...sent];
      const retryWorker = async () => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
          try {
            retries.set(key, await post<Reg>(second.baseUrl, 'Registration', bodies.get(key), key));
          } catch (e) {
            failures.push(`${key}: ${(e as Error).message}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, retryWorker));
      await stopServer(second, 'SIGTERM');
      const { parcels: after, keys } = await written(target);

      // --- the figures (printed before the checks, so a failure shows them too)
      const codes = [...retries.values()].map((r) => r.Code);
      const conflicts = codes.filter((c) => c === 409).length;
      const errors = codes.filter((c) => c >= 500).length;
      const doubles = sent.filter((k) => (after.get(k)?.length ?? 0) > 1);
      const lost = sent.filter((k) => !after.has(k));
      const stray = [...after.keys()].filter((k) => !bodies.has(k));
      // a retry of a write committed before the kill must replay it; any other retry applies it
      const replayed = sent.filter((k) => atKill.has(k)).length;
      const applied = sent.length - replayed;
      console.log(
        `kill -9 under load (${KIND}): sent ${sent.length} in ${(loadMs / 1000).toFixed(1)} s with ${CONCURRENCY} in flight, ` +
          `acknowledged before the kill ${answered.size}, in flight at the kill ${inFlight.length} ` +
          `(${committedUnanswered.length} committed without an answer), retried ${retries.size}: ` +
          `replayed ${replayed}, applied on retry ${applied}; doubles ${doubles.length}, lost ${lost.length}, ` +
          `409s ${conflicts}, 500s ${errors}`,
      );

      // --- every retry answered Status true
      expect(failures, second.output()).toEqual([]);
      expect(retries.size).toBe(sent.length);
      const notOk = [...retries].filter(([, r]) => !r.Status).map(([k, r]) => `${k}: ${r.Code} ${r.Error}`);
      expect(notOk).toEqual([]);

      // --- each key's write exactly once, and each retry answering that write
      expect({ doubles, lost, stray }).toEqual({ doubles: [], lost: [], stray: [] });
      expect(keys).toBe(sent.length);
      for (const key of sent) {
        const retry = retries.get(key)!.Data!;
        const guids = after.get(key)!;
        expect(
          retry.Parcels.map((p) => p.GUID),
          key,
        ).toEqual(guids);
        // answered before the kill: the same answer again
        if (answered.has(key)) expect(retry, key).toEqual(answered.get(key));
        // committed before the kill (answered or not): that parcel, not a new one
        if (atKill.has(key)) expect(guids, key).toEqual(atKill.get(key));
      }
    },
  );
});
