/**
 * A graceful stop under load (main.ts): the real server as a process of its own, 16 kept-alive
 * connections scanning parcels, SIGTERM in the middle. Every scan the server acknowledged is in the
 * database afterwards, a request that failed on the wire left nothing behind (the server never cut a
 * connection whose request it had taken: it fails this test when the stop does not wait for the
 * requests under way), and the server exits 0.
 */
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/client.ts';
import { makeParcel, makeUser } from '../test/factories.ts';
import { databasePlace, startServerProcess } from '../test/server-process.ts';

const PARCELS = 600;
const CONNECTIONS = 16;
const CONFIRM = 8734;

/**
 * A request the server has begun to take when the signal comes: a login whose body is sent in two
 * halves, the second `pause` ms after `midway` resolves. Answers the HTTP status and the envelope.
 */
function slowLogin(
  port: number,
  body: string,
  midway: Promise<void>,
  pause: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/PostGetUser',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void midway.then(() => setTimeout(() => req.end(body.slice(half)), pause));
  });
}

type Outcome = { barcode: string; kind: 'acked' | 'refused' | 'failed'; detail?: string };

/** One GET on the kept-alive agent, with no retry of any kind. */
function getJson(agent: http.Agent, port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('graceful stop', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('answers what it took, loses no acknowledged write and exits 0 on SIGTERM', async () => {
    const place = await databasePlace();
    cleanups.push(place.drop);
    // the database made beforehand: a user and parcels (not empty, so no demo data is loaded)
    let database: Database = await place.open();
    const user = await makeUser(database.db, { roleId: 105 });
    const barcodes: string[] = [];
    for (let i = 0; i < PARCELS; i++) barcodes.push((await makeParcel(database.db)).barcode);
    await database.close();

    const server = await startServerProcess({ ...place.env, SHUTDOWN_SECONDS: '20' });
    const { child, port, base } = server;
    cleanups.push(async () => child.kill('SIGKILL'));
    const login = (await (
      await fetch(`${base}/api/PostGetUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Login: user.login, Password: user.password }),
      })
    ).json()) as { Data: { UserId: string; Ticket: string } };
    const session = new URLSearchParams({ Id: login.Data.UserId, Ticket: login.Data.Ticket });

    // three logins under way (half their body sent) when the signal comes, finished after it
    let signal!: () => void;
    const signalSent = new Promise<void>((resolve) => (signal = resolve));
    const credentials = JSON.stringify({ Login: user.login, Password: user.password });
    const slow = [0, 1, 2].map(() =>
      slowLogin(port, credentials, signalSent, 500).catch((e: Error) => ({ status: 0, body: e.message })),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const outcomes: Outcome[] = [];
    let next = 0;
    let acked = 0;
    let signalled = false;
    const worker = async () => {
      while (next < barcodes.length) {
        const barcode = barcodes[next++];
        try {
          const res = await getJson(
            agent,
            port,
            `/api/PostUpStatbyBarcode?${session}&Status=${CONFIRM}&Barcode=${barcode}`,
          );
          const body =
            res.status === 200 ? (JSON.parse(res.body) as { Status: boolean; Error?: string }) : null;
          if (body?.Status) {
            outcomes.push({ barcode, kind: 'acked' });
            if (++acked === 150 && !signalled) {
              signalled = true;
              child.kill('SIGTERM');
              signal();
            }
          } else if (res.status === 503) outcomes.push({ barcode, kind: 'refused' });
          else outcomes.push({ barcode, kind: 'failed', detail: `${res.status} ${res.body.slice(0, 200)}` });
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code ?? String(e);
          outcomes.push({ barcode, kind: 'failed', detail: code });
          // the server no longer listens: this connection's work is over
          if (code === 'ECONNREFUSED') return;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    agent.destroy();
    // the requests the server had begun to take were answered in full
    for (const answer of await Promise.all(slow)) {
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ Status: true });
    }
    expect(signalled).toBe(true);
    expect(await server.exited, server.output()).toBe(0);

    database = await place.open();
    const applied = new Set(
      (
        await rows<{ barcode: string }>(
          database.db,
          sql`select p.barcode from parcels p join parcel_events e on e.parcel_guid = p.guid
              where e.status_id = ${CONFIRM}`,
        )
      ).map((r) => r.barcode),
    );
    await database.close();
    const ackedCodes = outcomes.filter((o) => o.kind === 'acked').map((o) => o.barcode);
    // every acknowledged scan is stored
    expect(ackedCodes.filter((b) => !applied.has(b))).toEqual([]);
    // a request that got no answer was not taken: nothing of it is stored
    const failed = outcomes.filter((o) => o.kind !== 'acked');
    expect(failed.filter((o) => applied.has(o.barcode))).toEqual([]);
    // An answer is a success or 503 (stopping); a request without one either found the server no
    // longer listening or went on a kept-alive connection as the server closed it idle (the race every
    // HTTP/1.1 client meets at a keep-alive's end, which it answers by sending again): nothing else, and
    // (above) never one the server had taken.
    const onTheWire = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
    expect(failed.filter((o) => o.kind === 'failed' && !onTheWire.has(o.detail ?? ''))).toEqual([]);
    // the scans under way when the signal came were answered, not cut
    expect(ackedCodes.length).toBeGreaterThanOrEqual(150);
  }, 180_000);
});
