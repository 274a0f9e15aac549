/**
 * Real servers on loopback standing in for the outside world in the notification tests: an SMTP server
 * (npm `smtp-server`) that keeps every mail it accepts, and a small HTTP server that takes the SMS
 * gateway's requests. Both listen on a free port and are closed by the test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
}

function decodeBody(headers: string, body: string): string {
  const enc = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** An RFC 2047 encoded word's text (`=?UTF-8?B?…?=` / `?Q?`), as nodemailer writes a Georgian subject. */
function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeBody('content-transfer-encoding: quoted-printable', data.replace(/_/g, ' ')),
  );
}

export function parseMail(raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  return {
    messageId: header('message-id'),
    to: header('to'),
    subject: decodeWords(header('subject')),
    text: decodeBody(headers, raw.slice(split + 4)),
  };
}

export interface MailSink {
  url: string;
  mails: ReceivedMail[];
  /** called when a mail's data has arrived, before it is accepted: answer false to drop the connection */
  hold?: (mail: ReceivedMail) => Promise<boolean>;
  close(): Promise<void>;
}

/** An SMTP server on loopback keeping the mails it accepted (a mail is accepted when its 250 is sent). */
export async function startMailSink(): Promise<MailSink> {
  const sink: MailSink = { url: '', mails: [], close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        void (sink.hold ? sink.hold(mail) : Promise.resolve(true)).then((accept) => {
          if (!accept) return done(new Error('dropped'));
          sink.mails.push(mail);
          done();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

export interface SmsRequestSeen {
  id: string;
  to: string;
  text: string;
  authorization: string;
}
export interface SmsGateway {
  url: string;
  messages: SmsRequestSeen[];
  /** answer this status to the next requests (then 200 again when it is 200) */
  status: number;
  close(): Promise<void>;
}

/** A node:http server standing in for the SMS gateway. */
export async function startSmsGateway(): Promise<SmsGateway> {
  const gw: SmsGateway = { url: '', messages: [], status: 200, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (gw.status !== 200) {
        res.writeHead(gw.status).end('busy');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<
        SmsRequestSeen,
        'authorization'
      >;
      gw.messages.push({ ...body, authorization: req.headers.authorization ?? '' });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gw.url = `http://127.0.0.1:${port}/sms`;
  gw.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return gw;
}
