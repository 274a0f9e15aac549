/**
 * A shipper's webhook receiver on loopback for the tests (issue 39): checks each request's signature as
 * docs/webhooks.md tells a shipper to (HMAC-SHA256 of "t.body" with the secret, compared in constant
 * time, the time within five minutes), keeps what it received, and answers as the test says: 200, an
 * error status, or nothing at all (a time-out).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  /** the parsed body */
  body: { id: number | string; kind: string; time: string; parcel: Record<string, unknown> | null };
  signatureValid: boolean;
  /** the request's path and query */
  path: string;
  at: number;
}

export interface HookReceiver {
  url: string;
  /** every request, valid or not */
  received: ReceivedHook[];
  /** the secret signatures are checked with */
  secret: string;
  /** what the next requests get: a status, or 'hang' (no answer) */
  answer: number | 'hang';
  close(): Promise<void>;
}

/** Verifies `X-PostOffice-Signature` the way a shipper would (docs/webhooks.md). */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowMs = Date.now(),
) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > 300 || typeof parts.v1 !== 'string') return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: HookReceiver = {
    url: '',
    received: [],
    secret: '',
    answer: 200,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({
        body: JSON.parse(text) as ReceivedHook['body'],
        signatureValid: verifySignature(
          receiver.secret,
          req.headers['x-postoffice-signature'] as string | undefined,
          text,
        ),
        path: req.url ?? '',
        at: Date.now(),
      });
      if (receiver.answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(receiver.answer, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
