/**
 * The administrator's webhooks (issue 39): a client office's subscriptions (URL, event kinds, a signing
 * secret answered once), a test send, the delivery log and a resend. The messages themselves are written
 * by the parcels core (events.ts) and sent by the outbox's sender (deliver.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_MAX,
  type WebhookDeliveryRow,
  type WebhookEvent,
  type WebhookRow,
} from '@po/contract/webhooks';
import type { AuthedCtx } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { badInput, conflict, notFound } from '../../http/errors.ts';
import { rows } from '../../db/client.ts';
import { resend } from '../outbox/outbox.ts';
import { hookUrl, logAttempt, postSigned, privateAddressOf, subscription } from './deliver.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

export async function listWebhooks(ctx: AuthedCtx, officeGuid: string): Promise<{ Webhooks: WebhookRow[] }> {
  const office = officeGuid.trim().toLowerCase();
  const list = await rows<{
    id: number;
    office_guid: string;
    url: string;
    events: string[];
    created_at: Date;
  }>(
    ctx.db,
    sql`select id::int as id, office_guid, url, events, created_at from webhooks
        ${office ? sql`where office_guid::text = ${office}` : sql``} order by id`,
  );
  const offices = await ctx.lists.offices();
  return {
    Webhooks: list.map((r) => ({
      Id: r.id,
      OfficeGUID: r.office_guid,
      OfficeName: offices.get(r.office_guid)?.name ?? '',
      Url: r.url,
      Events: r.events as WebhookEvent[],
      CreatedAt: iso(r.created_at),
    })),
  };
}

/** Refuses a URL that is not http(s), does not resolve, or resolves to an inside address. */
async function checkUrl(ctx: AuthedCtx, text: string): Promise<string> {
  const url = hookUrl(text);
  if (!url) throw badInput('webhooks.urlInvalid');
  let address: string | null;
  try {
    address = await privateAddressOf(url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  } catch {
    throw badInput('webhooks.unresolvable', { host: url.hostname });
  }
  if (address) throw badInput('webhooks.privateAddress', { address });
  return url.toString();
}

export async function saveWebhook(
  ctx: AuthedCtx,
  input: { WebhookId?: number; OfficeGUID: string; Url: string; Events: WebhookEvent[] },
): Promise<{ Ret: number; WebhookId: number; Secret: string }> {
  const office = input.OfficeGUID.toLowerCase();
  if (!(await ctx.lists.offices()).has(office)) throw notFound('webhooks.officeNotFound');
  const url = await checkUrl(ctx, input.Url);
  const events = [...new Set(input.Events)];
  const eventList = sql`array[${sql.join(
    events.map((e) => sql`${e}`),
    sql`, `,
  )}]::text[]`;
  return ctx.db.transaction(async (tx) => {
    if (input.WebhookId) {
      const [before] = await rows<{ id: number; office_guid: string; url: string; events: string[] }>(
        tx,
        sql`select id::int as id, office_guid, url, events from webhooks where id = ${input.WebhookId} for update`,
      );
      if (!before) throw notFound('webhooks.notFound');
      await tx.execute(
        sql`update webhooks set office_guid = ${office}, url = ${url}, events = ${eventList},
              updated_at = clock_timestamp() where id = ${input.WebhookId}`,
      );
      const after = { id: before.id, office_guid: office, url, events };
      await audit(tx, ctx, {
        action: 'SaveWebhook',
        entity: 'webhooks',
        entityId: String(before.id),
        before,
        after,
      });
      return { Ret: 1, WebhookId: before.id, Secret: '' };
    }
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    const [made] = await rows<{ id: number }>(
      tx,
      sql`insert into webhooks (office_guid, url, events, secret, created_by)
          values (${office}, ${url}, ${eventList}, ${secret}, ${ctx.user.guid}) returning id::int as id`,
    );
    // the secret is not in the audit log
    const after = { id: made.id, office_guid: office, url, events };
    await audit(tx, ctx, { action: 'SaveWebhook', entity: 'webhooks', entityId: String(made.id), after });
    return { Ret: 1, WebhookId: made.id, Secret: secret };
  });
}

export async function deleteWebhook(ctx: AuthedCtx, id: number): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await rows<{ id: number; office_guid: string; url: string; events: string[] }>(
      tx,
      sql`delete from webhooks where id = ${id} returning id::int as id, office_guid, url, events`,
    );
    if (!before) throw notFound('webhooks.notFound');
    await audit(tx, ctx, { action: 'DeleteWebhook', entity: 'webhooks', entityId: String(id), before });
    return { Ret: 1 };
  });
}

/** Sends a signed `test` event now; the attempt goes in the delivery log. */
export async function testWebhook(
  ctx: AuthedCtx,
  id: number,
): Promise<{ Ret: number; StatusCode: number | null; DurationMs: number; Error: string }> {
  const sub = await subscription(ctx.db, id);
  if (!sub) throw notFound('webhooks.notFound');
  const url = hookUrl(sub.url);
  if (!url) throw badInput('webhooks.urlInvalid');
  const body = JSON.stringify({
    id: `test_${Date.now()}`,
    kind: 'test',
    time: new Date().toISOString(),
    parcel: null,
  });
  const result = await postSigned(url, sub.secret, body, ctx.config);
  await ctx.db.transaction(async (tx) => {
    await logAttempt(tx, {
      webhookId: id,
      outboxId: null,
      eventId: null,
      kind: 'test',
      barcode: '',
      url: sub.url,
      attempt: 1,
      ...result,
    });
    await audit(tx, ctx, {
      action: 'TestWebhook',
      entity: 'webhooks',
      entityId: String(id),
      after: { statusCode: result.statusCode, error: result.error },
    });
  });
  return {
    Ret: result.error ? 0 : 1,
    StatusCode: result.statusCode,
    DurationMs: result.durationMs,
    Error: result.error,
  };
}

interface RawDelivery {
  id: number;
  webhook_id: number;
  outbox_id: number | null;
  state: string | null;
  event_id: number | null;
  kind: string;
  barcode: string;
  url: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string;
  created_at: Date | string;
}

export async function listDeliveries(
  ctx: AuthedCtx,
  webhookId: number | undefined,
): Promise<{ Deliveries: WebhookDeliveryRow[]; Capped: boolean }> {
  const list = await rows<RawDelivery>(
    ctx.db,
    sql`select d.id::int as id, d.webhook_id::int as webhook_id, d.outbox_id::int as outbox_id, o.state,
          d.event_id::int as event_id, d.kind, d.barcode, d.url, d.attempt, d.status_code, d.duration_ms,
          d.error, d.created_at
        from webhook_deliveries d left join outbox o on o.id = d.outbox_id
        ${webhookId ? sql`where d.webhook_id = ${webhookId}` : sql``}
        order by d.id desc limit ${WEBHOOK_DELIVERIES_MAX + 1}`,
  );
  return {
    Deliveries: list.slice(0, WEBHOOK_DELIVERIES_MAX).map((r) => ({
      Id: r.id,
      WebhookId: r.webhook_id,
      OutboxId: r.outbox_id,
      State: r.state ?? '',
      EventId: r.event_id,
      Kind: r.kind,
      Barcode: r.barcode,
      Url: r.url,
      Attempt: r.attempt,
      StatusCode: r.status_code,
      DurationMs: r.duration_ms,
      Error: r.error,
      At: iso(r.created_at),
    })),
    Capped: list.length > WEBHOOK_DELIVERIES_MAX,
  };
}

export async function resendWebhook(ctx: AuthedCtx, outboxId: number): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await rows<{ state: string }>(
      tx,
      sql`select state from outbox where id = ${outboxId} and kind = 'webhook' for update`,
    );
    if (!row) throw notFound('webhooks.messageNotFound');
    if (row.state === 'sending') throw conflict('webhooks.sending');
    await resend(tx, outboxId);
    await audit(tx, ctx, {
      action: 'ResendWebhook',
      entity: 'outbox',
      entityId: String(outboxId),
      before: row,
    });
    return { Ret: 1 };
  });
}
