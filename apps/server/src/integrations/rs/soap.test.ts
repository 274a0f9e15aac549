/**
 * The SOAP client against a small local server that answers like rs.ge's WayBillService
 * `get_name_from_tin`: found, not found, error codes, a slow server, malformed XML, HTTP 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { useHarness } from '../../test/harness.ts';
import { get } from '../../test/factories.ts';
import { soapCall, soapRs } from './soap.ts';

type Reply = { status?: number; body?: string; delayMs?: number };
/** What the fake service answers for a tin (by default the rs.ge envelope with the registered name). */
const NAMES: Record<string, string> = { '01024055123': 'გიორგი ბერიძე', '204567890': 'შპს „A & B“' };
const received: Array<{ action: string; body: string }> = [];

const envelope = (result: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
  `<soap:Body><get_name_from_tinResponse xmlns="http://tempuri.org/">${result}</get_name_from_tinResponse></soap:Body></soap:Envelope>`;
const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replyFor(tin: string): Reply {
  if (NAMES[tin])
    return { body: envelope(`<get_name_from_tinResult>${escape(NAMES[tin])}</get_name_from_tinResult>`) };
  switch (tin) {
    case '11111111111': // unknown person: an empty result
      return { body: envelope('<get_name_from_tinResult />') };
    case '22222222222': // unknown, as -1
      return { body: envelope('<get_name_from_tinResult>-1</get_name_from_tinResult>') };
    case '33333333333': // a service error code (e.g. wrong service user)
      return { body: envelope('<get_name_from_tinResult>-1072</get_name_from_tinResult>') };
    case '44444444444': // slow
      return { body: envelope('<get_name_from_tinResult>ნელი</get_name_from_tinResult>'), delayMs: 2000 };
    case '55555555555': // malformed
      return { body: '<soap:Envelope><soap:Body><get_name_from_tinResult>broken' };
    case '66666666666': // a SOAP fault with HTTP 500
      return {
        status: 500,
        body: envelope(
          '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring></soap:Fault>',
        ),
      };
    case '77777777777': // nil
      return { body: envelope('<get_name_from_tinResult xsi:nil="true" />') };
    default:
      return { body: envelope('<get_name_from_tinResult></get_name_from_tinResult>') };
  }
}

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const action = String(req.headers.soapaction ?? '');
      received.push({ action, body });
      if (
        req.method !== 'POST' ||
        action !== '"http://tempuri.org/get_name_from_tin"' ||
        !body.includes('<soap:Body>')
      ) {
        res.writeHead(400).end('bad request');
        return;
      }
      const tin = /<tin>([^<]*)<\/tin>/.exec(body)?.[1] ?? '';
      const r = replyFor(tin);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(r.status ?? 200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(r.body);
      };
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/WayBillService.asmx`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const config = () =>
  testConfig({
    RS_MODE: 'soap',
    RS_URL: url,
    RS_USER: 'svc:206322102',
    RS_PASSWORD: 'p<&>w',
    RS_TIMEOUT_MS: 300,
  });

describe('soapRs.nameFromTin', () => {
  it('sends a proper get_name_from_tin request (SOAPAction, escaped credentials, the tin)', async () => {
    received.length = 0;
    await soapRs(config()).nameFromTin(' 01024055123 ');
    expect(received).toHaveLength(1);
    expect(received[0].action).toBe('"http://tempuri.org/get_name_from_tin"');
    expect(received[0].body).toContain('<get_name_from_tin xmlns="http://tempuri.org/">');
    expect(received[0].body).toContain(
      '<su>svc:206322102</su><sp>p&lt;&amp;&gt;w</sp><tin>01024055123</tin>',
    );
  });

  it('answers the registered name, with XML entities decoded', async () => {
    const rs = soapRs(config());
    expect(await rs.nameFromTin('01024055123')).toEqual({ kind: 'found', name: 'გიორგი ბერიძე' });
    expect(await rs.nameFromTin('204567890')).toEqual({ kind: 'found', name: 'შპს „A & B“' });
  });

  it('answers not found for an empty, nil or -1 result', async () => {
    const rs = soapRs(config());
    for (const tin of ['11111111111', '22222222222', '77777777777', '99999999999']) {
      expect(await rs.nameFromTin(tin)).toEqual({ kind: 'notFound' });
    }
  });

  it('answers an error for a negative error code, a slow server, malformed XML and HTTP 500, never throwing', async () => {
    const rs = soapRs(config());
    expect(await rs.nameFromTin('33333333333')).toEqual({ kind: 'error', message: 'RS -1072' });
    const started = Date.now();
    expect(await rs.nameFromTin('44444444444')).toMatchObject({ kind: 'error' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await rs.nameFromTin('55555555555')).toEqual({ kind: 'error', message: 'RS answer is malformed' });
    expect(await rs.nameFromTin('66666666666')).toEqual({ kind: 'error', message: 'RS HTTP 500' });
  });

  it('answers an error when nothing listens at the address', async () => {
    const rs = soapRs({ ...config(), RS_URL: 'http://127.0.0.1:1/nothing' });
    expect(await rs.nameFromTin('01024055123')).toMatchObject({ kind: 'error' });
  });

  it('soapCall itself throws on failure (callers such as the waybill methods decide what it means)', async () => {
    await expect(
      soapCall(config(), 'get_name_from_tin', { su: '', sp: '', tin: '55555555555' }),
    ).rejects.toThrow('malformed');
  });
});

describe('CheckDriver through the SOAP adapter', () => {
  const h = useHarness({ rs: () => soapRs(config()) });

  it('answers the name, "" when unknown, and Status false with "error on RS" when the service fails', async () => {
    const { app } = h();
    expect(await get(app, 'CheckDriver', { DriverId: '01024055123' })).toEqual({
      Status: true,
      Code: 200,
      Data: 'გიორგი ბერიძე',
      Error: null,
    });
    expect(await get(app, 'CheckDriver', { DriverId: '11111111111' })).toMatchObject({
      Status: true,
      Code: 200,
      Data: '',
    });
    for (const tin of ['33333333333', '44444444444', '55555555555', '66666666666']) {
      expect(await get(app, 'CheckDriver', { DriverId: tin })).toMatchObject({
        Status: false,
        Code: 500,
        Data: null,
        Error: 'შეცდომა RS-თან დაკავშირებისას',
      });
    }
  });
});
