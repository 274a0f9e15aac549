import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useHarness } from '../test/harness.ts';
import { logSink } from '../test/log-sink.ts';
import { get, makeUser, PASSWORD } from '../test/factories.ts';
import { API_HEADERS, buildApp, redactUrl } from '../app.ts';
import { testConfig } from '../config.ts';
import { loadConfig } from '../config.ts';

const h = useHarness();

describe('platform', () => {
  it('answers health once the database answers', async () => {
    const res = await get<{ db: string }>(h().app, 'health');
    expect(res.Status).toBe(true);
    expect(['pglite', 'postgres']).toContain(res.Data!.db);
  });

  it('serves an OpenAPI document generated from the call schemas', async () => {
    const res = await h().app.inject({ url: '/api/openapi.json' });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/PostGetUser', '/api/UpdateTicket', '/api/UserCh']),
    );
  });

  it('matches call paths case-insensitively', async () => {
    const { app, db } = h();
    const u = await makeUser(db);
    const res = await app.inject({
      url: `/api/postgetuser?Login=${u.login}&Password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(res.json()).toMatchObject({ Status: true });
  });

  it('serves the web app with deep links falling back to index.html, and API 404s in the envelope', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PostOffice</title>');
    const app = await buildApp(testConfig({ WEB_DIST: dir }), h().database);
    const deep = await app.inject({ url: '/registration?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>PostOffice</title>');
    const api = await app.inject({ url: '/api/Nope' });
    expect(api.json()).toMatchObject({ Status: false, Code: 404 });
    const asset = await app.inject({ url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    await app.close();
  });

  it("gives the pages helmet's headers and the calls' JSON answers their own, a policy that allows nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PostOffice</title>');
    const app = await buildApp(testConfig({ WEB_DIST: dir }), h().database);
    const page = await app.inject({ url: '/registration' });
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("'wasm-unsafe-eval'");
    for (const url of ['/api/health', '/api/Nope']) {
      const api = await app.inject({ url });
      expect(api.headers, url).toMatchObject(API_HEADERS);
      expect(api.headers['content-security-policy'], url).toMatch(/^default-src 'none';/);
      expect(api.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('never writes passwords or tickets to the log', async () => {
    const { lines, stream } = logSink();
    const { db, database } = h();
    const u = await makeUser(db);
    const app = await buildApp({ ...testConfig(), LOG_LEVEL: 'info' }, database, { logStream: stream });
    const res = await app.inject({
      url: `/api/PostGetUser?Login=${u.login}&Password=${encodeURIComponent(PASSWORD)}`,
    });
    const ticket = (res.json() as { Data: { Ticket: string } }).Data.Ticket;
    await app.inject({ url: `/api/UpdateTicket?Ticket=${ticket}` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/PostGetUser');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(encodeURIComponent(PASSWORD));
    expect(log).not.toContain(ticket);
    expect(redactUrl('/api/X?Ticket=abc&Id=1')).toBe('/api/X?Ticket=***&Id=1');
  });

  it('hides unexpected failures behind a Georgian message with a request id', async () => {
    const { database } = h();
    const app = await buildApp(testConfig(), database);
    app.get('/api/Boom', async () => {
      throw new Error('select * from secret_table');
    });
    const res = await app.inject({ url: '/api/Boom' });
    const body = res.json() as { Status: boolean; Code: number; Error: string };
    expect(res.statusCode).toBe(200);
    expect(body.Code).toBe(500);
    expect(body.Error).not.toContain('secret_table');
    expect(body.Error).toMatch(/^სერვერზე მოხდა შეცდომა/);
    await app.close();
  });

  it('logs an unexpected failure with its request id when only warnings are logged', async () => {
    // at warn no request gets a child logger of its own (app.ts): the error names its request itself
    const { lines, stream } = logSink();
    const { database } = h();
    const app = await buildApp({ ...testConfig(), LOG_LEVEL: 'warn' }, database, { logStream: stream });
    app.get('/api/Boom', async () => {
      throw new Error('select * from secret_table');
    });
    const res = await app.inject({ url: '/api/Boom' });
    // the request id the message names: "(მოთხოვნა <id>)"
    const id = /(\S+)\)$/.exec((res.json() as { Error: string }).Error)?.[1];
    await app.inject({ url: '/api/health' });
    await app.close();
    const records = lines.map((l) => JSON.parse(l) as { level: number; msg: string; reqId?: string });
    const failure = records.find((r) => r.msg === 'unexpected error');
    expect(failure?.level).toBe(50);
    expect(id).toBeTruthy();
    expect(failure?.reqId).toBe(id);
    // and nothing for the requests that went well
    expect(records.filter((r) => r.level < 40)).toHaveLength(0);
  });

  it('validates settings once with clear messages', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RS_MODE: 'soap' })).toThrow(/RS_USER[\s\S]*RS_PASSWORD/);
    expect(loadConfig({ RS_MODE: 'soap', RS_USER: 'u', RS_PASSWORD: 'p' }).RS_MODE).toBe('soap');
    expect(loadConfig({}).PORT).toBe(8080);
  });
});
