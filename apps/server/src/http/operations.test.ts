import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useHarness } from '../test/harness.ts';
import { logSink } from '../test/log-sink.ts';
import { get, makeUser, PASSWORD } from '../test/factories.ts';
import { buildApp } from '../app.ts';
import { rows } from '../db/client.ts';
import { loadConfig, testConfig } from '../config.ts';

const h = useHarness();

/** The value of one series in Prometheus' text format (its name and labels as written), or null. */
function series(text: string, name: string, labels: Record<string, string>): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((l) => line.includes(l))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('readiness', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const res = await h().app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: true, Data: { ready: true } });
  });

  it('answers 503 once the server is stopping', async () => {
    const { app } = h();
    app.lifecycle.stopping = true;
    const res = await app.inject({ url: '/api/ready' });
    app.lifecycle.stopping = false;
    expect(res.statusCode).toBe(503);
    const body = res.json() as { Status: boolean; Code: number; Error: string };
    expect(body).toMatchObject({ Status: false, Code: 503 });
    expect(body.Error).toContain('stopping');
    expect(body.Error).toMatch(/^სერვერი ახლა ვერ იღებს მოთხოვნებს/);
  });

  it('answers 503 naming a migration the database lacks', async () => {
    const { app, db } = h();
    const [last] = await rows<{ name: string }>(db, sql`select max(name) as name from schema_migrations`);
    await db.execute(sql`delete from schema_migrations where name = ${last.name}`);
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect((res.json() as { Error: string }).Error).toContain(last.name);
    await db.execute(sql`insert into schema_migrations (name) values (${last.name})`);
  });
});

describe('metrics', () => {
  it('are refused to an address not in METRICS_ALLOW and without the token', async () => {
    const { database } = h();
    const app = await buildApp({ ...testConfig(), METRICS_ALLOW: ['10.0.0.0/8'] }, database);
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('http_requests_total');
    await app.close();
  });

  it('count calls by name and envelope code, with latency, memory and the pool', async () => {
    const { database, db } = h();
    const app = await buildApp({ ...testConfig(), METRICS_ALLOW: ['loopback'] }, database);
    const before = await app.inject({ url: '/metrics' });
    const was = (labels: Record<string, string>) => series(before.body, 'http_requests_total', labels) ?? 0;
    const u = await makeUser(db);
    await get(app, 'PostGetUser', { Login: u.login, Password: PASSWORD });
    const refused = await get(app, 'PostGetUser', { Login: u.login, Password: 'wrong-password' });
    await get(app, 'UpdateTicket', { Id: u.guid, Ticket: 'no-such-ticket' });

    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    const login = { call: '/api/PostGetUser' };
    expect(series(text, 'http_requests_total', { ...login, code: '200' })).toBe(
      was({ ...login, code: '200' }) + 1,
    );
    expect(refused.Code).not.toBe(200);
    expect(series(text, 'http_requests_total', { ...login, code: String(refused.Code) })).toBe(
      was({ ...login, code: String(refused.Code) }) + 1,
    );
    expect(
      series(text, 'http_requests_total', { call: '/api/UpdateTicket', code: '401' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      series(text, 'http_request_duration_seconds_count', { ...login, code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",call="\/api\/PostGetUser"/m);
    expect(series(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(10_000_000);
    if (database.kind === 'postgres')
      expect(series(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    await app.close();
  });

  it('show the outbox backlog: messages pending or being sent, by kind and channel', async () => {
    const { database, db } = h();
    const app = await buildApp({ ...testConfig(), METRICS_ALLOW: ['loopback'] }, database);
    await db.execute(sql`insert into outbox (kind, channel, target, payload, state) values
      ('probe', 'email', 'a@example.ge', '{}', 'pending'), ('probe', 'email', 'b@example.ge', '{}', 'sending'),
      ('probe', 'email', 'c@example.ge', '{}', 'sent'), ('probe', 'sms', '599000000', '{}', 'pending')`);
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(series(text, 'outbox_backlog', { kind: 'probe', channel: 'email' })).toBe(2);
    expect(series(text, 'outbox_backlog', { kind: 'probe', channel: 'sms' })).toBe(1);
    await app.close();
  });

  it('are given to a caller with the token, from any address', async () => {
    const { database } = h();
    const app = await buildApp({ ...testConfig(), METRICS_TOKEN: 'scrape-secret-123' }, database);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(403);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret-12' },
    });
    expect(wrong.statusCode).toBe(403);
    const res = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    await app.close();
  });

  it('settings: METRICS_ALLOW takes addresses and ranges, SHUTDOWN_SECONDS a whole number', () => {
    expect(loadConfig({ METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,loopback' }).METRICS_ALLOW).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.local' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ SHUTDOWN_SECONDS: 'soon' })).toThrow(/SHUTDOWN_SECONDS/);
    expect(loadConfig({}).METRICS_ALLOW).toEqual([]);
  });
});

describe('request log', () => {
  it('is one JSON line an answer: request id, call, user, code, time; no ticket or password', async () => {
    const { lines, stream } = logSink();
    const { db, database } = h();
    const u = await makeUser(db);
    const app = await buildApp({ ...testConfig(), LOG_LEVEL: 'info' }, database, { logStream: stream });
    const res = await app.inject({
      url: `/api/PostGetUser?Login=${u.login}&Password=${encodeURIComponent(PASSWORD)}`,
    });
    const { Ticket: ticket } = (res.json() as { Data: { Ticket: string } }).Data;
    await app.inject({ url: `/api/UpdateTicket?Id=${u.guid}&Ticket=${ticket}` });
    await app.close();
    const records = lines.map(
      (l) =>
        JSON.parse(l) as {
          msg: string;
          reqId: string;
          call: string;
          user: string | null;
          code: number;
          ms: number;
        },
    );
    const answered = records.filter((r) => r.msg === 'answered');
    expect(answered.map((r) => r.call)).toEqual(['/api/PostGetUser', '/api/UpdateTicket']);
    expect(answered[0]).toMatchObject({ user: null, code: 200 });
    expect(answered[1]).toMatchObject({ user: u.guid, code: 200 });
    for (const r of answered) {
      expect(r.reqId).toBeTruthy();
      expect(r.ms).toBeGreaterThanOrEqual(0);
    }
    const log = lines.join('');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(ticket);
  });
});
