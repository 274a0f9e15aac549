import type { Envelope } from '@po/contract';
import { Code } from '@po/contract';

export function ok<T>(data: T): Envelope<T> {
  return { Status: true, Code: Code.Ok, Data: data, Error: null };
}
export function fail(code: number, error: string, data: unknown = null): Envelope<unknown> {
  return { Status: false, Code: code, Data: data, Error: error };
}
