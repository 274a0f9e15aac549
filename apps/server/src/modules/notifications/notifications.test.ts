/**
 * The recipient's notifications (issue 38) end to end on real servers on loopback: a registration with
 * the recipient's e-mail, the counter's receipt and the courier's pickup and handover through the API,
 * the outbox's sender, and an SMTP server that receives one mail per step with the tracking link; an
 * HTTP server standing in for the SMS gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { Registration } from '@po/contract/registration';
import { PostUpStatbyBarcode } from '@po/contract/parcels/scans';
import { MobSendJob } from '@po/contract/mobile';
import { ParcelFinder } from '@po/contract/parcels/finder';
import { ListNotifications, ResendNotification } from '@po/contract/notifications';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, parcelBody, signIn, type Session } from '../../test/factories.ts';
import {
  startMailSink,
  startSmsGateway,
  type MailSink,
  type SmsGateway,
} from '../../test/loopback-gateways.ts';
import { rows } from '../../db/client.ts';
import { outboxSender } from './sender.ts';
import { testConfig } from '../../config.ts';
import { courierJobBody } from '@po/contract/testing';

const h = useHarness();
let mail: MailSink;
let sms: SmsGateway;
beforeAll(async () => {
  [mail, sms] = await Promise.all([startMailSink(), startSmsGateway()]);
});
afterAll(async () => {
  await mail.close();
  await sms.close();
});

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function sender(over: Parameters<typeof testConfig>[0] = {}) {
  return outboxSender(
    h().db,
    testConfig({
      SMTP_URL: mail.url,
      SMS_URL: sms.url,
      SMS_TOKEN: 'gw-token',
      PUBLIC_URL: 'https://track.example.ge',
      ...over,
    }),
    { retryBaseMs: 50 },
  );
}
async function outboxRows() {
  return rows<{
    id: number;
    channel: string;
    state: string;
    attempts: number;
    last_error: string;
    kind: string;
  }>(
    h().db,
    sql`select id::int as id, channel, state, attempts, last_error, payload->>'notify' as kind from outbox order by id`,
  );
}

/** A courier's job for one parcel; a handover carries a comment and a signature. */
const job = (status: number, barcode: string, over: Record<string, unknown> = {}) =>
  courierJobBody(status, [barcode], {
    Comment: status === Status.Delivered ? 'ჩააბარა პირადად' : '',
    ImageB64: status === Status.Delivered ? PNG : '',
    ...over,
  });

async function registerAt(session: Session, office: string, over: Record<string, unknown>) {
  const res = await callAs(
    h().app,
    Registration,
    session,
    parcelBody({ DestinationDepotGUID: office, ...over }),
  );
  expect(res.Error).toBeNull();
  return res.Data!.Parcels[0];
}

describe('notifications (issue 38)', () => {
  it('a parcel taken through the counter and the courier: one mail per step, each with the tracking link', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    const { session: courier } = await signIn(app, db, { roleId: 106, officeGuid: office.guid });
    const to = `nino.${randomUUID().slice(0, 8)}@example.ge`;
    const p = await registerAt(op, office.guid, { ReceiverEmail: to });

    const received = await callAs(app, PostUpStatbyBarcode, op, {
      Status: Status.Received,
      Barcode: p.Barcode,
    });
    expect(received.Error).toBeNull();
    for (const status of [Status.Pickup, Status.Delivered]) {
      const r = await callAs(app, MobSendJob, courier, job(status, p.Barcode));
      expect(r.Data).toMatchObject({ Applied: 1 });
    }
    const s = sender();
    const counts = await s.run();
    s.close();
    expect(counts).toMatchObject({ sent: 4, failed: 0, retry: 0 });

    const mine = mail.mails.filter((m) => m.to === to);
    expect(mine).toHaveLength(4);
    const link = `https://track.example.ge/track/${p.Barcode}`;
    for (const m of mine) {
      expect(m.text).toContain(link);
      expect(m.subject).toBe(`ამანათი ${p.Barcode}`);
    }
    expect(mine.map((m) => m.text.split(/\r?\n/)[0])).toEqual([
      `თქვენი ამანათი ${p.Barcode} რეგისტრირებულია და მალე გამოგიგზავნით.`,
      `თქვენი ამანათი ${p.Barcode} ჩამოვიდა დანიშნულების ფილიალში (თბილისი).`,
      `თქვენი ამანათი ${p.Barcode} კურიერთანაა და დღეს მოგიტანთ.`,
      `თქვენი ამანათი ${p.Barcode} ჩაბარებულია. გმადლობთ!`,
    ]);
    // one message id per message, made from its outbox row
    expect(new Set(mine.map((m) => m.messageId)).size).toBe(4);
    expect((await outboxRows()).map((r) => r.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
    // a second run sends nothing again
    const again = sender();
    expect(await again.run()).toMatchObject({ sent: 0 });
    again.close();
    expect(mail.mails.filter((m) => m.to === to)).toHaveLength(4);
  });

  it('an SMS in English with the reason of a failed delivery; the gateway busy first, then retried', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    const { session: courier } = await signIn(app, db, { roleId: 106, officeGuid: office.guid });
    const p = await registerAt(op, office.guid, { ReceiverPhone: '+995 599 12-34-56', NotifyLanguage: 'en' });
    await callAs(app, MobSendJob, courier, job(Status.Pickup, p.Barcode));
    await callAs(
      app,
      MobSendJob,
      courier,
      job(Status.NobodyAtAddress, p.Barcode, { Comment: 'კარი დაკეტილია' }),
    );
    const before = sms.messages.length;
    sms.status = 503;
    const s = sender();
    expect(await s.run()).toMatchObject({ sent: 0, retry: 3 });
    expect((await outboxRows()).map((r) => [r.state, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);
    expect((await outboxRows())[0].last_error).toContain('503');
    sms.status = 200;
    // the growing delay (50 ms in this test) passes
    // each run sends what is due at its start: the rows come due again one after another
    await expect
      .poll(
        async () => {
          await s.run();
          return (await outboxRows()).every((r) => r.state === 'sent');
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    s.close();
    const got = sms.messages.slice(before);
    expect(got).toHaveLength(3);
    expect(got.every((m) => m.to === '+995599123456' && m.authorization === 'Bearer gw-token')).toBe(true);
    expect(got[2].text).toContain(
      `Your parcel ${p.Barcode} could not be delivered: nobody was at the address.`,
    );
    expect(got[2].text).toContain(`https://track.example.ge/track/${p.Barcode}`);
    expect(got.map((m) => m.id)).toEqual((await outboxRows()).map((r) => `po-${r.id}`));
  });

  it('a channel that is not configured is recorded as not sent and breaks nothing', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    await registerAt(op, office.guid, { ReceiverPhone: '599123456', ReceiverEmail: 'a@example.ge' });
    // the finder shows the contacts
    const day = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    const found = await callAs(app, ParcelFinder, op, {
      StartRegDate: day(new Date(Date.now() - 2 * 86_400_000)),
      EndRegDate: day(new Date(Date.now() + 86_400_000)),
    });
    expect(found.Data?.Parcels[0]).toMatchObject({
      ReceiverPhone: '599123456',
      ReceiverEmail: 'a@example.ge',
    });
    const s = sender({ SMS_URL: '' });
    expect(await s.run()).toMatchObject({ sent: 1, skipped: 1 });
    s.close();
    const list = await outboxRows();
    expect(list.map((r) => [r.channel, r.state, r.last_error])).toEqual([
      ['email', 'sent', ''],
      ['sms', 'skipped', 'not sent: channel not configured'],
    ]);
  });

  it('a parcel without contacts, or a registration that fails, writes no message', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    await registerAt(op, office.guid, {});
    // the same manual barcode twice: the second registration rolls back, its message with it
    const body = { BarCodeGeneration: false, Barcode: 'TS123456789', ReceiverEmail: 'b@example.ge' };
    await registerAt(op, office.guid, body);
    const dup = await callAs(
      app,
      Registration,
      op,
      parcelBody({ DestinationDepotGUID: office.guid, ...body }),
    );
    expect(dup.Code).toBe(Code.Conflict);
    expect((await outboxRows()).map((r) => r.kind)).toEqual(['registered']);
  });

  it('refuses a phone that is not a Georgian mobile and a bad e-mail, in Georgian, writing nothing', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    const bad = (over: Record<string, unknown>) =>
      callAs(app, Registration, op, parcelBody({ DestinationDepotGUID: office.guid, ...over }));
    const phone = await bad({ ReceiverPhone: '322 12 34 56' });
    expect(phone).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(phone.Error).toBe(
      'მიმღების მობილური უნდა იყოს საქართველოს ნომერი: 9 ციფრი, იწყება 5-ით (მაგ. 599 12 34 56)',
    );
    const email = await bad({ ReceiverEmail: 'nino@' });
    expect(email.Error).toBe('მიმღების ელფოსტის მისამართი არასწორია');
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from parcels`);
    expect(n.n).toBe(0);
    expect(await outboxRows()).toEqual([]);
  });

  it('the administrator lists notifications with filters and sends one again; others may not', async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    const { session: op } = await signIn(app, db, { roleId: 105, officeGuid: office.guid });
    const { session: admin } = await signIn(app, db, { roleId: 100 });
    const p = await registerAt(op, office.guid, {
      ReceiverPhone: '599123456',
      ReceiverEmail: 'c@example.ge',
    });
    const s = sender({ SMS_URL: '' });
    await s.run();
    s.close();
    const all = await callAs(app, ListNotifications, admin, {});
    expect(all.Data?.Notifications.map((n) => [n.Barcode, n.Channel, n.Kind, n.State, n.Attempts])).toEqual([
      [p.Barcode, 'sms', 'registered', 'skipped', 1],
      [p.Barcode, 'email', 'registered', 'sent', 1],
    ]);
    const skipped = await callAs(app, ListNotifications, admin, {
      State: 'skipped',
      Barcode: p.Barcode.slice(-5),
    });
    expect(skipped.Data?.Notifications).toHaveLength(1);
    expect(skipped.Data?.Notifications[0].LastError).toBe('not sent: channel not configured');
    expect(
      (await callAs(app, ListNotifications, admin, { Channel: 'email', State: 'failed' })).Data
        ?.Notifications,
    ).toEqual([]);

    const id = skipped.Data!.Notifications[0].Id;
    const re = await callAs(app, ResendNotification, admin, { NotificationId: id });
    expect(re.Error).toBeNull();
    expect(re.Data).toEqual({ Ret: 1 });
    const again = sender();
    expect(await again.run()).toMatchObject({ sent: 1 });
    again.close();
    expect(sms.messages.at(-1)?.id).toBe(`po-${id}`);
    expect((await callAs(app, ResendNotification, admin, { NotificationId: 999999 })).Error).toBe(
      'შეტყობინება ვერ მოიძებნა',
    );
    expect((await callAs(app, ResendNotification, admin, { NotificationId: 'x' })).Code).toBe(Code.BadInput);
    expect((await callAs(app, ListNotifications, op, {})).Code).toBe(Code.Forbidden);
    expect((await callAs(app, ListNotifications, null, {})).Code).toBe(Code.Unauthorized);
    expect((await callAs(app, ResendNotification, op, { NotificationId: id })).Code).toBe(Code.Forbidden);
  });
});
