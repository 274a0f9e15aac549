/**
 * The embedded database's own settings (db/client.ts PGLITE_SETTINGS), seen in its data folder: it keeps
 * no spent write-ahead log segments, so the folder and its backups hold the data and one segment.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './client.ts';

/** The write-ahead log segment files in a data folder (24 hexadecimal digits each). */
const segments = (dir: string) =>
  fs.readdirSync(path.join(dir, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f));

describe('the embedded database', () => {
  it('removes spent write-ahead log segments instead of keeping them for reuse', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'po-wal-'));
    try {
      const database = await openDatabase({ dataDir: dir });
      try {
        await database.session(async (exec) => {
          await exec('create table wal_probe (n int)');
          // six segments filled (a write, then a switch to the next file), then a checkpoint
          for (let n = 0; n < 6; n++)
            await exec(`insert into wal_probe values (${n}); select pg_switch_wal()`);
          await exec('checkpoint');
        });
        expect(segments(dir)).toHaveLength(1);
      } finally {
        await database.close();
      }
      expect(segments(dir)).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
