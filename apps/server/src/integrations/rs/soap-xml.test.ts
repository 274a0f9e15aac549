/** Reading the service's answers with an XML parser: the forms rs.ge sends, and what is refused. */
import { describe, expect, it } from 'vitest';
import { find, soapResult, waybillInfo } from './soap.ts';

const answer = (method: string, result: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `<soap:Body><${method}Response xmlns="http://tempuri.org/">${result}</${method}Response></soap:Body></soap:Envelope>`;

describe('soapResult', () => {
  it('answers the result text, entities decoded, numbers kept as text', () => {
    expect(soapResult(answer('m', '<mResult> შპს „A &amp; B“ &lt;1&gt; </mResult>'), 'm')).toBe(
      'შპს „A & B“ <1>',
    );
    expect(soapResult(answer('m', '<mResult>0900001</mResult>'), 'm')).toBe('0900001');
    expect(soapResult(answer('m', '<mResult>-1009</mResult>'), 'm')).toBe('-1009');
  });

  it('answers an empty, self-closed or nil result as empty text', () => {
    for (const r of ['<mResult></mResult>', '<mResult />', '<mResult xsi:nil="true" />']) {
      expect(soapResult(answer('m', r), 'm')).toBe('');
    }
  });

  it('reads a result of elements and one sent as escaped XML text the same way', () => {
    const xml = '<WAYBILL><ID>7</ID><STATUS>1</STATUS><WAYBILL_NUMBER>0007</WAYBILL_NUMBER></WAYBILL>';
    const escaped = xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const a = soapResult(
      answer('get_waybill', `<get_waybillResult>${xml}</get_waybillResult>`),
      'get_waybill',
    );
    const b = soapResult(
      answer('get_waybill', `<get_waybillResult>${escaped}</get_waybillResult>`),
      'get_waybill',
    );
    expect(a).toEqual(b);
    expect(waybillInfo(find(a, 'WAYBILL'))).toEqual({ id: 7, status: 1, number: '0007' });
  });

  it("takes the waybill's own ID and STATUS, not its goods line's", () => {
    const r = soapResult(
      answer(
        'get_waybill',
        '<get_waybillResult><WAYBILL><GOODS_LIST><GOODS><ID>0</ID><STATUS>1</STATUS></GOODS></GOODS_LIST>' +
          '<ID>500001</ID><STATUS>2</STATUS><WAYBILL_NUMBER>0500001</WAYBILL_NUMBER></WAYBILL></get_waybillResult>',
      ),
      'get_waybill',
    );
    expect(waybillInfo(find(r, 'WAYBILL'))).toEqual({ id: 500001, status: 2, number: '0500001' });
  });

  it('throws on an answer that is not well-formed or has no result', () => {
    expect(() => soapResult('<soap:Envelope><soap:Body><mResult>broken', 'm')).toThrow('malformed');
    expect(() => soapResult(answer('m', '<otherResult>1</otherResult>'), 'm')).toThrow('malformed');
    expect(() => soapResult('not xml at all', 'm')).toThrow('malformed');
  });
});
