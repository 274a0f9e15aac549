/**
 * The lists kept in the process (db/list-cache.ts): a write, through the server or straight into the
 * database, is seen by the next call; two server instances on one database (two processes behind a
 * proxy) each keep their own lists and see each other's writes at once; sessions are never kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReferenceRow } from '@po/contract/reference';
import { useHarness } from '../test/harness.ts';
import { get, parcelBody, post, signIn, type Session } from '../test/factories.ts';
import { buildApp, type App } from '../app.ts';
import { refItems, tariffs, users } from './schema.ts';
import { ListCache } from './list-cache.ts';

const h = useHarness();
type List = { Regions: ReferenceRow[] };

/** A second server on the same database, with lists of its own. */
let other: App;
beforeAll(async () => {
  other = await buildApp(h().config, h().database);
  await other.ready();
});
afterAll(async () => {
  await other?.close();
});

const regions = async (app: App, s: Session) =>
  (await get<List>(app, 'PostGetRegion', { ...s, Rid: 20 })).Data!.Regions.map((r) => r.Name);

const parcel = parcelBody();

describe('lists kept in the process', () => {
  it('keeps a list between calls and reads it again after a write straight into the database', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db, { roleId: 105 });
    const first = await regions(app, session);
    const loads = app.deps.listCache.loads;
    expect(await regions(app, session)).toEqual(first);
    expect(app.deps.listCache.loads).toBe(loads);

    await db.insert(refItems).values({ groupId: 20, name: 'ახალი რეგიონი', postCode: '9900', zone: 2 });
    expect(await regions(app, session)).toContain('ახალი რეგიონი');
    expect(app.deps.listCache.loads).toBeGreaterThan(loads);
  });

  it('shows a region one server added to a user of the other server at once', async () => {
    const { app, db } = h();
    const admin = (await signIn(app, db, { roleId: 100 })).session;
    const { session } = await signIn(other, db, { roleId: 105 });
    expect(await regions(other, session)).not.toContain('სოხუმი');

    const added = await get(app, 'PostInsertRegion', {
      ...admin,
      Rid: 20,
      Name: 'სოხუმი',
      PostCode: '5600',
      Zone: 4,
    });
    expect(added.Status).toBe(true);
    expect(await regions(other, session)).toContain('სოხუმი');
  });

  it('prices with a tariff one server changed on the other server at once', async () => {
    const { app, db } = h();
    const { session } = await signIn(other, db, { roleId: 105 });
    const before = await post<number>(other, 'CalcPrice', { ...session, ...parcel });
    expect(before.Status).toBe(true);

    const admin = (await signIn(app, db, { roleId: 100 })).session;
    const [same] = await db.select().from(tariffs).where(eq(tariffs.senderZone, 1));
    const changed = await post(app, 'PostUpdateTariff', {
      ...admin,
      TariffID: same.id,
      SenderZone: same.senderZone,
      ReceiverZone: same.receiverZone,
      CompanyPid: '',
      BasePrice: Number(same.basePrice) + 100,
      IncludedWeight: same.includedWeight,
      PricePerKg: same.pricePerKg,
      VolumetricDivisor: same.volumetricDivisor,
      UrgentMultiplier: same.urgentMultiplier,
      DoubledMultiplier: same.doubledMultiplier,
      DeliveryDays: same.deliveryDays,
      UrgentDays: same.urgentDays,
      Enabled: true,
    });
    expect(changed.Status).toBe(true);
    const after = await post<number>(other, 'CalcPrice', { ...session, ...parcel });
    expect(after.Data).toBe(before.Data! + 100);
  });

  it('never keeps a session: a user disabled in the database is refused by both servers at once', async () => {
    const { app, db } = h();
    const { user, session } = await signIn(app, db, { roleId: 105 });
    expect((await get(other, 'PostGetRegion', { ...session, Rid: 20 })).Status).toBe(true);
    await db.update(users).set({ enabled: false }).where(eq(users.guid, user.guid));
    expect(await get(other, 'PostGetRegion', { ...session, Rid: 20 })).toMatchObject({
      Status: false,
      Code: 401,
    });
    expect(await get(app, 'PostGetRegion', { ...session, Rid: 20 })).toMatchObject({
      Status: false,
      Code: 401,
    });
  });

  it('answers a list the client has with 304 (after the session check), and the changed list after a write', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db, { roleId: 105 });
    const url = `/api/PostGetRegion?${new URLSearchParams({ ...session, Rid: '20' })}`;
    const first = await app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // the same answer from the other server carries the same tag
    expect((await other.inject({ method: 'GET', url })).headers.etag).toBe(etag);

    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const noSession = await app.inject({
      method: 'GET',
      url: `/api/PostGetRegion?${new URLSearchParams({ Id: session.Id, Ticket: 'nope', Rid: '20' })}`,
      headers: { 'if-none-match': etag },
    });
    expect(noSession.statusCode).toBe(200);
    expect(noSession.json()).toMatchObject({ Status: false, Code: 401 });

    await db.insert(refItems).values({ groupId: 20, name: 'მესამე რეგიონი', postCode: '9700', zone: 2 });
    const changed = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.stringify(changed.json())).toContain('მესამე რეგიონი');
  });

  it('sends a large list compressed to a client that accepts it, the same JSON once unpacked', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db, { roleId: 105 });
    const url = `/api/PostGetRegion?${new URLSearchParams({ ...session, Rid: '10' })}`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const packed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(packed.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(plain.body);
  });
});

describe('reading a list without waiting (ListCache.peek)', () => {
  it('answers a list once loaded for the version or newer, and nothing before or for a newer version', async () => {
    const cache = new ListCache(h().db);
    let loads = 0;
    const load = async () => ++loads;
    expect(cache.peek(5, 'k')).toBeUndefined();
    const loading = cache.get(5, 'k', load);
    // still loading: the caller waits for the load
    expect(cache.peek(5, 'k')).toBeUndefined();
    expect(await loading).toBe(1);
    expect(cache.peek(5, 'k')).toBe(1);
    // a call that read an older version gets the newer list, as get answers it
    expect(cache.peek(4, 'k')).toBe(1);
    // a newer version or no version: nothing, the list is loaded again
    expect(cache.peek(6, 'k')).toBeUndefined();
    expect(cache.peek(null, 'k')).toBeUndefined();
    expect(await cache.get(6, 'k', load)).toBe(2);
    expect(cache.peek(6, 'k')).toBe(2);
    expect(cache.peek(5, 'k')).toBe(2);
    // a load that fails leaves nothing behind
    await expect(
      cache.get(6, 'broken', async () => {
        throw new Error('no database');
      }),
    ).rejects.toThrow('no database');
    expect(cache.peek(6, 'broken')).toBeUndefined();
  });
});
