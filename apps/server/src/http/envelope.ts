import type { Envelope } from '@po/contract';
import { Code, formatMessage } from '@po/contract';

export function ok<T>(data: T): Envelope<T> {
  return { Status: true, Code: Code.Ok, Data: data, Error: null };
}
/** A failure: the Georgian text in `Error` and, beside it, its message key in `Key`. */
export function fail(code: number, error: string, data: unknown = null, key?: string): Envelope<unknown> {
  return { Status: false, Code: code, Data: data, Error: error, ...(key ? { Key: key } : {}) };
}
/** A failure from a catalogue key (Georgian text). */
export function failKey(code: number, key: string, params: Record<string, unknown> = {}): Envelope<unknown> {
  return fail(code, formatMessage(key, params), null, key);
}
