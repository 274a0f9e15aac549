/**
 * The outbox sender killed with SIGKILL in the middle of a send (issue 38: nothing lost, nothing
 * doubled). The sender runs as a child process (sender-cli.ts) against the test's PostgreSQL database;
 * the loopback SMTP server holds a mail's DATA until the test has killed the child, then:
 * - drops it (the connection is gone before the 250): the restarted sender sends it again after the
 *   lease, with the same Message-ID, and the server has it once;
 * - or accepts it (the answer is lost: the 250 left, the child died before writing "sent"): the
 *   restarted sender sends it again with the same Message-ID, so the receiver sees a repeat of one
 *   message id and dedupes it (the policy: at least once, with a stable message id).
 * Every message arrives, and no message id arrives as two different messages. PGlite is one process's
 * database, so this test needs DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { useHarness } from '../../test/harness.ts';
import { rows } from '../../db/client.ts';
import { makeParcel } from '../../test/factories.ts';
import { enqueueNotifications } from './events.ts';
import { startMailSink, type MailSink, type ReceivedMail } from '../../test/loopback-gateways.ts';
import { Status } from '@po/contract';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const CLI = path.join(ROOT, 'apps/server/src/modules/notifications/sender-cli.ts');

describe.skipIf(!process.env.DATABASE_URL)('the outbox sender killed mid-send (issue 38)', () => {
  const h = useHarness();
  let mail: MailSink;
  beforeAll(async () => {
    mail = await startMailSink();
  });
  afterAll(async () => {
    await mail.close();
  });

  async function databaseUrl() {
    const [r] = await rows<{ name: string }>(h().db, sql`select current_database() as name`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${r.name}`;
    return u.toString();
  }
  function startSender(url: string): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', CLI], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        SMTP_URL: mail.url,
        SMS_URL: '',
        PUBLIC_URL: 'https://track.example.ge',
        OUTBOX_EVERY_SECONDS: '1',
        OUTBOX_LEASE_SECONDS: '2',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
  }
  const exited = (c: ChildProcess) =>
    new Promise<void>((resolve) =>
      c.exitCode !== null || c.signalCode ? resolve() : c.once('exit', () => resolve()),
    );

  /** Three parcels' registration notifications, written as the parcels core writes them. */
  async function threeMessages() {
    const { db } = h();
    for (let i = 0; i < 3; i++) {
      const p = await makeParcel(db, { receiverEmail: `r${i}@example.ge` });
      await db.transaction(async (tx) => {
        const [e] = await rows<{ id: number }>(
          tx,
          sql`select id::int as id from parcel_events where parcel_guid = ${p.guid} and status_id = ${Status.Registered}`,
        );
        await enqueueNotifications(tx, p, { id: e.id, statusId: Status.Registered, officeGuid: null });
      });
    }
    return rows<{ id: number }>(db, sql`select id::int as id from outbox order by id`);
  }

  async function killMidSend(url: string, acceptBeforeKill: boolean): Promise<ReceivedMail> {
    let release!: (accept: boolean) => void;
    const held = new Promise<ReceivedMail>((resolveHeld) => {
      mail.hold = (m) => {
        mail.hold = undefined;
        resolveHeld(m);
        return new Promise<boolean>((r) => (release = r));
      };
    });
    const child = startSender(url);
    const first = await held;
    child.kill('SIGKILL');
    await exited(child);
    release(acceptBeforeKill);
    return first;
  }

  for (const acceptBeforeKill of [false, true])
    it(`every message arrives, none as two (${acceptBeforeKill ? 'answer lost' : 'cut off before accepted'})`, async () => {
      const url = await databaseUrl();
      mail.mails.length = 0;
      const list = await threeMessages();
      const cut = await killMidSend(url, acceptBeforeKill);
      // the killed send's row stays claimed: nothing marked sent that was not
      const [state] = await rows<{ n: number }>(
        h().db,
        sql`select count(*)::int as n from outbox where state = 'sent'`,
      );
      expect(state.n).toBe(0);

      const child = startSender(url);
      try {
        await expect
          .poll(
            async () =>
              (
                await rows<{ n: number }>(
                  h().db,
                  sql`select count(*)::int as n from outbox where state = 'sent'`,
                )
              )[0].n,
            { timeout: 60_000, interval: 250 },
          )
          .toBe(3);
      } finally {
        child.kill('SIGTERM');
        await exited(child);
      }
      const ids = mail.mails.map((m) => m.messageId);
      const distinct = new Set(ids);
      // nothing lost: a message per row, each with its row's id
      expect([...distinct].sort()).toEqual(list.map((r) => `<po-${r.id}@track.example.ge>`).sort());
      // the cut-off message went again with the same Message-ID
      expect(distinct.has(cut.messageId)).toBe(true);
      // nothing doubled: cut off before accepted, each id arrived once; answer lost, the one repeat
      // carries the same id (a receiver dedupes it) and is the very same message
      expect(ids.length).toBe(acceptBeforeKill ? 4 : 3);
      const same = mail.mails.filter((m) => m.messageId === cut.messageId);
      expect(new Set(same.map((m) => m.text)).size).toBe(1);
    });
});
