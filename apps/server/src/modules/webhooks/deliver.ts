/**
 * Sending a webhook (issue 39): a JSON POST signed with the subscription's secret
 * (`X-PostOffice-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, docs/webhooks.md), with a
 * time-out (WEBHOOK_TIMEOUT_MS), never to a loopback, private or link-local address unless
 * WEBHOOK_ALLOW_PRIVATE: the address is checked when the subscription is saved and again, on the very
 * address the connection goes to, at each send (a name that resolves elsewhere later is caught).
 * Every attempt is written in the delivery log.
 */
import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { sql } from 'drizzle-orm';
import { WEBHOOK_SIGNATURE_HEADER } from '@po/contract/webhooks';
import { rows, type Db, type DbOrTx } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { Deliverer } from '../outbox/outbox.ts';

export type HookConfig = Pick<Config, 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_TIMEOUT_MS'>;

/** Whether an address is one a webhook may reach: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A URL a webhook may have: http or https, no user or password; null when not. */
export function hookUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}

/** Why a URL's host may not be used (a private address it resolves to), or null; throws when unresolvable. */
export async function privateAddressOf(url: URL, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.find((a) => !isPublicAddress(a.address))?.address ?? null;
}

/** The resolver the connection uses: refuses an address that is not public (unless allowed). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, '', 0);
      const found = list as unknown as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : found.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(new Error(`refused: ${bad.address} is not a public address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, l: dns.LookupAddress[]) => void)(null, found);
      return callback(null, found[0].address, found[0].family);
    });
  };
}

/** The signature header's value for a body sent at `t` (unix seconds). */
export function signature(secret: string, t: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface PostResult {
  statusCode: number | null;
  durationMs: number;
  error: string;
}

/** POSTs the body, signed; answers the status (2xx is success) or why there was none. Never throws. */
export function postSigned(url: URL, secret: string, body: string, config: HookConfig): Promise<PostResult> {
  const started = performance.now();
  const t = Math.floor(Date.now() / 1000);
  // an address written as such is connected to without a look-up: check it here
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!config.WEBHOOK_ALLOW_PRIVATE && ipaddr.isValid(literal) && !isPublicAddress(literal))
    return Promise.resolve({
      statusCode: null,
      durationMs: 0,
      error: `refused: ${literal} is not a public address`,
    });
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const done = (statusCode: number | null, error: string) =>
      resolve({ statusCode, durationMs: Math.round(performance.now() - started), error });
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'PostOffice-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature(secret, t, body),
        },
        lookup: guardedLookup(config.WEBHOOK_ALLOW_PRIVATE),
        signal: AbortSignal.timeout(config.WEBHOOK_TIMEOUT_MS),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // the answer's body is not read (drained), only its status
        res.resume();
        res.on('end', () => done(status, status >= 200 && status < 300 ? '' : `HTTP ${status}`));
        res.on('error', (e) => done(status, e.message));
      },
    );
    req.on('error', (e) =>
      done(
        null,
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `timed out after ${config.WEBHOOK_TIMEOUT_MS} ms`
          : e.message,
      ),
    );
    req.end(body);
  });
}

/** Writes an attempt in the delivery log. */
export async function logAttempt(
  db: DbOrTx,
  a: {
    webhookId: number;
    outboxId: number | null;
    eventId: number | null;
    kind: string;
    barcode: string;
    url: string;
    attempt: number;
  } & PostResult,
): Promise<void> {
  await db.execute(
    sql`insert into webhook_deliveries
          (webhook_id, outbox_id, event_id, kind, barcode, url, attempt, status_code, duration_ms, error)
        values (${a.webhookId}, ${a.outboxId}, ${a.eventId}, ${a.kind}, ${a.barcode}, ${a.url}, ${a.attempt},
          ${a.statusCode}, ${a.durationMs}, ${a.error.slice(0, 1000)})`,
  );
}

/** A subscription as the sender reads it at each send (its URL and secret now). */
export async function subscription(db: Db, id: number) {
  const [s] = await rows<{ id: number; url: string; secret: string }>(
    db,
    sql`select id::int as id, url, secret from webhooks where id = ${id}`,
  );
  return s ?? null;
}

/** The outbox's deliverer of webhook rows (channel `hook:<subscription id>`). */
export function webhookDeliverer(db: Db, config: HookConfig): Deliverer {
  return async (row) => {
    const id = Number(row.channel.slice('hook:'.length));
    const sub = await subscription(db, id);
    if (!sub) return { state: 'skipped', reason: 'not sent: the subscription was deleted' };
    const body = JSON.stringify(row.payload);
    const url = hookUrl(sub.url);
    const parcel = row.payload.parcel as { barcode?: string } | undefined;
    const result: PostResult = url
      ? await postSigned(url, sub.secret, body, config)
      : { statusCode: null, durationMs: 0, error: 'not a valid URL' };
    await logAttempt(db, {
      webhookId: id,
      outboxId: row.id,
      eventId: row.eventId,
      kind: String(row.payload.kind ?? ''),
      barcode: parcel?.barcode ?? '',
      url: sub.url,
      attempt: row.attempts,
      ...result,
    });
    if (result.error) throw new Error(result.error);
    return { state: 'sent' };
  };
}
