/**
 * The channels a notification goes by, behind one adapter: e-mail over SMTP (nodemailer; SMTP_URL,
 * MAIL_FROM) and SMS over an HTTP gateway (SMS_URL, SMS_TOKEN). A channel that is not configured answers
 * null from `channelsFrom`, and the sender records "not sent: channel not configured".
 *
 * Every message carries an id made from its outbox row (`messageId`): the e-mail's Message-ID and the
 * SMS request's `id` (an idempotency key for the gateway), so a message sent again after a crash whose
 * answer was lost is recognisably the same message (modules/outbox/outbox.ts).
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface OutgoingMessage {
  /** stable per outbox row: `po-<row id>` */
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface Channel {
  send(m: OutgoingMessage): Promise<void>;
  close?(): void;
}

export type ChannelName = 'email' | 'sms';
export type Channels = Record<ChannelName, Channel | null>;

/** The message id of an outbox row: the same every time the row is sent. */
export const messageId = (rowId: number) => `po-${rowId}`;

export function emailChannel(smtpUrl: string, from: string, publicUrl: string): Channel {
  const transport = nodemailer.createTransport(smtpUrl);
  const host = new URL(publicUrl).hostname || 'localhost';
  return {
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        messageId: `<${m.id}@${host}>`,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * The SMS gateway's request, in this one place: a JSON POST with a bearer token. A Georgian provider's
 * shape (sender name, a different body, a query string) is another function like this one.
 */
export function smsRequest(
  m: OutgoingMessage,
  token: string,
): { headers: Record<string, string>; body: string } {
  return {
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'idempotency-key': m.id,
    },
    body: JSON.stringify({ id: m.id, to: `+995${m.to}`, text: m.text }),
  };
}

export function smsChannel(url: string, token: string, timeoutMs = 10_000): Channel {
  return {
    async send(m) {
      const { headers, body } = smsRequest(m, token);
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}

/** The configured channels (null: not configured). */
export function channelsFrom(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_URL' | 'SMS_TOKEN' | 'PUBLIC_URL'>,
): Channels {
  return {
    email: config.SMTP_URL ? emailChannel(config.SMTP_URL, config.MAIL_FROM, config.PUBLIC_URL) : null,
    sms: config.SMS_URL ? smsChannel(config.SMS_URL, config.SMS_TOKEN) : null,
  };
}
