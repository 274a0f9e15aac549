/**
 * The shipper's webhooks (issue 39) on a real receiver on loopback: every event of a parcel from
 * registration to delivery (and a cancel), signed and in order; a failing receiver (an error, then a
 * time-out) retried with growing delays until the window ends, then dead; nothing for a rolled-back
 * event; the administrator's calls (happy path, bad input, 401, 403).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { Registration } from '@po/contract/registration';
import { PostUpStatbyBarcode } from '@po/contract/parcels/scans';
import { DeleteParcel } from '@po/contract/parcels/deletion';
import { MobSendJob } from '@po/contract/mobile';
import {
  DeleteWebhook,
  GetWebhookDeliveries,
  GetWebhooks,
  ResendWebhook,
  SaveWebhook,
  TestWebhook,
  WEBHOOK_EVENTS,
} from '@po/contract/webhooks';
import { courierJobBody } from '@po/contract/testing';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, parcelBody, signIn, type Session } from '../../test/factories.ts';
import { startHookReceiver, type HookReceiver } from '../../test/webhook-receiver.ts';
import { rows } from '../../db/client.ts';
import { testConfig, type Config } from '../../config.ts';
import { outboxSender } from '../notifications/sender.ts';
import { retryDelayMs } from '../outbox/outbox.ts';
import { buildApp } from '../../app.ts';

const h = useHarness({ config: { WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_TIMEOUT_MS: 300 } });
let receiver: HookReceiver;
beforeAll(async () => {
  receiver = await startHookReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = 200;
});

const BASE_MS = 100;
function sender(over: Partial<Config> = {}) {
  return outboxSender(h().db, testConfig({ WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_TIMEOUT_MS: 300, ...over }), {
    retryBaseMs: BASE_MS,
  });
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A courier's job of one parcel (the phone's MobSendJob). */
const courierJob = (status: number, barcode: string) =>
  courierJobBody(status, [barcode], {
    Comment: status === Status.Delivered ? 'ჩააბარა პირადად' : 'კარი დაკეტილია',
    ImageB64: status === Status.Delivered ? PNG : '',
  });

interface World {
  office: string;
  op: Session;
  courier: Session;
  admin: Session;
}
async function world(): Promise<World> {
  const { app, db } = h();
  const office = await makeOffice(db);
  const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
  const { session: courier } = await signIn(app, db, { roleId: 106, officeGuid: office.guid });
  const { session: admin } = await signIn(app, db, { roleId: 100 });
  return { office: office.guid, op, courier, admin };
}

async function subscribe(w: World, events: readonly string[] = WEBHOOK_EVENTS, url = receiver.url) {
  const res = await callAs(h().app, SaveWebhook, w.admin, { OfficeGUID: w.office, Url: url, Events: events });
  expect(res.Error).toBeNull();
  return res.Data!;
}

async function register(w: World, over: Record<string, unknown> = {}) {
  const res = await callAs(
    h().app,
    Registration,
    w.op,
    parcelBody({ DestinationDepotGUID: w.office, ...over }),
  );
  expect(res.Error).toBeNull();
  return res.Data!.Parcels[0];
}

async function hookRows() {
  return rows<{ id: number; state: string; attempts: number; last_error: string; kind: string }>(
    h().db,
    sql`select id::int as id, state, attempts, last_error, payload->>'kind' as kind from outbox
        where kind = 'webhook' order by id`,
  );
}

/** Runs the sender until `done` holds (each run sends what is due at its start). */
async function runUntil(s: ReturnType<typeof sender>, done: () => Promise<boolean>, timeout = 15_000) {
  await expect
    .poll(
      async () => {
        await s.run();
        return done();
      },
      { timeout, interval: 50 },
    )
    .toBe(true);
}

describe('webhooks (issue 39)', () => {
  it('a parcel from registration to delivery: every event once, signed, in order, deduplicable by id', async () => {
    const { app } = h();
    const w = await world();
    const { Secret, WebhookId: Id } = await subscribe(w);
    expect(Secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    receiver.secret = Secret;
    // a second subscription of the office hears only deliveries
    const only = await subscribe(w, ['delivered'], `${receiver.url}?only=delivered`);
    const p = await register(w, { Fild1: 'ORDER-1001' });
    const scan = await callAs(app, PostUpStatbyBarcode, w.op, {
      Status: Status.Received,
      Barcode: p.Barcode,
    });
    expect(scan.Error).toBeNull();
    for (const status of [Status.Pickup, Status.Delivered]) {
      const r = await callAs(app, MobSendJob, w.courier, courierJob(status, p.Barcode));
      expect(r.Data).toMatchObject({ Applied: 1 });
    }
    const s = sender();
    expect(await s.run()).toMatchObject({ sent: 5, retry: 0 });
    s.close();

    const first = receiver.received.filter((r) => r.path === '/hooks');
    const second = receiver.received.filter((r) => r.path !== '/hooks');
    expect(first.map((r) => r.body.kind)).toEqual(['registered', 'received', 'with_courier', 'delivered']);
    expect(first.every((r) => r.signatureValid && r.body.parcel?.barcode === p.Barcode)).toBe(true);
    // the second subscription's one message is signed with its own secret (not the receiver's)
    expect(second.map((r) => [r.body.kind, r.signatureValid])).toEqual([['delivered', false]]);
    expect(first[0].body.parcel).toMatchObject({
      barcode: p.Barcode,
      fild1: 'ORDER-1001',
      statusId: Status.Registered,
    });
    const times = first.map((r) => Date.parse(r.body.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const ids = first.map((r) => r.body.id);
    expect(new Set(ids).size).toBe(4);
    expect(second[0].body.id).toBe(ids[3]);

    // the log has each attempt; a second run sends nothing again
    const log = await callAs(app, GetWebhookDeliveries, w.admin, { WebhookId: Id });
    expect(log.Data!.Deliveries.map((d) => [d.Kind, d.StatusCode, d.Attempt, d.State])).toEqual([
      ['delivered', 200, 1, 'sent'],
      ['with_courier', 200, 1, 'sent'],
      ['received', 200, 1, 'sent'],
      ['registered', 200, 1, 'sent'],
    ]);
    const again = sender();
    expect(await again.run()).toMatchObject({ sent: 0 });
    again.close();
    expect(receiver.received).toHaveLength(5);
    expect(only.WebhookId).toBeGreaterThan(Id);
  });

  it('a cancelled parcel tells `cancelled`; a later event waits while an earlier one is retried', async () => {
    const { app } = h();
    const w = await world();
    receiver.secret = (await subscribe(w)).Secret;
    const p = await register(w);
    const del = await callAs(app, DeleteParcel, w.op, { gui: p.GUID });
    expect(del.Error).toBeNull();
    receiver.answer = 500;
    const s = sender();
    // the registration fails; the cancel is not tried before it
    expect(await s.run()).toMatchObject({ sent: 0, retry: 1 });
    expect((await hookRows()).map((r) => [r.kind, r.state, r.attempts])).toEqual([
      ['registered', 'pending', 1],
      ['cancelled', 'pending', 0],
    ]);
    receiver.answer = 200;
    await runUntil(s, async () => (await hookRows()).every((r) => r.state === 'sent'));
    s.close();
    const kinds = receiver.received.map((r) => [r.body.kind, r.signatureValid]);
    expect(kinds).toEqual([
      ['registered', true],
      ['registered', true],
      ['cancelled', true],
    ]);
    // the retry carries the same event id: the receiver dedupes it
    expect(receiver.received[0].body.id).toBe(receiver.received[1].body.id);
  });

  it('a failing receiver (500, then a time-out) is retried with growing delays for the window, then dead', async () => {
    const w = await world();
    const { WebhookId: Id, Secret } = await subscribe(w, ['registered']);
    receiver.secret = Secret;
    await register(w);
    receiver.answer = 500;
    const windowMs = 2500;
    const s = sender({ WEBHOOK_RETRY_HOURS: windowMs / 3600_000 });
    await s.run();
    receiver.answer = 'hang';
    await runUntil(s, async () => (await hookRows())[0].state === 'dead');
    s.close();
    const [row] = await hookRows();
    expect(row.attempts).toBeGreaterThanOrEqual(4);
    expect(row.last_error).toBe('timed out after 300 ms');
    const log = await rows<{ attempt: number; status_code: number | null; error: string; at: string }>(
      h().db,
      sql`select attempt, status_code, error, created_at::text as at from webhook_deliveries
          where webhook_id = ${Id} order by id`,
    );
    expect(log.map((l) => l.attempt)).toEqual(log.map((_, i) => i + 1));
    expect(log[0]).toMatchObject({ status_code: 500, error: 'HTTP 500' });
    expect(log.slice(1).every((l) => l.status_code === null && l.error === 'timed out after 300 ms')).toBe(
      true,
    );
    // each retry waits at least its growing delay (never past the window's end; the log's time is the
    // attempt's end), and the try that made it dead ended after the window
    const [made] = await rows<{ created: string }>(
      h().db,
      sql`select created_at::text as created from outbox`,
    );
    const windowEnd = Date.parse(made.created) + windowMs;
    const at = log.map((l) => Date.parse(l.at));
    for (let i = 1; i < at.length; i++)
      expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(
        Math.min(retryDelayMs(i, BASE_MS), windowEnd - at[i - 1]) - 5,
      );
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(BASE_MS - 5);
    expect(at[at.length - 1]).toBeGreaterThanOrEqual(windowEnd - 50);
    expect(receiver.received.length).toBe(log.length);

    // the administrator sends it again: due now, counted from one
    receiver.answer = 200;
    const resend = await callAs(h().app, ResendWebhook, w.admin, { OutboxId: row.id });
    expect(resend.Data).toEqual({ Ret: 1 });
    const again = sender();
    expect(await again.run()).toMatchObject({ sent: 1 });
    again.close();
    expect((await hookRows())[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a rolled-back registration, or an office without subscriptions, writes no webhook', async () => {
    const { app } = h();
    const w = await world();
    const other = await world();
    await subscribe(w);
    await register(other);
    const body = { BarCodeGeneration: false, Barcode: 'WH123456789' };
    await register(w, body);
    const dup = await callAs(
      app,
      Registration,
      w.op,
      parcelBody({ DestinationDepotGUID: w.office, ...body }),
    );
    expect(dup.Code).toBe(Code.Conflict);
    expect((await hookRows()).map((r) => r.kind)).toEqual(['registered']);
  });

  it('keeps the subscriptions in the process: a registration loads nothing; a change is seen at once', async () => {
    const { app } = h();
    const w = await world();
    const quiet = await world();
    const { WebhookId: Id } = await subscribe(w, ['registered']);
    await register(w);
    await register(quiet);
    const loads = app.deps.listCache.loads;
    // no statement reads the subscriptions per event: with their table out of the way, registrations work
    await h().db.execute(sql`alter table webhooks rename to webhooks_away`);
    try {
      await register(w);
      await register(quiet);
      await register(quiet);
    } finally {
      await h().db.execute(sql`alter table webhooks_away rename to webhooks`);
    }
    expect(app.deps.listCache.loads).toBe(loads);
    expect(await hookRows()).toHaveLength(2);
    // another event kind for the office: the next registration sees it (the trigger moved the version on)
    const changed = await callAs(app, SaveWebhook, w.admin, {
      WebhookId: Id,
      OfficeGUID: w.office,
      Url: receiver.url,
      Events: ['delivered'],
    });
    expect(changed.Error).toBeNull();
    await register(w);
    expect(await hookRows()).toHaveLength(2);
  });

  it('/metrics shows the webhooks waiting, by kind and channel `http` in the outbox backlog', async () => {
    const w = await world();
    await subscribe(w);
    await register(w);
    await register(w);
    const app = await buildApp({ ...testConfig(), METRICS_ALLOW: ['loopback'] }, h().database);
    const text = (await app.inject({ url: '/metrics' })).body;
    await app.close();
    expect(text).toMatch(/^webhook_backlog\{measure="messages"\} 2$/m);
    expect(text).toMatch(/^webhook_backlog\{measure="oldest_seconds"\} [0-9.e-]+$/m);
    expect(text).toMatch(/^outbox_backlog\{kind="webhook",channel="http"\} 2$/m);
  });

  it('a deleted subscription: its messages are skipped, and the next event writes none', async () => {
    const { app } = h();
    const w = await world();
    const { WebhookId: Id } = await subscribe(w);
    await register(w);
    const del = await callAs(app, DeleteWebhook, w.admin, { WebhookId: Id });
    expect(del.Data).toEqual({ Ret: 1 });
    await register(w);
    const s = sender();
    expect(await s.run()).toMatchObject({ skipped: 1, sent: 0 });
    s.close();
    expect((await hookRows()).map((r) => [r.state, r.last_error])).toEqual([
      ['skipped', 'not sent: the subscription was deleted'],
    ]);
    expect(receiver.received).toEqual([]);
  });

  it('the administrator lists, changes and tests a subscription; the secret is never listed', async () => {
    const { app } = h();
    const w = await world();
    const { WebhookId: Id, Secret } = await subscribe(w, ['registered']);
    receiver.secret = Secret;
    const changed = await callAs(app, SaveWebhook, w.admin, {
      WebhookId: Id,
      OfficeGUID: w.office,
      Url: receiver.url,
      Events: ['delivered', 'cancelled'],
    });
    expect(changed.Data).toEqual({ Ret: 1, WebhookId: Id, Secret: '' });
    const list = await callAs(app, GetWebhooks, w.admin, { OfficeGUID: w.office });
    expect(list.Data!.Webhooks).toEqual([
      expect.objectContaining({
        Id,
        OfficeGUID: w.office,
        Url: receiver.url,
        Events: ['delivered', 'cancelled'],
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(Secret);
    const test = await callAs(app, TestWebhook, w.admin, { WebhookId: Id });
    expect(test.Data).toMatchObject({ Ret: 1, StatusCode: 200, Error: '' });
    expect(receiver.received.map((r) => [r.body.kind, r.signatureValid])).toEqual([['test', true]]);
    receiver.answer = 503;
    const failed = await callAs(app, TestWebhook, w.admin, { WebhookId: Id });
    expect(failed.Data).toMatchObject({ Ret: 0, StatusCode: 503, Error: 'HTTP 503' });
    const log = await callAs(app, GetWebhookDeliveries, w.admin, {});
    expect(log.Data!.Deliveries.map((d) => [d.Kind, d.StatusCode, d.OutboxId])).toEqual([
      ['test', 503, null],
      ['test', 200, null],
    ]);
    const [audit] = await rows<{ n: number }>(
      h().db,
      sql`select count(*)::int as n from audit_log where action in ('SaveWebhook', 'TestWebhook')`,
    );
    expect(audit.n).toBe(4);
  });

  it('refuses bad input in Georgian and writes nothing; 401 without a session, 403 for an operator', async () => {
    const { app } = h();
    const w = await world();
    const save = (over: Record<string, unknown>) =>
      callAs(app, SaveWebhook, w.admin, {
        OfficeGUID: w.office,
        Url: receiver.url,
        Events: ['registered'],
        ...over,
      });
    expect(await save({ Events: [] })).toMatchObject({
      Status: false,
      Code: Code.BadInput,
      Error: 'აირჩიეთ ერთი მოვლენა მაინც',
    });
    expect((await save({ Events: ['shipped'] })).Code).toBe(Code.BadInput);
    expect(await save({ Url: 'ftp://example.ge/x' })).toMatchObject({
      Code: Code.BadInput,
      Error: 'მისამართი უნდა იყოს http:// ან https:// ბმული, მომხმარებლისა და პაროლის გარეშე',
    });
    expect((await save({ Url: 'https://user:pw@example.ge/x' })).Code).toBe(Code.BadInput);
    expect((await save({ OfficeGUID: randomUUID() })).Code).toBe(Code.NotFound);
    expect((await callAs(app, DeleteWebhook, w.admin, { WebhookId: 999 })).Code).toBe(Code.NotFound);
    expect((await callAs(app, ResendWebhook, w.admin, { OutboxId: 999 })).Code).toBe(Code.NotFound);
    const [n] = await rows<{ n: number }>(h().db, sql`select count(*)::int as n from webhooks`);
    expect(n.n).toBe(0);
    expect((await callAs(app, GetWebhooks, null, {})).Code).toBe(Code.Unauthorized);
    expect(
      (
        await callAs(app, SaveWebhook, w.op, {
          OfficeGUID: w.office,
          Url: receiver.url,
          Events: ['registered'],
        })
      ).Code,
    ).toBe(Code.Forbidden);
    expect((await callAs(app, GetWebhookDeliveries, w.courier, {})).Code).toBe(Code.Forbidden);
  });
});
