/**
 * Reads from a real streaming replica (test/streaming-replica.ts): a second PostgreSQL cluster made
 * from the test server with `pg_basebackup -R`, started as a hot standby. Pausing its replay makes a
 * replica that lacks the latest writes, which shows where each read went.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '@po/contract';
import { NotConfirmParcelFinder, ParcelFinder, PostUpStat } from '@po/contract/parcels/finder';
import { sql } from 'drizzle-orm';
import { useHarness } from '../test/harness.ts';
import { callAs, makeParcel, signIn, type Session } from '../test/factories.ts';
import { startStreamingReplica, type StreamingReplica } from '../test/streaming-replica.ts';
import { buildApp, type App } from '../app.ts';
import { testConfig } from '../config.ts';
import type { ReplicaState } from './replicas.ts';
import { rows } from './client.ts';
import { logSink } from '../test/log-sink.ts';
import Fastify from 'fastify';
import { call } from '../http/route.ts';

const adminUrl = process.env.DATABASE_URL;

/** MM/DD/YYYY of a Tbilisi day some days from now. */
function us(daysFromNow: number): string {
  const d = new Date(Date.now() + 4 * 3_600_000 + daysFromNow * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
const range = { StartRegDate: us(-14), EndRegDate: us(0) };

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!adminUrl)('reads from a streaming replica (PostgreSQL only: set DATABASE_URL)', () => {
  const h = useHarness();
  let replica: StreamingReplica;
  let dbName = '';
  /** apps with the replica as DATABASE_READ_URL over the harness's database, closed after each test */
  const apps: App[] = [];
  const appWith = async (maxLagSeconds: number, more: StreamingReplica[] = []) => {
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    const a = await buildApp(
      testConfig({
        DATABASE_READ_URL: [replica, ...more].map((r) => r.urlOf(u.toString())),
        READ_MAX_LAG_SECONDS: maxLagSeconds,
        READ_CHECK_SECONDS: 0.2,
        // a loaded machine (CI, two cores) may take seconds to answer; a timed-out check would count it down
        READ_CHECK_TIMEOUT_SECONDS: 15,
        METRICS_ALLOW: ['loopback'],
      }),
      h().database,
    );
    apps.push(a);
    await a.ready();
    return a;
  };

  beforeAll(async () => {
    replica = await startStreamingReplica(adminUrl!);
    [{ name: dbName }] = await rows<{ name: string }>(h().db, sql`select current_database() as name`);
    await replica.catchUp();
  }, 120_000);
  afterEach(async () => {
    await replica.resumeReplay().catch(() => undefined);
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await replica?.remove();
  });

  const stateOf = (a: App): ReplicaState => a.deps.replicas!.status()[0].state;
  const reads = (a: App) => ({ ...a.deps.replicas!.reads });
  /** waits until the app's background check has seen the replica up with everything written so far */
  const replicaCurrent = async (a: App) => {
    await replica.catchUp();
    // a check that began before the catch-up (or the last one before a pause) may still be the one shown:
    // wait for one begun after it (check() answers the check under way, if any, so twice)
    await a.deps.replicas!.check();
    await a.deps.replicas!.check();
    await until('the check sees the replica up and current', () => {
      const [s] = a.deps.replicas!.status();
      return s.state === 'up' && s.lagSeconds === 0;
    });
  };
  const unconfirmed = async (a: App, session: Session) => {
    const res = await callAs(a, NotConfirmParcelFinder, session, range);
    expect(res.Status).toBe(true);
    return res.Data!.Parcels.map((p) => p.Barcode);
  };

  it('sends a finder to the replica, and a user reads their own write at once', async () => {
    const app = await appWith(60);
    const { session: writer } = await signIn(app, h().db, { roleId: 100 });
    const { session: other } = await signIn(app, h().db, { roleId: 100 });
    const parcel = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
    await replicaCurrent(app);
    expect(await unconfirmed(app, other)).toEqual([parcel.barcode]);

    // the replica stops replaying: what the primary writes from now on is not on it
    await replica.pauseReplay();
    const before = reads(app);
    const done = await callAs(app, PostUpStat, writer, { barcodes: parcel.barcode, stat: Status.Confirmed });
    expect(done.Data!.Ret).toBe(1);
    // the writer reads the primary (the replica has not replayed their write): confirmed, not listed
    expect(await unconfirmed(app, writer)).toEqual([]);
    // someone who wrote nothing reads the replica, which has not replayed the status yet
    expect(await unconfirmed(app, other)).toEqual([parcel.barcode]);
    expect(reads(app)).toEqual({ replica: before.replica + 1, primary: before.primary + 1 });
    // and a parcel made on the primary now is not found by a finder that reads the replica
    const later = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
    const found = await callAs(app, ParcelFinder, other, { ...range, Barcode: later.barcode });
    expect(found.Data!.Parcels).toEqual([]);

    // replay resumes: once the check has seen it replay the write, the writer reads the replica again
    await replica.resumeReplay();
    await replicaCurrent(app);
    const after = reads(app);
    expect(await unconfirmed(app, writer)).toEqual([later.barcode]);
    expect(await unconfirmed(app, other)).toEqual([later.barcode]);
    expect(reads(app)).toEqual({ replica: after.replica + 2, primary: after.primary });
  });

  it('reads the primary while the replica lags more than READ_MAX_LAG_SECONDS', async () => {
    const strict = await appWith(1);
    const { session } = await signIn(strict, h().db, { roleId: 100 });
    await replicaCurrent(strict);
    await replica.pauseReplay();
    const parcel = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
    await until('the replica is seen lagging', () => stateOf(strict) === 'lagging');
    expect(strict.deps.replicas!.status()[0].lagSeconds).toBeGreaterThan(1);
    const before = reads(strict);
    // the replica lacks the parcel; the primary, read instead, has it
    expect(await unconfirmed(strict, session)).toEqual([parcel.barcode]);
    expect(reads(strict)).toEqual({ replica: before.replica, primary: before.primary + 1 });
    const metrics = await strict.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(
      new RegExp(
        `db_replica_state\\{replica="127\\.0\\.0\\.1:${replica.port}/${dbName}",state="lagging"\\} 1`,
      ),
    );
    await replica.resumeReplay();
    await replicaCurrent(strict);
    expect(stateOf(strict)).toBe('up');
  });

  it('reads the primary when the replica is stopped, and the replica again once it is back', async () => {
    const app = await appWith(60);
    const { session } = await signIn(app, h().db, { roleId: 100 });
    const parcel = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
    await replicaCurrent(app);
    await replica.stop();
    // at once, before any check: the read that fails on the replica is answered from the primary
    expect(await unconfirmed(app, session)).toEqual([parcel.barcode]);
    expect(stateOf(app)).toBe('down');
    await until('the check sees the replica down', () => stateOf(app) === 'down');
    const before = reads(app);
    expect(await unconfirmed(app, session)).toEqual([parcel.barcode]);
    expect(reads(app)).toEqual({ replica: before.replica, primary: before.primary + 1 });
    const down = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(down.body).toContain(
      `db_replica_state{replica="127.0.0.1:${replica.port}/${dbName}",state="down"} 1`,
    );
    expect(down.body).not.toContain(`db_replica_lag_seconds{replica="127.0.0.1:${replica.port}/${dbName}"}`);

    await replica.start();
    await replicaCurrent(app);
    const back = reads(app);
    expect(await unconfirmed(app, session)).toEqual([parcel.barcode]);
    expect(reads(app)).toEqual({ replica: back.replica + 1, primary: back.primary });
  });

  it('reads several replicas in turn, and only those current while one lags', async () => {
    const second = await startStreamingReplica(adminUrl!);
    try {
      await second.catchUp();
      const a = await appWith(1, [second]);
      const { session } = await signIn(a, h().db, { roleId: 100 });
      const parcel = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
      await Promise.all([replica.catchUp(), second.catchUp()]);
      await until('the check sees both replicas up and current', () =>
        a.deps.replicas!.status().every((s) => s.state === 'up' && s.lagSeconds === 0),
      );
      const perReplica = () => a.deps.replicas!.status().map((s) => s.reads);
      const before = perReplica();
      expect(await unconfirmed(a, session)).toEqual([parcel.barcode]);
      expect(await unconfirmed(a, session)).toEqual([parcel.barcode]);
      // one read each
      expect(perReplica()).toEqual([before[0] + 1, before[1] + 1]);

      // the second stops replaying and falls behind: the finders read the first alone, which is current
      await second.pauseReplay();
      const later = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
      await until(
        'the second replica is seen lagging',
        () => a.deps.replicas!.status()[1].state === 'lagging',
      );
      await replica.catchUp();
      await until('the first is seen current', () => a.deps.replicas!.status()[0].lagSeconds === 0);
      const lagging = perReplica();
      const primaryBefore = reads(a).primary;
      for (let i = 0; i < 3; i++)
        expect((await unconfirmed(a, session)).sort()).toEqual([parcel.barcode, later.barcode].sort());
      expect(perReplica()).toEqual([lagging[0] + 3, lagging[1]]);
      expect(reads(a).primary).toBe(primaryBefore);
    } finally {
      await second.remove();
    }
  });

  it('exports each replica lag and state in /metrics', async () => {
    const app = await appWith(60);
    const { session } = await signIn(app, h().db, { roleId: 100 });
    await replicaCurrent(app);
    await unconfirmed(app, session);
    const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const name = `127.0.0.1:${replica.port}/${dbName}`;
    expect(res.body).toContain(`db_replica_lag_seconds{replica="${name}"} 0`);
    expect(res.body).toContain(`db_replica_state{replica="${name}",state="up"} 1`);
    expect(res.body).toContain(`db_replica_state{replica="${name}",state="down"} 0`);
    expect(res.body).toMatch(
      new RegExp(`db_replica_reads_total\\{target="${name.replace(/\./g, '\\.')}"\\} [1-9]`),
    );
  });
});

describe.skipIf(!!adminUrl)('DATABASE_READ_URL on the embedded database', () => {
  const h = useHarness();

  it('is ignored, with a log line, and every call reads the embedded database', async () => {
    const sink = logSink();
    const app = await buildApp(
      testConfig({ LOG_LEVEL: 'warn', DATABASE_READ_URL: ['postgres://postgres@127.0.0.1:1/none'] }),
      h().database,
      { logStream: sink.stream },
    );
    try {
      expect(app.deps.replicas).toBeNull();
      expect(sink.lines.join('')).toContain(
        'DATABASE_READ_URL is ignored: the embedded database has no replicas',
      );
      const { session } = await signIn(app, h().db, { roleId: 100 });
      const parcel = await makeParcel(h().db, { createDate: new Date(Date.now() - 86_400_000) });
      const res = await callAs(app, NotConfirmParcelFinder, session, range);
      expect(res.Data!.Parcels.map((p) => p.Barcode)).toEqual([parcel.barcode]);
    } finally {
      await app.close();
    }
  });
});

describe('a call the contract lets read a replica', () => {
  it('cannot be registered as a write (a replica refuses writes)', async () => {
    const app = Fastify();
    try {
      expect(() => call(app, NotConfirmParcelFinder, async () => ({}) as never, { write: true })).toThrow(
        /NotConfirmParcelFinder writes: it cannot read a replica/,
      );
      expect(NotConfirmParcelFinder.reads).toBe('replica');
      expect(PostUpStat.reads).toBe('primary');
    } finally {
      await app.close();
    }
  });
});
