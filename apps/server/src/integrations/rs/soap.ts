import type { Config } from '../../config.ts';
import type { RsAdapter, RsLookup } from './adapter.ts';

const NS = 'http://tempuri.org/';

function envelope(method: string, params: Record<string, string>): string {
  const body = Object.entries(params)
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
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
  params: Record<string, string>,
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

/** The real rs.ge WayBillService. */
export function soapRs(config: Config): RsAdapter {
  return {
    mode: 'soap',
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
