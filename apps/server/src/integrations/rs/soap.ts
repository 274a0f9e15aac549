import { formatMessage, messages } from '@po/contract';
import { rsErrorKey } from '@po/contract/waybills';
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
function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Calls one WayBillService method and answers the text of its `<{method}Result>` element. */
export async function soapCall(
  config: Pick<Config, 'RS_URL' | 'RS_TIMEOUT_MS'>,
  method: string,
  params: Record<string, Param>,
): Promise<string> {
  const res = await fetch(config.RS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}${method}"` },
    body: envelope(method, params),
    signal: AbortSignal.timeout(config.RS_TIMEOUT_MS),
  });
  const xml = await res.text();
  if (!res.ok) throw new Error(`RS HTTP ${res.status}`);
  const m = new RegExp(
    `<(?:\\w+:)?${method}Result(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${method}Result>`,
  ).exec(xml);
  if (m) return unescapeXml(m[1].trim());
  // An empty answer: `<xResult />` or `<xResult xsi:nil="true" />`.
  if (new RegExp(`<(?:\\w+:)?${method}Result(?:\\s[^>]*)?/>`).test(xml)) return '';
  throw new Error('RS answer is malformed');
}

/** The text of the first `<tag>` in an XML fragment, null when there is none. */
function tag(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  if (m) return unescapeXml(m[1].trim());
  return new RegExp(`<${name}(?:\\s[^>]*)?/>`).test(xml) ? '' : null;
}
const isCode = (s: string) => /^-\d+$/.test(s.trim());

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
function waybillInfo(xml: string): RsWaybillInfo | null {
  const id = Number(tag(xml, 'ID'));
  const status = Number(tag(xml, 'STATUS'));
  if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(status)) return null;
  return { id, status, number: tag(xml, 'WAYBILL_NUMBER') ?? '' };
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

/** The real rs.ge WayBillService. Credentials come from the settings only and are never logged. */
export function soapRs(config: Config): RsAdapter {
  const auth = () => ({ su: config.RS_USER, sp: config.RS_PASSWORD });
  async function call(method: string, params: Record<string, Param>): Promise<string | RsAnswer<never>> {
    try {
      return await soapCall(config, method, { ...auth(), ...params });
    } catch (e) {
      return unreachable(e);
    }
  }
  async function get(id: number): Promise<RsAnswer<RsWaybillInfo | null>> {
    const r = await call('get_waybill', { waybill_id: String(id) });
    if (typeof r !== 'string') return r;
    if (isCode(r)) return refused(Number(r));
    if (!r.trim()) return { kind: 'ok', value: null };
    const w = waybillInfo(r);
    return w ? { kind: 'ok', value: w } : unreachable(new Error('RS answer is malformed'));
  }
  /** an action answering a code (1 done, negative refused), then the waybill as the service now has it */
  async function act(method: string, id: number, done: (r: string) => boolean) {
    const r = await call(method, { waybill_id: String(id) });
    if (typeof r !== 'string') return r;
    if (isCode(r)) return refused(Number(r));
    if (!done(r)) return unreachable(new Error('RS answer is malformed'));
    const after = await get(id);
    if (after.kind !== 'ok') return after;
    return after.value ? { kind: 'ok' as const, value: after.value } : refused(-1);
  }
  return {
    mode: 'soap',
    async saveWaybill(d) {
      const r = await call('save_waybill', { waybill: { xml: waybillXml(d) } });
      if (typeof r !== 'string') return r;
      if (isCode(r)) return refused(Number(r));
      const status = Number(tag(r, 'STATUS'));
      if (Number.isInteger(status) && status < 0) return refused(status);
      const w = waybillInfo(r);
      return w
        ? { kind: 'ok', value: { ...w, status: 0 } }
        : unreachable(new Error('RS answer is malformed'));
    },
    sendWaybill: (id) => act('send_waybill', id, (r) => r.trim() !== ''),
    closeWaybill: (id) => act('close_waybill', id, (r) => r.trim() === '1'),
    delWaybill: (id) => act('del_waybill', id, (r) => r.trim() === '1'),
    getWaybill: (id) => get(id),
    async findWaybill(ref) {
      const r = await call('get_waybills', { comment: ref });
      if (typeof r !== 'string') return r;
      if (isCode(r)) return refused(Number(r));
      const found = [...r.matchAll(/<WAYBILL>([\s\S]*?)<\/WAYBILL>/g)]
        .map((m) => waybillInfo(m[1]))
        .filter((w): w is RsWaybillInfo => !!w && w.status >= 0)
        .sort((a, b) => b.id - a.id);
      return { kind: 'ok', value: found[0] ?? null };
    },
    async nameFromTin(tin: string): Promise<RsLookup> {
      try {
        const result = await soapCall(config, 'get_name_from_tin', {
          su: config.RS_USER,
          sp: config.RS_PASSWORD,
          tin: tin.trim(),
        });
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
