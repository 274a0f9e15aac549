/**
 * Webhooks never reach the inside network (issue 39) without WEBHOOK_ALLOW_PRIVATE: a loopback, private
 * or link-local URL is refused when saved, and a subscription that points there anyway (written in the
 * database, or a name that resolves there) is refused again at the send, before any connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@po/contract';
import { Registration } from '@po/contract/registration';
import { SaveWebhook } from '@po/contract/webhooks';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, parcelBody, signIn } from '../../test/factories.ts';
import { startHookReceiver, type HookReceiver } from '../../test/webhook-receiver.ts';
import { rows } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import { outboxSender } from '../notifications/sender.ts';
import { isPublicAddress } from './deliver.ts';

const h = useHarness();
let receiver: HookReceiver;
beforeAll(async () => {
  receiver = await startHookReceiver();
});
afterAll(() => receiver.close());

describe('webhooks to private addresses (issue 39)', () => {
  it('tells public addresses from loopback, private, link-local and the like', () => {
    for (const a of ['8.8.8.8', '185.70.40.1', '2a00:1450:4001:81b::200e'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses a loopback, private or link-local URL when saved, in Georgian, writing nothing', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: admin } = await signIn(app, db, { roleId: 100 });
    for (const url of [
      receiver.url,
      'http://localhost:8080/hooks',
      'http://10.0.0.5/hooks',
      'http://[::1]:9000/',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await callAs(app, SaveWebhook, admin, {
        OfficeGUID: office.guid,
        Url: url,
        Events: ['registered'],
      });
      expect(res, url).toMatchObject({ Status: false, Code: Code.BadInput });
      expect(res.Error).toMatch(/^ვებჰუკი არ იგზავნება შიდა ან ლოკალურ მისამართზე \(.+\)$/);
    }
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from webhooks`);
    expect(n.n).toBe(0);
  });

  it('refuses at the send a subscription that points inside anyway: no connection is made', async () => {
    const { app, db, config } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    for (const url of [receiver.url, byName])
      await db.insert(webhooks).values({ officeGuid: office.guid, url, events: ['registered'], secret: 's' });
    const res = await callAs(app, Registration, op, parcelBody({ DestinationDepotGUID: office.guid }));
    expect(res.Error).toBeNull();
    const s = outboxSender(db, config, { retryBaseMs: 50 });
    expect(await s.run()).toMatchObject({ sent: 0, retry: 2 });
    s.close();
    const log = await rows<{ error: string; status_code: number | null }>(
      db,
      sql`select error, status_code from webhook_deliveries order by id`,
    );
    expect(log).toEqual([
      { error: 'refused: 127.0.0.1 is not a public address', status_code: null },
      {
        error: expect.stringMatching(/^refused: (127\.0\.0\.1|::1) is not a public address$/),
        status_code: null,
      },
    ]);
    expect(receiver.received).toEqual([]);
  });
});
