import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Role, Status } from '@po/contract';
import { CreateApiKey, GetApiKeys, RevokeApiKey, type ApiScope } from '@po/contract/shipper';
import { ParcelFinder } from '@po/contract/parcels/finder';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, parcelBody, signIn, type Session } from '../../test/factories.ts';
import { apiKeys, auditLog, parcels } from '../../db/schema.ts';
import { rows } from '../../db/client.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { decodeCodes, readPdf } from '../../test/pdf-check.ts';
import { readFileSync } from 'node:fs';

const h = useHarness();

/** A corporate client's office and an administrator's session. */
async function setUp() {
  const { app, db } = h();
  const { session: admin } = await signIn(app, db, { roleId: Role.Admin });
  const office = await makeOffice(db, {
    isCorporate: true,
    sender: 'თბილისი, გულუას ქ 10',
    pid: '204567890',
  });
  return { app, db, admin, office };
}

async function makeKey(
  app: App,
  admin: Session,
  officeGuid: string,
  scopes: ApiScope[] = ['register', 'read', 'cancel'],
  name = 'ონლაინ მაღაზია',
) {
  const r = await callAs(app, CreateApiKey, admin, { OfficeGUID: officeGuid, Name: name, Scopes: scopes });
  expect(r.Status, r.Error ?? '').toBe(true);
  return r.Data!;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** A line the way a shop sends one: the receiver; the sender is the key's office. */
const line = (over: Record<string, unknown> = {}) => {
  const { SenderName: _n, SenderAddres: _a, SenderPid: _p, ...rest } = parcelBody();
  return { ...rest, ...over };
};

function registerVia(app: App, key: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/parcels',
    payload: body as object,
    headers: { ...bearer(key), ...headers },
  });
}
const count = async (db: Db) =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from parcels`))[0].n;

describe('API keys (administrators)', () => {
  it('makes a key shown once, lists it by its prefix and keeps only its hash', async () => {
    const { app, db, admin, office } = await setUp();
    const made = await makeKey(app, admin, office.guid, ['register', 'read']);
    expect(made.Key).toMatch(/^po_[A-Za-z0-9_-]{43}$/);
    expect(made.Key.startsWith(made.Row.Prefix)).toBe(true);
    const list = await callAs(app, GetApiKeys, admin);
    expect(list.Data!.Keys).toHaveLength(1);
    expect(list.Data!.Keys[0]).toMatchObject({
      Name: 'ონლაინ მაღაზია',
      Scopes: ['register', 'read'],
      State: 'active',
      LastUsedAt: null,
    });
    expect(JSON.stringify(list.Data)).not.toContain(made.Key);
    const [stored] = await db.select().from(apiKeys);
    expect(stored.keyHash).not.toContain(made.Key.slice(PREFIX_TAIL));
    expect(JSON.stringify(await db.select().from(auditLog))).not.toContain(made.Key);
  });

  it('refuses bad input in Georgian and writes nothing; refuses a non-corporate office', async () => {
    const { app, db, admin, office } = await setUp();
    const noScopes = await callAs(app, CreateApiKey, admin, {
      OfficeGUID: office.guid,
      Name: 'ა',
      Scopes: [],
    });
    expect(noScopes.Code).toBe(400);
    expect(noScopes.Error).toMatch(/[ა-ჰ]/);
    const plain = await makeOffice(db);
    const notCorporate = await callAs(app, CreateApiKey, admin, {
      OfficeGUID: plain.guid,
      Name: 'მაღაზია',
      Scopes: ['read'],
    });
    expect(notCorporate.Key).toBe('shipper.officeNotCorporate');
    expect(await db.select().from(apiKeys)).toHaveLength(0);
  });

  it('answers 401 without a session and 403 to a non-administrator', async () => {
    const { app, db } = await setUp();
    expect((await callAs(app, GetApiKeys, null)).Code).toBe(401);
    const { session } = await signIn(app, db, { roleId: Role.Operator });
    expect((await callAs(app, GetApiKeys, session)).Code).toBe(403);
    expect((await callAs(app, RevokeApiKey, session, { KeyId: crypto.randomUUID() })).Code).toBe(403);
  });
});

describe('the shipper API: keys and scope', () => {
  it("gives a key of client A 404 for client B's parcel, exactly as for a missing one", async () => {
    const { app, db, admin, office } = await setUp();
    const other = await makeOffice(db, {
      isCorporate: true,
      sender: 'ბათუმი, გორგილაძის ქ 5',
      pid: '405060708',
    });
    const keyA = (await makeKey(app, admin, office.guid)).Key;
    const keyB = (await makeKey(app, admin, other.guid)).Key;
    const reg = await registerVia(app, keyB, line());
    expect(reg.statusCode).toBe(201);
    const barcode = reg.json().Barcode as string;
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${barcode}`,
      headers: bearer(keyB),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ Barcode: barcode, StatusId: Status.Registered });
    expect(mine.json().History).toHaveLength(1);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${barcode}`,
      headers: bearer(keyA),
    });
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v1/parcels/PO000000000',
      headers: bearer(keyA),
    });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json().Key).toBe(missing.json().Key);
    expect(theirs.json().Error).toMatch(/ვერ მოიძებნა/);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/parcels/${barcode}`,
      headers: bearer(keyA),
    });
    expect(cancel.statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(keyA) });
    expect(list.json().Parcels).toHaveLength(0);
  });

  it('answers 401 to a key sent to a staff call, and to no key, a wrong key, a revoked or an expired one', async () => {
    const { app, db, admin, office } = await setUp();
    const made = await makeKey(app, admin, office.guid);
    const staff = await app.inject({
      method: ParcelFinder.method,
      url: ParcelFinder.path,
      headers: bearer(made.Key),
      ...(ParcelFinder.method === 'POST' ? { payload: {} } : {}),
    });
    expect(staff.json()).toMatchObject({ Status: false, Code: 401 });
    const asTicket = await app.inject({
      method: ParcelFinder.method,
      url: `${ParcelFinder.path}?Id=${made.Row.Id}&Ticket=${made.Key}`,
      ...(ParcelFinder.method === 'POST' ? { payload: { Id: made.Row.Id, Ticket: made.Key } } : {}),
    });
    expect(asTicket.json()).toMatchObject({ Status: false, Code: 401 });
    // a staff session's ticket is no key either
    const asKey = await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(admin.Ticket) });
    expect(asKey.statusCode).toBe(401);
    const none = await app.inject({ method: 'GET', url: '/api/v1/parcels' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ Status: false, Code: 401, Key: 'shipper.keyRequired' });
    expect(none.json().ErrorEn).toMatch(/API key/);

    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(made.Key) })).statusCode,
    ).toBe(200);
    expect((await callAs(app, RevokeApiKey, admin, { KeyId: made.Row.Id })).Data).toEqual({ Ret: 1 });
    const revoked = await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(made.Key) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().Key).toBe('shipper.keyInvalid');
    const list = await callAs(app, GetApiKeys, admin);
    expect(list.Data!.Keys[0].State).toBe('revoked');
    expect(list.Data!.Keys[0].LastUsedAt).not.toBeNull();

    const later = await makeKey(app, admin, office.guid);
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.guid, later.Row.Id));
    const expired = await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(later.Key) });
    expect(expired.statusCode).toBe(401);
  });

  it('answers 403 when the key lacks the scope, and writes nothing', async () => {
    const { app, db, admin, office } = await setUp();
    const readOnly = (await makeKey(app, admin, office.guid, ['read'])).Key;
    const res = await registerVia(app, readOnly, line());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Code: 403, Key: 'shipper.scopeMissing' });
    expect(res.json().ErrorEn).toContain('register');
    expect(await count(db)).toBe(0);
  });
});

describe('the shipper API: registration', () => {
  it('registers a batch of 100 with two bad lines: 98 parcels, each error naming its line', async () => {
    const { app, db, admin, office } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    const batch = Array.from({ length: 100 }, (_, i) =>
      i === 17
        ? line({ ReceiverName: '' })
        : i === 63
          ? line({ Weight: 'ბევრი' })
          : line({ Fild1: `order-${i}` }),
    );
    const res = await registerVia(app, key, { Parcels: batch });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ Registered: 98, Failed: 2 });
    const failed = body.Parcels.filter((p: { Status: boolean }) => !p.Status);
    expect(failed.map((p: { Line: number }) => p.Line)).toEqual([17, 63]);
    expect(failed[0]).toMatchObject({ Code: 400, Key: 'registration.receiverName' });
    expect(failed[1]).toMatchObject({ Code: 400, Key: 'v.number' });
    expect(failed[1].Error).toMatch(/წონა/);
    const ok = body.Parcels[0];
    expect(ok).toMatchObject({ Line: 0, Status: true });
    expect(ok.Price).toBeGreaterThan(0);
    expect(ok.TrackingUrl).toBe(`${h().config.PUBLIC_URL}/track/${ok.Barcode}`);
    expect(await count(db)).toBe(98);
    // sent as the key's office, by the key
    const [p] = await db.select().from(parcels).where(eq(parcels.barcode, ok.Barcode));
    expect(p).toMatchObject({
      registeredOffice: office.guid,
      originDepotGuid: office.guid,
      senderPid: '204567890',
    });
  });

  it('answers a single bad parcel with 422 for a broken rule and 400 for a malformed body', async () => {
    const { app, admin, office } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    const rule = await registerVia(app, key, line({ ReceiverAddres: 'ა' }));
    expect(rule.statusCode).toBe(422);
    expect(rule.json()).toMatchObject({ Status: false, Code: 400, Key: 'registration.receiverAddress' });
    const big = await registerVia(
      app,
      key,
      Array.from({ length: 101 }, () => line()),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().Key).toBe('shipper.batchSize');
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/parcels',
      payload: '{"Parcels": [',
      headers: { ...bearer(key), 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).not.toMatch(/at |SELECT|stack/i);
  });

  it('answers a taken barcode of its own as its line’s conflict and registers the rest', async () => {
    const { app, db, admin, office } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    const taken = await makeParcel(db);
    const own = `SH${String(Date.now()).slice(-9)}`;
    const res = await registerVia(app, key, [
      line(),
      line({ BarCodeGeneration: false, Barcode: taken.barcode }),
      line({ BarCodeGeneration: false, Barcode: own }),
      line(),
    ]);
    expect(res.json()).toMatchObject({ Registered: 3, Failed: 1 });
    expect(res.json().Parcels[1]).toMatchObject({
      Line: 1,
      Status: false,
      Code: 409,
      Key: 'registration.alreadyRegistered',
    });
    expect(res.json().Parcels[2]).toMatchObject({ Status: true, Barcode: own });
    expect(await count(db)).toBe(4);
  });

  it('registers nothing twice for a retried request with the same Idempotency-Key', async () => {
    const { app, db, admin, office } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    const batch = [line(), line(), line({ ReceiverName: '' })];
    const first = await registerVia(app, key, batch, { 'idempotency-key': 'order-batch-1' });
    const again = await registerVia(app, key, batch, { 'idempotency-key': 'order-batch-1' });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await count(db)).toBe(2);
    const changed = await registerVia(app, key, [line()], { 'idempotency-key': 'order-batch-1' });
    expect(changed.statusCode).toBe(409);
    expect(await count(db)).toBe(2);
  });

  it("records every write in the audit log with the key's name", async () => {
    const { app, db, admin, office } = await setUp();
    const made = await makeKey(app, admin, office.guid, ['register', 'cancel'], 'მაღაზია „ფოთოლი“');
    const reg = await registerVia(app, made.Key, line());
    const barcode = reg.json().Barcode as string;
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/parcels/${barcode}`,
      headers: bearer(made.Key),
    });
    expect(del.statusCode).toBe(200);
    const log = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.apiKey} is not null`)
      .orderBy(auditLog.id);
    expect(log.map((r) => r.action)).toEqual(['Registration', 'DeleteParcel']);
    for (const r of log) {
      expect(r.apiKey).toBe(`მაღაზია „ფოთოლი“ (${made.Row.Prefix})`);
      expect(r.userGuid).toBe(made.Row.Id);
    }
  });
});

describe('the shipper API: reading and cancelling', () => {
  it('lists the key’s parcels a page at a time with a Link to the next page, filtered by status', async () => {
    const { app, admin, office, db } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    await registerVia(app, key, [line(), line(), line()]);
    await makeParcel(db, { registeredOffice: office.guid, statuses: [Status.Delivered] });
    const first = await app.inject({ method: 'GET', url: '/api/v1/parcels?limit=2', headers: bearer(key) });
    expect(first.statusCode).toBe(200);
    expect(first.json().Parcels).toHaveLength(2);
    const link = first.headers.link as string;
    expect(link).toMatch(/page=2.*rel="next"/);
    const next = new URL(first.json().Next as string);
    const second = await app.inject({
      method: 'GET',
      url: `${next.pathname}${next.search}`,
      headers: bearer(key),
    });
    expect(second.json().Parcels).toHaveLength(2);
    expect(second.json().Next).toBeNull();
    const delivered = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels?status=${Status.Delivered}`,
      headers: bearer(key),
    });
    expect(delivered.json().Parcels).toHaveLength(1);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels?from=${future}`,
      headers: bearer(key),
    });
    expect(none.json().Parcels).toHaveLength(0);
    const bad = await app.inject({ method: 'GET', url: '/api/v1/parcels?limit=abc', headers: bearer(key) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error).toMatch(/ლიმიტი/);
  });

  it('cancels a parcel while nothing happened to it, and answers 409 after it moved', async () => {
    const { app, db, admin, office } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    const [a, b] = (await registerVia(app, key, [line(), line()])).json().Parcels as Array<{
      Barcode: string;
    }>;
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/parcels/${a.Barcode}`,
      headers: bearer(key),
    });
    expect(del.json()).toEqual({ Barcode: a.Barcode, Cancelled: true });
    const shown = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${a.Barcode}`,
      headers: bearer(key),
    });
    expect(shown.json()).toMatchObject({ Deleted: true, StatusId: Status.Deleted });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v1/parcels/${a.Barcode}`,
      headers: bearer(key),
    });
    expect(again.statusCode).toBe(409);
    await db.execute(
      sql`insert into parcel_events (parcel_guid, status_id, created_at) select guid, ${Status.Received}, now() from parcels where barcode = ${b.Barcode}`,
    );
    const moved = await app.inject({
      method: 'DELETE',
      url: `/api/v1/parcels/${b.Barcode}`,
      headers: bearer(key),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().Key).toBe('parcels.deleteMoved');
  });
});

describe('the shipper API: the per-key limit', () => {
  const limited = useHarness({ config: { SHIPPER_CALLS_PER_MINUTE: 3 } });
  it('answers 429 past the key’s budget, and another key still has its own', async () => {
    const { app, db } = limited();
    const { session: admin } = await signIn(app, db, { roleId: Role.Admin });
    const office = await makeOffice(db, { isCorporate: true });
    const one = (await makeKey(app, admin, office.guid)).Key;
    const two = (await makeKey(app, admin, office.guid)).Key;
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(one) })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const last = await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(one) });
    expect(last.json()).toMatchObject({ Status: false, Code: 429 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/parcels', headers: bearer(two) })).statusCode,
    ).toBe(200);
  });
});

const PREFIX_TAIL = 11;

describe('the shipper API: its documentation', () => {
  it('is in the OpenAPI document under its tag, with the key scheme and examples, readable at /api/docs', async () => {
    const { app } = h();
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const post = doc.paths['/api/v1/parcels'].post;
    expect(post.tags).toEqual(['shipper']);
    expect(post.security).toEqual([{ shipperKey: [] }]);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '401', '422', '429']));
    expect(doc.paths['/api/v1/parcels/{barcode}'].delete.tags).toEqual(['shipper']);
    expect(doc.components.securitySchemes.shipperKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(JSON.stringify(doc.paths['/api/v1/parcels'])).toContain('PO123456785');
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    const bundle = await app.inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    const init = await app.inject({ method: 'GET', url: '/api/docs/po-docs.js' });
    expect(init.body).toContain('/api/openapi.json');
    const other = await app.inject({ method: 'GET', url: '/api/docs/package.json' });
    expect(other.body).not.toContain('swagger-ui-dist');
  });
});

describe('the shipper API: labels', () => {
  it("prints a registered parcel's label whose codes decode, and not another client's", async () => {
    const { app, db, admin, office } = await setUp();
    const other = await makeOffice(db, {
      isCorporate: true,
      sender: 'ბათუმი, გორგილაძის ქ 5',
      pid: '405060708',
    });
    const key = (await makeKey(app, admin, office.guid)).Key;
    const otherKey = (await makeKey(app, admin, other.guid)).Key;
    const [mine] = (await registerVia(app, key, [line()])).json().Parcels as Array<{ Barcode: string }>;
    const [theirs] = (await registerVia(app, otherKey, [line()])).json().Parcels as Array<{
      Barcode: string;
    }>;

    const one = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${mine.Barcode}/label.pdf?size=A6`,
      headers: bearer(key),
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(one.rawPayload);
    try {
      expect(read.pages).toHaveLength(1);
      expect(await decodeCodes(read.pages[0], 'code128')).toEqual([mine.Barcode]);
    } finally {
      await read.cleanup();
    }
    const notMine = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${theirs.Barcode}/label.pdf`,
      headers: bearer(key),
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.headers['content-type']).toMatch(/json/);

    const many = await app.inject({
      method: 'POST',
      url: '/api/v1/labels.pdf',
      payload: { Barcodes: [mine.Barcode, theirs.Barcode], Size: 'A4' },
      headers: bearer(key),
    });
    expect(many.statusCode).toBe(200);
    expect(many.headers['x-missing-barcodes']).toBe(theirs.Barcode);
    expect(many.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const badSize = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${mine.Barcode}/label.pdf?size=B5`,
      headers: bearer(key),
    });
    expect(badSize.statusCode).toBe(400);
  });
});

describe('the shipper API: the documented example', () => {
  it("registers the body of docs/shipper-api.md's shell example and prints its label", async () => {
    const { app, admin, office } = await setUp();
    const key = (await makeKey(app, admin, office.guid)).Key;
    const doc = readFileSync(new URL('../../../../../docs/shipper-api.md', import.meta.url), 'utf8');
    const body = /-d '(\{[^']*\})'/.exec(doc)?.[1];
    expect(body).toBeDefined();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/parcels',
      payload: body,
      headers: { ...bearer(key), 'content-type': 'application/json', 'idempotency-key': 'order-1042' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const label = await app.inject({
      method: 'GET',
      url: `/api/v1/parcels/${res.json().Barcode}/label.pdf?size=A6`,
      headers: bearer(key),
    });
    expect(label.headers['content-type']).toBe('application/pdf');
  });
});
