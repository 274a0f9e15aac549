import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapTiles } from '@po/contract/reports';
import type { Config } from '../../config.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, signIn } from '../../test/factories.ts';
import { probeTiles, tilesReachable, worldTile } from './map-tiles.ts';

/** A tile service on loopback that answers a PNG for every tile and counts what it was asked. */
const asked: string[] = [];
const tiles = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
let tilesUrl = '';
const opts: { config: Partial<Config> } = { config: {} };

beforeAll(async () => {
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  tilesUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  opts.config.MAP_TILES_URL = tilesUrl;
});
afterAll(() => new Promise<void>((resolve) => tiles.close(() => resolve())));

// registered after the tile service's start: the app reads the address at its own start
const h = useHarness(opts);

/** An address where nothing listens (a port just freed). */
async function deadUrl(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/{z}/{x}/{y}.png`;
}

describe('MapTiles', () => {
  it('gives a manager the tile address and says the tiles answer, trying them once for many calls', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session } = await signIn(app, db, { roleId: 100, officeGuid: office.guid });
    asked.length = 0;
    const first = await callAs(app, MapTiles, session, {});
    const second = await callAs(app, MapTiles, session, {});
    expect(first).toMatchObject({ Status: true, Data: { Url: tilesUrl, Reachable: true } });
    expect(second).toMatchObject({ Status: true, Data: { Url: tilesUrl, Reachable: true } });
    expect(asked).toEqual(['/0/0/0.png']);
  });

  it('refuses without a session (401) and a courier (403)', async () => {
    const { app, db } = h();
    expect(await callAs(app, MapTiles, null, {})).toMatchObject({ Status: false, Code: 401 });
    expect(await callAs(app, MapTiles, { Id: randomUUID(), Ticket: 'nope' }, {})).toMatchObject({
      Code: 401,
    });
    const courier = await signIn(app, db, { roleId: 106 });
    expect(await callAs(app, MapTiles, courier.session, {})).toMatchObject({ Status: false, Code: 403 });
  });
});

describe('the tiles probe', () => {
  it('asks for the world tile', () => {
    expect(worldTile('https://t.example/{z}/{x}/{y}.png')).toBe('https://t.example/0/0/0.png');
  });

  it('counts a refused connection, an error answer and a slow answer as unreachable', async () => {
    expect(await probeTiles(await deadUrl())).toBe(false);
    const refusing = http.createServer((req, res) => res.writeHead(403).end());
    const slow = http.createServer(() => undefined);
    for (const s of [refusing, slow]) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
    try {
      expect(await probeTiles(url(refusing))).toBe(false);
      expect(await probeTiles(url(slow), 200)).toBe(false);
    } finally {
      slow.closeAllConnections();
      for (const s of [refusing, slow]) await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });

  it('answers unreachable without trying when the server is set up without tiles', async () => {
    expect(await tilesReachable('')).toBe(false);
  });
});
