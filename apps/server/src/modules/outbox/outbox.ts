/**
 * The outbox (issue 38): messages to the outside world written in the same transaction as what causes
 * them, and one sender that delivers them. The recipient's notifications use it; the shipper's webhooks
 * are meant to (a row of another `kind`, a deliverer of their own): one table, one sender, one retry
 * policy.
 *
 * A row's life: `pending` (due at `next_attempt_at`) → claimed as `sending` with a lease (its
 * `next_attempt_at` becomes the lease's end, its attempts count up) in a committed statement of its own,
 * `for update skip locked`, so two senders never take the same row → after the send, `sent`, or back to
 * `pending` with a growing delay, or `failed` after the last attempt, or `skipped` when it must not go
 * (the channel is not configured, the recipient stopped the messages). A kind with a retry window
 * (webhooks: 24 hours) is retried, with the same growing delays, until the window after its creation
 * ends, whatever the count, and is then `dead`.
 *
 * Order, for the kinds that ask for it (webhooks: `SenderOptions.ordered`): a row waits while an earlier
 * row (a smaller id) of the same parcel, kind and channel is still pending or being sent, so each
 * parcel's messages to one subscription go in event order; a row given up (dead, skipped) no longer
 * holds the next back. The recipient's notifications are independent messages and do not wait.
 *
 * A send whose answer was lost (the process killed after the message left, before `sent` was written):
 * the row stays `sending`; when its lease ends it is claimed again and sent again, with the same message
 * id (the e-mail's Message-ID, the SMS gateway's idempotency id: both made from the row's id). Delivery
 * is therefore at least once, never lost; a receiver that dedupes by the message id (mail clients by
 * Message-ID, a gateway by its idempotency key) sees it once. A send cut off before the message was
 * accepted (the usual case: the connection dies mid-transfer) is simply sent again, once.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client.ts';
import { runSql, writeAtCommit } from '../../db/statement.ts';
import type { OutboxState as NotificationState } from '@po/contract/notifications';

/** A row's state: the notifications' states, and `dead` for a kind whose retry window ended. */
export type OutboxState = NotificationState | 'dead';

export interface OutboxRow {
  id: number;
  kind: string;
  channel: string;
  target: string;
  payload: Record<string, unknown>;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string;
  eventId: number | null;
  parcelGuid: string | null;
  createdAt: Date;
}

/** What a deliverer answers: sent, or not to be sent at all (with the reason recorded). A throw is a failed try. */
export type DeliveryResult = { state: 'sent' } | { state: 'skipped'; reason: string };
/** Delivers the rows of one kind (notifications, webhooks). */
export type Deliverer = (row: OutboxRow) => Promise<DeliveryResult>;

export interface SenderOptions {
  /** a claimed row is taken back after this long (a crash mid-send) */
  leaseSeconds: number;
  /** tries before a row is given up */
  maxAttempts: number;
  /** the first retry's delay; each next one doubles, up to `maxDelayMs` */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** rows claimed at a time */
  batchSize?: number;
  /**
   * kinds retried for a time rather than a number of tries: ms after the row's creation, after which
   * a failed try makes it `dead` (the next try is never later than the window's end)
   */
  windowMs?: Readonly<Record<string, number>>;
  /** kinds whose rows go in order per parcel and channel (a later one waits for the earlier) */
  ordered?: readonly string[];
}

/** The retry policy: 30 s, 1 min, 2 min … doubling, at most 6 hours (attempts counted from 1). */
export function retryDelayMs(attempts: number, baseMs = 30_000, maxMs = 6 * 3600_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** A message to enqueue (the same transaction as its cause). */
export interface NewMessage {
  kind: string;
  channel: string;
  target: string;
  payload: Record<string, unknown>;
  eventId: number | null;
  parcelGuid: string | null;
}

const ENQUEUE = {
  name: 'po_outbox_enqueue',
  text:
    'insert into "outbox" ("kind", "channel", "target", "payload", "event_id", "parcel_guid") ' +
    'values ($1::text, $2::text, $3::text, $4::jsonb, $5::bigint, $6::uuid) ' +
    'on conflict ("event_id", "kind", "channel") do nothing',
};

/**
 * Writes a message in the caller's transaction, at its commit (no round trip of its own on PostgreSQL):
 * a rolled-back cause sends nothing. One message per event, kind and channel (a unique index).
 */
export function enqueue(tx: DbOrTx, m: NewMessage): Promise<void> {
  return writeAtCommit(tx, {
    name: ENQUEUE.name,
    text: ENQUEUE.text,
    values: [m.kind, m.channel, m.target, JSON.stringify(m.payload), m.eventId, m.parcelGuid],
  });
}

interface RawRow {
  id: number | string;
  kind: string;
  channel: string;
  target: string;
  payload: Record<string, unknown> | string;
  state: OutboxState;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string;
  event_id: number | string | null;
  parcel_guid: string | null;
  created_at: Date | string;
}
const readRow = (r: RawRow): OutboxRow => ({
  id: Number(r.id),
  kind: r.kind,
  channel: r.channel,
  target: r.target,
  payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
  state: r.state,
  attempts: r.attempts,
  nextAttemptAt: new Date(r.next_attempt_at),
  lastError: r.last_error,
  eventId: r.event_id === null ? null : Number(r.event_id),
  parcelGuid: r.parcel_guid,
  createdAt: new Date(r.created_at),
});

/**
 * Claims the due rows (pending and due, or sending with an ended lease), oldest first, skipping rows
 * another sender holds; one statement, committed on its own so the lease holds whatever happens next.
 */
export async function claimDue(
  db: Db,
  limit: number,
  leaseSeconds: number,
  dueBy: string | null = null,
  ordered: readonly string[] = [],
): Promise<OutboxRow[]> {
  const by = dueBy === null ? sql`clock_timestamp()` : sql`${dueBy}::timestamptz`;
  const inOrder = ordered.length
    ? sql`and (q.kind not in (${sql.join(
        ordered.map((k) => sql`${k}`),
        sql`, `,
      )}) or not exists (select 1 from outbox b
          where b.parcel_guid = q.parcel_guid and b.kind = q.kind and b.channel = q.channel
            and b.id < q.id and b.state in ('pending', 'sending')))`
    : sql``;
  const list = await rows<RawRow>(
    db,
    sql`with due as (
          select id from outbox q
          where state in ('pending', 'sending') and next_attempt_at <= ${by} ${inOrder}
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
        update outbox o set state = 'sending', attempts = o.attempts + 1,
          next_attempt_at = clock_timestamp() + make_interval(secs => ${leaseSeconds})
        from due where o.id = due.id
        returning o.id, o.kind, o.channel, o.target, o.payload, o.state, o.attempts, o.next_attempt_at,
          o.last_error, o.event_id, o.parcel_guid, o.created_at`,
  );
  return list.map(readRow).sort((a, b) => a.id - b.id);
}

/**
 * Records a try's outcome, only while the row is still this claim's (state sending, same attempt): a
 * sender whose lease ended and whose row another took records nothing.
 */
async function settle(
  db: Db,
  row: OutboxRow,
  state: OutboxState,
  error: string,
  delayMs: number | null,
): Promise<void> {
  const next =
    delayMs === null
      ? sql`next_attempt_at`
      : sql`clock_timestamp() + make_interval(secs => ${delayMs / 1000})`;
  // named (two texts): the sender settles every row it sends, and unnamed PostgreSQL planned each one
  await runSql(
    db,
    sql`update outbox set state = ${state}, last_error = ${error.slice(0, 1000)}, next_attempt_at = ${next},
          sent_at = case when ${state} = 'sent' then clock_timestamp() else sent_at end
        where id = ${row.id} and state = 'sending' and attempts = ${row.attempts}`,
  );
}

/** One try of one claimed row. */
async function deliverOne(
  db: Db,
  row: OutboxRow,
  deliverers: Readonly<Record<string, Deliverer>>,
  o: SenderOptions,
): Promise<OutboxState> {
  const deliver = deliverers[row.kind];
  try {
    if (!deliver) throw new Error(`no deliverer for kind ${row.kind}`);
    const r = await deliver(row);
    if (r.state === 'skipped') {
      await settle(db, row, 'skipped', r.reason, null);
      return 'skipped';
    }
    await settle(db, row, 'sent', '', null);
    return 'sent';
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    const window = o.windowMs?.[row.kind];
    if (window !== undefined) {
      const left = row.createdAt.getTime() + window - Date.now();
      if (left <= 0) {
        await settle(db, row, 'dead', error, null);
        return 'dead';
      }
      await settle(
        db,
        row,
        'pending',
        error,
        Math.min(left, retryDelayMs(row.attempts, o.retryBaseMs, o.maxDelayMs)),
      );
      return 'pending';
    }
    if (row.attempts >= o.maxAttempts) {
      await settle(db, row, 'failed', error, null);
      return 'failed';
    }
    await settle(db, row, 'pending', error, retryDelayMs(row.attempts, o.retryBaseMs, o.maxDelayMs));
    return 'pending';
  }
}

export type RunCounts = Record<'sent' | 'skipped' | 'failed' | 'dead' | 'retry', number>;

/** Claims and delivers what was due at the run's start (one batch at a time, in row order). */
export async function runOutboxOnce(
  db: Db,
  deliverers: Readonly<Record<string, Deliverer>>,
  o: SenderOptions,
): Promise<RunCounts> {
  const counts: RunCounts = { sent: 0, skipped: 0, failed: 0, dead: 0, retry: 0 };
  // what is due when the run starts (the database's clock): a retry due again during the run waits for the next
  const [start] = await rows<{ t: string }>(db, sql`select clock_timestamp()::text as t`);
  for (;;) {
    const batch = await claimDue(db, o.batchSize ?? 20, o.leaseSeconds, start.t, o.ordered);
    if (batch.length === 0) return counts;
    for (const row of batch) {
      const state = await deliverOne(db, row, deliverers, o);
      if (state === 'pending') counts.retry++;
      else if (state === 'sent' || state === 'skipped' || state === 'failed' || state === 'dead')
        counts[state]++;
    }
  }
}

/** Makes a row due now again, its attempts counted from zero (an administrator's resend). */
export async function resend(db: DbOrTx, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(
    db,
    sql`update outbox set state = 'pending', attempts = 0, next_attempt_at = clock_timestamp(), last_error = '',
          sent_at = null
        where id = ${id} and state <> 'sending' returning id`,
  );
  return done.length > 0;
}
