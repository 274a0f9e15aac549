/**
 * Backups of the database into BACKUP_DIR, and their restore into an empty database.
 * - Embedded (PGlite): PGlite's own dump of its data folder (`dumpDataDir`, a gzipped tar), made by the
 *   process that has the database open, between two statements, so it is consistent while the server
 *   runs. A running server makes one on its timer (BACKUP_EVERY_HOURS) and when sent SIGUSR2 (which
 *   `npm run backup` does when it finds the server's pid file); with no server running, `npm run backup`
 *   opens the database itself. Restored by creating the database from the dump (`loadDataDir`).
 * - PostgreSQL: `pg_dump -Fc` (a consistent snapshot while the server runs) and `pg_restore`.
 * Each backup is written under a temporary name and renamed when whole; backups older than BACKUP_KEEP
 * days are removed after a new one is made. A restore refuses a database that is not empty.
 *
 * The proof photos' files (issue 40) live outside the database (lib/photo-store.ts): a backup
 * copies every stored photo into BACKUP_DIR/photos/<sha256> (shared by the backups: a photo never
 * changes under its hash, so each is copied once) and lists the ones it holds in `<backup>.photos`,
 * written before the backup itself is renamed into place. A restore puts them back into the configured
 * photo store; pruning removes a backup's list with it and the copies no remaining list names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { openDatabase, rows, type Database } from './client.ts';
import { photoStore } from '../lib/photo-store.ts';

const EMBEDDED = /^postoffice-\d{8}-\d{6}\.tar\.gz$/;
const POSTGRES = /^postoffice-\d{8}-\d{6}\.dump$/;
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The pid file a running embedded server keeps in DATA_DIR, so `npm run backup` can ask it. */
export const pidFile = (config: Config) => path.join(config.DATA_DIR, 'server.pid');

/** Runs a PostgreSQL client program; rejects with its error output. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Makes a backup of `database` in BACKUP_DIR; answers its path. */
export async function makeBackup(config: Config, database: Database, now = new Date()): Promise<string> {
  fs.mkdirSync(config.BACKUP_DIR, { recursive: true });
  const embedded = database.kind === 'pglite';
  const file = path.join(config.BACKUP_DIR, `postoffice-${stamp(now)}.${embedded ? 'tar.gz' : 'dump'}`);
  const part = `${file}.part`;
  try {
    if (embedded) {
      if (!database.dumpDataDir) throw new Error('this database cannot be dumped');
      const dump = await database.dumpDataDir();
      fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    } else {
      await run('pg_dump', ['--format=custom', `--file=${part}`, '--dbname', config.DATABASE_URL!]);
    }
    await backupPhotos(config, file);
    fs.renameSync(part, file);
  } finally {
    fs.rmSync(part, { force: true });
  }
  return file;
}

const photoCopies = (config: Config) => path.join(config.BACKUP_DIR, 'photos');
const photoList = (backup: string) => `${backup}.photos`;

/** Copies the stored photos the copies lack and writes the backup's list of them; answers how many. */
async function backupPhotos(config: Config, backup: string): Promise<number> {
  const store = photoStore(config);
  const dir = photoCopies(config);
  fs.mkdirSync(dir, { recursive: true });
  const hashes: string[] = [];
  for await (const photo of store.list()) {
    const copy = path.join(dir, photo.hash);
    if (!fs.existsSync(copy)) {
      const body = await store.get(photo.hash);
      if (!body) continue; // removed by the housekeeping meanwhile: no parcel refers to it
      fs.writeFileSync(`${copy}.part`, body);
      fs.renameSync(`${copy}.part`, copy);
    }
    hashes.push(photo.hash);
  }
  fs.writeFileSync(`${photoList(backup)}.part`, hashes.map((h) => `${h}\n`).join(''));
  fs.renameSync(`${photoList(backup)}.part`, photoList(backup));
  return hashes.length;
}

/** Puts the photos a backup lists back into the configured store; answers how many. */
async function restorePhotos(config: Config, backup: string): Promise<number> {
  if (!fs.existsSync(photoList(backup))) return 0;
  const store = photoStore(config);
  const hashes = fs.readFileSync(photoList(backup), 'utf8').split('\n').filter(Boolean);
  for (const hash of hashes) {
    const body = fs.readFileSync(path.join(photoCopies(config), hash));
    await store.put(hash, body, body[0] === 0x89 ? 'image/png' : 'image/jpeg');
  }
  return hashes.length;
}

/** Removes the photo copies that no remaining backup lists. */
function prunePhotoCopies(config: Config): void {
  const dir = photoCopies(config);
  if (!fs.existsSync(dir)) return;
  const listed = new Set<string>();
  for (const backup of listBackups(config))
    if (fs.existsSync(photoList(backup)))
      for (const h of fs.readFileSync(photoList(backup), 'utf8').split('\n')) if (h) listed.add(h);
  for (const name of fs.readdirSync(dir))
    if (!listed.has(name)) fs.rmSync(path.join(dir, name), { force: true });
}

/** The backups in BACKUP_DIR of the configured kind, oldest first. */
export function listBackups(config: Config): string[] {
  if (!fs.existsSync(config.BACKUP_DIR)) return [];
  const kind = config.DATABASE_URL ? POSTGRES : EMBEDDED;
  return fs
    .readdirSync(config.BACKUP_DIR)
    .filter((f) => kind.test(f))
    .sort()
    .map((f) => path.join(config.BACKUP_DIR, f));
}

/** Removes the backups older than BACKUP_KEEP days, always keeping the newest; answers how many. */
export function pruneBackups(config: Config, now = new Date()): number {
  const all = listBackups(config);
  const cut = now.getTime() - config.BACKUP_KEEP * 86_400_000;
  let removed = 0;
  for (const file of all.slice(0, -1)) {
    if (fs.statSync(file).mtimeMs < cut) {
      fs.rmSync(file);
      fs.rmSync(photoList(file), { force: true });
      removed++;
    }
  }
  if (removed > 0) prunePhotoCopies(config);
  return removed;
}

/** Whether the embedded database folder holds a database. */
const hasEmbedded = (config: Config) =>
  fs.existsSync(path.join(config.DATA_DIR, 'pglite')) &&
  fs.readdirSync(path.join(config.DATA_DIR, 'pglite')).length > 0;

/**
 * Restores `file` (BACKUP_FILE, else the newest backup in BACKUP_DIR) into the configured database,
 * which must be empty: an embedded DATA_DIR without a database, or a PostgreSQL database without tables.
 * Answers the file restored.
 */
export async function restoreBackup(config: Config, file?: string): Promise<string> {
  const from = file ?? listBackups(config).at(-1);
  if (!from) throw new Error(`no backup in ${config.BACKUP_DIR}`);
  if (!fs.existsSync(from)) throw new Error(`${from} does not exist`);
  if (!config.DATABASE_URL) {
    if (hasEmbedded(config))
      throw new Error(`${config.DATA_DIR} already holds a database: restore into an empty one`);
    const dump = new Blob([fs.readFileSync(from)]);
    const database = await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite'), loadDataDir: dump });
    await database.close();
    await restorePhotos(config, from);
    return from;
  }
  const database = await openDatabase({ url: config.DATABASE_URL });
  try {
    const [t] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    if (t.n > 0) throw new Error('the database already has tables: restore into an empty one');
  } finally {
    await database.close();
  }
  await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', config.DATABASE_URL, from]);
  await restorePhotos(config, from);
  return from;
}
