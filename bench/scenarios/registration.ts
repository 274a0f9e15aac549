/**
 * Registration and CalcPrice throughput (issue #6): 10 connections for about 8 s each on loopback,
 * as the demo operator. Every registration asks for a generated barcode, so each request writes a
 * new parcel, its first event and an audit row.
 */
import autocannon from 'autocannon';

export const name = 'registration';

interface Ctx {
  baseUrl: string;
  login(login: string): Promise<{ Id: string; Ticket: string }>;
}
export interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const parcel = {
  BarCodeGeneration: true,
  TermsOfPaymentID: 8700,
  PayType: 1,
  Pid: '01001012345',
  SenderName: 'ნინო გელაშვილი',
  SenderAddres: 'წერეთლის გამზ 116',
  SenderPostCode: '0100',
  SenderCityID: 320,
  ReceiverName: 'დავით მაისურაძე',
  ReceiverAddres: 'ჭავჭავაძის ქ 51',
  ReceiverPostCode: '6000',
  ReceiverCityID: 321,
  Weight: 1.5,
  Length: 30,
  Width: 20,
  Height: 10,
  ParcelType: 8698,
  NumberOfPackages: 1,
  Fild1: 'bench',
};

async function measure(scenario: string, url: string, body: string, seconds: number): Promise<Row> {
  let failed = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body,
    setupClient: (client) => {
      client.on('body', (buf: Buffer) => {
        // The envelope is HTTP 200 even on failure: count Status false as an error.
        if (!buf.toString().startsWith('{"Status":true')) failed++;
      });
    },
  });
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + failed,
  };
}

export async function run(ctx: Ctx, opts: { seconds?: number } = {}): Promise<Row[]> {
  const seconds = opts.seconds ?? 8;
  const session = await ctx.login('operator');
  const body = JSON.stringify({ ...session, ...parcel });
  return [
    await measure('CalcPrice', `${ctx.baseUrl}/api/CalcPrice`, body, seconds),
    await measure('Registration', `${ctx.baseUrl}/api/Registration`, body, seconds),
  ];
}
