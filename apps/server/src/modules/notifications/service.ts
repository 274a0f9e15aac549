/**
 * The administrator's view of the recipients' notifications (issue 38): the outbox's notification rows
 * with their parcel, channel, state, attempts and last error, filtered, newest first; and a resend.
 */
import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_MAX, type NotificationRow } from '@po/contract/notifications';
import { cleanBarcode } from '@po/contract';
import type { AuthedCtx } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { rows } from '../../db/client.ts';
import { resend } from '../outbox/outbox.ts';

interface Raw {
  id: number;
  barcode: string;
  channel: string;
  kind: string;
  target: string;
  state: NotificationRow['State'];
  attempts: number;
  last_error: string;
  created_at: Date | string;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
}

export async function listNotifications(
  ctx: AuthedCtx,
  f: { State: string; Channel: string; Barcode: string },
): Promise<{ Notifications: NotificationRow[]; Capped: boolean }> {
  ctx.scope.require('see');
  const conds = [sql`o.kind = 'notification'`];
  if (f.State.trim()) conds.push(sql`o.state = ${f.State.trim()}`);
  if (f.Channel.trim()) conds.push(sql`o.channel = ${f.Channel.trim()}`);
  const code = cleanBarcode(f.Barcode);
  if (code) conds.push(sql`o.payload->>'barcode' like ${`%${code.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const list = await rows<Raw>(
    ctx.db,
    sql`select o.id::int as id, coalesce(o.payload->>'barcode', '') as barcode, o.channel,
          coalesce(o.payload->>'notify', '') as kind, o.target, o.state, o.attempts, o.last_error,
          o.created_at, o.next_attempt_at, o.sent_at
        from outbox o where ${sql.join(conds, sql` and `)}
        order by o.id desc limit ${NOTIFICATIONS_MAX + 1}`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    Notifications: list.slice(0, NOTIFICATIONS_MAX).map((r) => ({
      Id: r.id,
      Barcode: r.barcode,
      Channel: r.channel,
      Kind: r.kind,
      Target: r.target,
      State: r.state,
      Attempts: r.attempts,
      LastError: r.last_error,
      CreatedAt: iso(r.created_at),
      NextAttemptAt: iso(r.next_attempt_at),
      SentAt: r.sent_at === null ? null : iso(r.sent_at),
    })),
    Capped: list.length > NOTIFICATIONS_MAX,
  };
}

export async function resendNotification(ctx: AuthedCtx, id: number): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await rows<{ state: string }>(
      tx,
      sql`select state from outbox where id = ${id} and kind = 'notification' for update`,
    );
    if (!row) throw notFound('notifications.notFound');
    if (row.state === 'sending') throw conflict('notifications.sending');
    await resend(tx, id);
    await audit(tx, ctx, {
      action: 'ResendNotification',
      entity: 'outbox',
      entityId: String(id),
      before: row,
    });
    return { Ret: 1 };
  });
}
