import { formatMessage, messages } from '@po/contract';
import { rsErrorKey } from '@po/contract/waybills';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Config } from '../../config.ts';
import type { RsAdapter, RsAnswer, RsLookup, RsWaybillInfo, WaybillDraft } from './adapter.ts';

const NS = 'http://tempuri.org/';

/** A parameter is text (escaped) or an XML node (`{ xml }`, sent as it is, e.g. save_waybill's WAYBILL). */
type Param = string | { xml: string };

function envelope(method: string, params: Record<string, Param>): string {
  const body = Object.entries(params)
    .map(([k, v]) => `<${k}>${typeof v === 'string' ? escapeXml(v) : v.xml}</${k}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soap:Body><${method} xmlns="${NS}">${body}</${method}></soap:Body></soap:Envelope>`
  );
}
export function escapeXml(s: string): string {
  return s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}
/** An answer's XML as fast-xml-parser gives it: an element is its text, or an object of its children. */
export type XmlValue = string | { [name: string]: XmlValue | XmlValue[] };

/**
 * Namespace prefixes and attributes dropped (`<soap:Body>` is `Body`, `xsi:nil` is ignored: an empty or
 * nil element is ''), values kept as text (`0900001` keeps its zero), entities decoded.
 */
const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

/** Parses an answer; throws on anything that is not well-formed XML. */
export function parseXml(xml: string): Record<string, XmlValue> {
  if (XMLValidator.validate(xml) !== true) throw new Error('RS answer is malformed');
  return parser.parse(xml) as Record<string, XmlValue>;
}

/** An element called `name`: a child of `node` if it has one, else the first found below it; undefined when none. */
export function find(node: XmlValue | XmlValue[] | undefined, name: string): XmlValue | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  if (Array.isArray(node)) {
    for (const n of node) {
      const found = find(n, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (name in node) {
    const v = node[name];
    return Array.isArray(v) ? v[0] : v;
  }
  for (const v of Object.values(node)) {
    const found = find(v, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Every element called `name` at any depth, in document order (the WAYBILLs of a WAYBILL_LIST). */
function findAll(node: XmlValue | XmlValue[] | undefined, name: string, out: XmlValue[] = []): XmlValue[] {
  if (node === undefined || typeof node === 'string') return out;
  if (Array.isArray(node)) {
    for (const n of node) findAll(n, name, out);
    return out;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === name) out.push(...(Array.isArray(v) ? v : [v]));
    else findAll(v, name, out);
  }
  return out;
}

/** The first child element called `name`. */
function child(node: XmlValue | undefined, name: string): XmlValue | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const v = node[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The text of an element (an element with children has none). */
const text = (v: XmlValue | undefined): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Calls one WayBillService method and answers its `<{method}Result>`: text, or the elements inside it.
 * A result sent as escaped XML text (`&lt;WAYBILL&gt;…`) is parsed too, so both forms read the same.
 */
export async function soapCall(
  config: Pick<Config, 'RS_URL' | 'RS_TIMEOUT_MS'>,
  method: string,
  params: Record<string, Param>,
): Promise<XmlValue> {
  const res = await fetch(config.RS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}${method}"` },
    body: envelope(method, params),
    signal: AbortSignal.timeout(config.RS_TIMEOUT_MS),
  });
  const xml = await res.text();
  if (!res.ok) throw new Error(`RS HTTP ${res.status}`);
  return soapResult(xml, method);
}

/** The `<{method}Result>` of a SOAP answer (see soapCall); throws when the answer has none or is not XML. */
export function soapResult(xml: string, method: string): XmlValue {
  const result = find(parseXml(xml).Envelope, `${method}Result`);
  if (result === undefined) throw new Error('RS answer is malformed');
  if (typeof result === 'string' && result.trim().startsWith('<')) return parseXml(result.trim());
  return typeof result === 'string' ? result.trim() : result;
}

/** A negative number: the service's refusal. */
const isCode = (v: XmlValue): boolean => typeof v === 'string' && /^-\d+$/.test(v);

/** A negative answer of the service as a refusal with its code (the text is the journal's, in Georgian). */
function refused(code: number): RsAnswer<never> {
  const key = rsErrorKey(code);
  const message = messages[key] ? formatMessage(key) : formatMessage('waybills.rsUnknown');
  return { kind: 'refused', code, message };
}
const unreachable = (e: unknown): RsAnswer<never> => ({
  kind: 'unreachable',
  message: e instanceof Error ? e.message : String(e),
});

/** A WAYBILL element (get_waybill, get_waybills, save_waybill's RESULT) to what we keep of it. */
export function waybillInfo(node: XmlValue | undefined): RsWaybillInfo | null {
  const id = Number(text(child(node, 'ID')) || NaN);
  const status = Number(text(child(node, 'STATUS')) || NaN);
  if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(status)) return null;
  return { id, status, number: text(child(node, 'WAYBILL_NUMBER')) };
}

const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** The WAYBILL node of save_waybill: a transportation waybill (type 2) with the parcel as one goods line. */
export function waybillXml(d: WaybillDraft, now = new Date()): string {
  const t = (name: string, v: string | number) => `<${name}>${escapeXml(String(v))}</${name}>`;
  const amount = money(d.goods.price * d.goods.quantity);
  const goods =
    '<GOODS_LIST><GOODS>' +
    t('ID', 0) +
    t('W_NAME', d.goods.name) +
    t('UNIT_ID', 99) +
    t('UNIT_TXT', d.goods.unit) +
    t('QUANTITY', d.goods.quantity) +
    t('PRICE', money(d.goods.price)) +
    t('STATUS', 1) +
    t('AMOUNT', amount) +
    t('BAR_CODE', d.ref) +
    t('A_ID', 0) +
    t('VAT_TYPE', 0) +
    '</GOODS></GOODS_LIST>';
  return (
    '<WAYBILL>' +
    goods +
    t('ID', 0) +
    t('TYPE', 2) +
    t('BUYER_TIN', d.buyerTin) +
    t('CHEK_BUYER_TIN', d.buyerTin ? 1 : 0) +
    t('START_ADDRESS', d.startAddress) +
    t('END_ADDRESS', d.endAddress) +
    t('DRIVER_TIN', d.driverTin) +
    t('CHEK_DRIVER_TIN', 1) +
    t('TRANSPORT_COAST', 0) +
    t('STATUS', 0) +
    t('SELER_UN_ID', d.sellerTin) +
    t('FULL_AMOUNT', amount) +
    t('CAR_NUMBER', d.carNumber) +
    t('BEGIN_DATE', now.toISOString().slice(0, 19)) +
    t('TRAN_COST_PAYER', 2) +
    t('TRANS_ID', 1) +
    t('COMMENT', d.ref) +
    '</WAYBILL>'
  );
}

type Called = { kind: 'answered'; result: XmlValue } | RsAnswer<never>;

/** The real rs.ge WayBillService. Credentials come from the settings only and are never logged. */
export function soapRs(config: Config): RsAdapter {
  const auth = () => ({ su: config.RS_USER, sp: config.RS_PASSWORD });
  /** the method's result, or the failure already as the answer (the service not reached, or nonsense) */
  async function call(method: string, params: Record<string, Param>): Promise<Called> {
    try {
      return { kind: 'answered', result: await soapCall(config, method, { ...auth(), ...params }) };
    } catch (e) {
      return unreachable(e);
    }
  }
  async function get(id: number): Promise<RsAnswer<RsWaybillInfo | null>> {
    const c = await call('get_waybill', { waybill_id: String(id) });
    if (c.kind !== 'answered') return c;
    const r = c.result;
    if (isCode(r)) return refused(Number(r));
    if (r === '') return { kind: 'ok', value: null };
    const w = waybillInfo(typeof r === 'string' ? undefined : (find(r, 'WAYBILL') ?? r));
    return w ? { kind: 'ok', value: w } : unreachable(new Error('RS answer is malformed'));
  }
  /** an action answering a code (1 done, negative refused), then the waybill as the service now has it */
  async function act(method: string, id: number, done: (r: string) => boolean) {
    const c = await call(method, { waybill_id: String(id) });
    if (c.kind !== 'answered') return c;
    const r = c.result;
    if (isCode(r)) return refused(Number(r));
    if (typeof r !== 'string' || !done(r)) return unreachable(new Error('RS answer is malformed'));
    const after = await get(id);
    if (after.kind !== 'ok') return after;
    return after.value ? { kind: 'ok' as const, value: after.value } : refused(-1);
  }
  return {
    mode: 'soap',
    async saveWaybill(d) {
      const c = await call('save_waybill', { waybill: { xml: waybillXml(d) } });
      if (c.kind !== 'answered') return c;
      const r = c.result;
      if (isCode(r)) return refused(Number(r));
      const result = typeof r === 'string' ? undefined : (find(r, 'RESULT') ?? r);
      const status = Number(text(child(result, 'STATUS')) || NaN);
      if (Number.isInteger(status) && status < 0) return refused(status);
      const w = waybillInfo(result);
      return w
        ? { kind: 'ok', value: { ...w, status: 0 } }
        : unreachable(new Error('RS answer is malformed'));
    },
    sendWaybill: (id) => act('send_waybill', id, (r) => r !== ''),
    closeWaybill: (id) => act('close_waybill', id, (r) => r === '1'),
    delWaybill: (id) => act('del_waybill', id, (r) => r === '1'),
    getWaybill: (id) => get(id),
    async findWaybill(ref) {
      const c = await call('get_waybills', { comment: ref });
      if (c.kind !== 'answered') return c;
      const r = c.result;
      if (isCode(r)) return refused(Number(r));
      const found = findAll(r, 'WAYBILL')
        .map((w) => waybillInfo(w))
        .filter((w): w is RsWaybillInfo => !!w && w.status >= 0)
        .sort((a, b) => b.id - a.id);
      return { kind: 'ok', value: found[0] ?? null };
    },
    async nameFromTin(tin: string): Promise<RsLookup> {
      try {
        const result = text(
          await soapCall(config, 'get_name_from_tin', {
            su: config.RS_USER,
            sp: config.RS_PASSWORD,
            tin: tin.trim(),
          }),
        );
        if (result.startsWith('-')) {
          // Negative numbers are the service's error codes; -1 and empty are "not found".
          return result === '-1' ? { kind: 'notFound' } : { kind: 'error', message: `RS ${result}` };
        }
        return result ? { kind: 'found', name: result } : { kind: 'notFound' };
      } catch (e) {
        return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
