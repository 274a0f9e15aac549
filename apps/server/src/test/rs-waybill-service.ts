/**
 * A loopback stand-in for rs.ge's WayBillService, for tests only (the SOAP adapter's tests and the
 * browser journeys): it answers save_waybill, send_waybill, close_waybill, del_waybill, get_waybill and
 * get_waybills as the real service does (its statuses and negative codes, briefly), keeps what it did in
 * memory, and can be told to misbehave: a call's next answer slow (after doing the work), malformed XML,
 * a dropped connection or a negative code; a call held until the test releases it; or the whole service
 * stopped and started again on its port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'none' | 'slow' | 'malformed' | 'down' | number;
export interface FakeWaybill {
  id: number;
  status: number;
  number: string;
  comment: string;
  driver: string;
}

/** A call the service holds: it answers once released (or never, if the service stops first). */
export interface HeldCall {
  /** resolves when the call has arrived and is being held */
  readonly arrived: Promise<void>;
  /** lets the held call be answered */
  release(): void;
}

export interface FakeWaybillService {
  /** the service's address for RS_URL */
  readonly url: string;
  readonly waybills: FakeWaybill[];
  /** the fault of the next call of a method (the service still does the work when slow) */
  readonly faults: Map<string, Fault>;
  /** the methods called, in order */
  readonly calls: string[];
  readonly bodies: string[];
  /**
   * holds the next call of `method` (after it arrives, before the service does anything) until
   * released: a test makes a step happen while a known call is in flight, not after a guessed delay
   */
  hold(method: string): HeldCall;
  /** forgets every waybill, fault and call */
  reset(): void;
  /** stops answering: the port is closed and open connections are dropped (the service is unreachable) */
  stop(): Promise<void>;
  /** answers again, on the same port */
  start(): Promise<void>;
}

const envelope = (method: string, result: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
  `<soap:Body><${method}Response xmlns="http://tempuri.org/"><${method}Result>${result}</${method}Result></${method}Response></soap:Body></soap:Envelope>`;
const val = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
const node = (w: FakeWaybill) =>
  `<WAYBILL><ID>${w.id}</ID><STATUS>${w.status}</STATUS><WAYBILL_NUMBER>${w.number}</WAYBILL_NUMBER><COMMENT>${w.comment}</COMMENT></WAYBILL>`;

/**
 * Starts the service on the loopback interface (`port` 0: a free one). Only the `drivers` personal
 * numbers are known to it (others are refused with -1009, as the real service refuses an unknown driver).
 */
export async function startFakeWaybillService(
  opts: { port?: number; drivers?: readonly string[] } = {},
): Promise<FakeWaybillService> {
  const drivers = new Set(opts.drivers ?? ['01024055123']);
  const state = {
    waybills: [] as FakeWaybill[],
    faults: new Map<string, Fault>(),
    calls: [] as string[],
    bodies: [] as string[],
  };
  let nextId = 900001;
  /** the holds waiting for their call, by method */
  const holds = new Map<string, { arrive: () => void; released: Promise<void> }>();

  /** What the service does and answers for one call. */
  function serve(method: string, body: string): string {
    const id = Number(val(body, 'waybill_id'));
    const w = state.waybills.find((x) => x.id === id);
    switch (method) {
      case 'save_waybill': {
        const xml = /<waybill>([\s\S]*)<\/waybill>/.exec(body)?.[1] ?? '';
        const driver = val(xml, 'DRIVER_TIN');
        if (!drivers.has(driver)) return '<RESULT><STATUS>-1009</STATUS></RESULT>';
        const nw = { id: nextId++, status: 0, number: '', comment: val(xml, 'COMMENT'), driver };
        state.waybills.push(nw);
        return `<RESULT><STATUS>0</STATUS><ID>${nw.id}</ID></RESULT>`;
      }
      case 'send_waybill':
        if (!w) return '-1020';
        if (w.status !== 0) return '-1021';
        w.status = 1;
        w.number = `0${w.id}`;
        return w.number;
      case 'close_waybill':
        if (!w) return '-1020';
        if (w.status !== 1) return '-1021';
        w.status = 2;
        return '1';
      case 'del_waybill':
        if (!w) return '-1020';
        if (w.status === 2 || w.status < 0) return '-1021';
        w.status = w.status === 0 ? -1 : -2;
        return '1';
      case 'get_waybill':
        return w ? node(w) : '';
      case 'get_waybills': {
        const c = val(body, 'comment');
        return `<WAYBILL_LIST>${state.waybills
          .filter((x) => x.comment === c)
          .map(node)
          .join('')}</WAYBILL_LIST>`;
      }
      default:
        return '-1';
    }
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const method = String(req.headers.soapaction ?? '').replace(/^"http:\/\/tempuri.org\/|"$/g, '');
      const held = holds.get(method);
      if (!held) return answer(method, body, req, res);
      holds.delete(method);
      held.arrive();
      void held.released.then(() => {
        if (!res.destroyed) answer(method, body, req, res);
      });
    });
  });

  /** Records, does and answers one call, or misbehaves as its fault says. */
  function answer(method: string, body: string, req: http.IncomingMessage, res: http.ServerResponse) {
    state.calls.push(method);
    state.bodies.push(body);
    const fault = state.faults.get(method) ?? 'none';
    state.faults.delete(method);
    if (fault === 'down') {
      req.socket.destroy();
      return;
    }
    const result = typeof fault === 'number' ? String(fault) : serve(method, body);
    const reply =
      fault === 'malformed'
        ? `<soap:Envelope><soap:Body><${method}Result>${result}`
        : envelope(method, result);
    const send = () => {
      if (!res.destroyed) res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(reply);
    };
    if (fault === 'slow') setTimeout(send, 1200);
    else send();
  }

  let port = opts.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    url: `http://127.0.0.1:${port}/WayBillService.asmx`,
    ...state,
    hold(method) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((r) => (arrive = r));
      const released = new Promise<void>((r) => (release = r));
      holds.set(method, { arrive, released });
      return { arrived, release };
    },
    reset() {
      holds.clear();
      state.waybills.length = 0;
      state.faults.clear();
      state.calls.length = 0;
      state.bodies.length = 0;
    },
    async stop() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
    start: () => (server.listening ? Promise.resolve() : listen()),
  };
}
