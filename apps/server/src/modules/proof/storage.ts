/**
 * The proof photos' store (issue 40): a photo's bytes kept once under the sha256 of its content,
 * outside the database. Two kinds behind the PHOTO_STORE setting:
 * - `files` (default): PHOTOS_DIR (DATA_DIR/photos) as `ab/abcdef…` (the hash's first two letters as a
 *   folder), each file written under a temporary name and renamed when whole;
 * - `s3`: an S3-compatible bucket (path-style addresses, signed with aws4fetch) as `photos/abcdef…`.
 * Writing a hash that is there already writes nothing: the content is the same by its name.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { XMLParser } from 'fast-xml-parser';
import type { Config } from '../../config.ts';

export interface StoredPhoto {
  hash: string;
  /** when the file was written (housekeeping leaves a young file alone: its job may be under way) */
  at: Date;
}

export interface PhotoStore {
  readonly kind: 'files' | 's3';
  /** keeps the bytes under `hash`; answers false when they were there already */
  put(hash: string, body: Buffer, mime: string): Promise<boolean>;
  /** the bytes under `hash`, or null */
  get(hash: string): Promise<Buffer | null>;
  has(hash: string): Promise<boolean>;
  delete(hash: string): Promise<void>;
  /** every photo in the store */
  list(): AsyncIterable<StoredPhoto>;
}

const HASH = /^[0-9a-f]{64}$/;
function checked(hash: string): string {
  if (!HASH.test(hash)) throw new Error(`not a photo hash: ${hash}`);
  return hash;
}

/** Files under a folder: `ab/abcdef…`. */
export class FilePhotoStore implements PhotoStore {
  readonly kind = 'files';
  constructor(readonly root: string) {}

  private file(hash: string): string {
    return path.join(this.root, checked(hash).slice(0, 2), hash);
  }

  async put(hash: string, body: Buffer): Promise<boolean> {
    const file = this.file(hash);
    if (await this.has(hash)) return false;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const part = `${file}.${randomUUID()}.part`;
    try {
      await fs.promises.writeFile(part, body, { flush: true });
      await fs.promises.rename(part, file);
    } finally {
      await fs.promises.rm(part, { force: true });
    }
    return true;
  }

  async get(hash: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(hash));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async has(hash: string): Promise<boolean> {
    return fs.promises.access(this.file(hash)).then(
      () => true,
      () => false,
    );
  }

  async delete(hash: string): Promise<void> {
    await fs.promises.rm(this.file(hash), { force: true });
  }

  async *list(): AsyncIterable<StoredPhoto> {
    if (!fs.existsSync(this.root)) return;
    for (const dir of await fs.promises.readdir(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(dir)) continue;
      for (const name of await fs.promises.readdir(path.join(this.root, dir))) {
        if (!HASH.test(name)) continue;
        const st = await fs.promises.stat(path.join(this.root, dir, name)).catch(() => null);
        if (st) yield { hash: name, at: st.mtime };
      }
    }
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
}

/** An S3-compatible bucket, path-style (`<endpoint>/<bucket>/photos/<hash>`). */
export class S3PhotoStore implements PhotoStore {
  readonly kind = 's3';
  private readonly aws: AwsClient;
  private readonly base: string;
  private readonly xml = new XMLParser({ isArray: (name) => name === 'Contents' });

  constructor(s: S3Settings) {
    this.aws = new AwsClient({
      accessKeyId: s.accessKey,
      secretAccessKey: s.secretKey,
      region: s.region,
      service: 's3',
    });
    this.base = `${s.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(s.bucket)}`;
  }

  private url(hash: string): string {
    return `${this.base}/photos/${checked(hash)}`;
  }

  private async send(url: string, init: RequestInit, ok: number[]): Promise<Response> {
    const res = await this.aws.fetch(url, init);
    if (!ok.includes(res.status)) {
      const text = await res.text().catch(() => '');
      throw new Error(`photo store: ${init.method ?? 'GET'} answered ${res.status} ${text.slice(0, 200)}`);
    }
    return res;
  }

  async put(hash: string, body: Buffer, mime: string): Promise<boolean> {
    if (await this.has(hash)) return false;
    await this.send(
      this.url(hash),
      { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': mime } },
      [200],
    );
    return true;
  }

  async get(hash: string): Promise<Buffer | null> {
    const res = await this.send(this.url(hash), { method: 'GET' }, [200, 404]);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    return Buffer.from(await res.arrayBuffer());
  }

  async has(hash: string): Promise<boolean> {
    const res = await this.send(this.url(hash), { method: 'HEAD' }, [200, 404]);
    await res.body?.cancel();
    return res.status === 200;
  }

  async delete(hash: string): Promise<void> {
    const res = await this.send(this.url(hash), { method: 'DELETE' }, [200, 204, 404]);
    await res.body?.cancel();
  }

  async *list(): AsyncIterable<StoredPhoto> {
    let token = '';
    for (;;) {
      const q = new URLSearchParams({ 'list-type': '2', prefix: 'photos/' });
      if (token) q.set('continuation-token', token);
      const res = await this.send(`${this.base}?${q}`, { method: 'GET' }, [200]);
      const doc = this.xml.parse(await res.text()) as {
        ListBucketResult?: {
          Contents?: Array<{ Key: string; LastModified: string }>;
          IsTruncated?: boolean | string;
          NextContinuationToken?: string;
        };
      };
      const r = doc.ListBucketResult ?? {};
      for (const c of r.Contents ?? []) {
        const hash = String(c.Key).slice('photos/'.length);
        if (HASH.test(hash)) yield { hash, at: new Date(c.LastModified) };
      }
      if (String(r.IsTruncated) !== 'true' || !r.NextContinuationToken) return;
      token = r.NextContinuationToken;
    }
  }
}

const stores = new WeakMap<Config, PhotoStore>();

/** The store the settings name (one per settings object). */
export function photoStore(config: Config): PhotoStore {
  let store = stores.get(config);
  if (!store) {
    store =
      config.PHOTO_STORE === 's3'
        ? new S3PhotoStore({
            endpoint: config.PHOTO_S3_ENDPOINT,
            bucket: config.PHOTO_S3_BUCKET,
            region: config.PHOTO_S3_REGION,
            accessKey: config.PHOTO_S3_ACCESS_KEY,
            secretKey: config.PHOTO_S3_SECRET_KEY,
          })
        : new FilePhotoStore(config.PHOTOS_DIR);
    stores.set(config, store);
  }
  return store;
}
