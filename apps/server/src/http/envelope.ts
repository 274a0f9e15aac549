import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

/**
 * A successful answer serialised once and sent as it is, many times (a cached list): the whole
 * envelope's JSON (exactly what `ok(data)` serialises to), its entity tag for conditional GETs, and its
 * compressed forms, made on first need. `T` is the `Data` it carries.
 */
export class Serialized<T> {
  readonly body: Buffer;
  readonly etag: string;
  #compressed = new Map<'br' | 'gzip', Buffer>();
  declare readonly data?: T;

  constructor(data: T) {
    this.body = Buffer.from(JSON.stringify(ok(data)));
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  /** The body compressed with `encoding` (kept). */
  compressed(encoding: 'br' | 'gzip'): Buffer {
    let out = this.#compressed.get(encoding);
    if (!out) {
      out =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(this.body, { level: 9 });
      this.#compressed.set(encoding, out);
    }
    return out;
  }
}
