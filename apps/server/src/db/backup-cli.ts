import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from './client.ts';
import { listBackups, makeBackup, pidFile, pruneBackups, restoreBackup } from './backup.ts';

/**
 * `npm run backup`: a backup of the configured database into BACKUP_DIR (db/backup.ts). On the embedded
 * database with the server running (its pid file in DATA_DIR names a live process), the server makes it
 * (SIGUSR2) and this waits for the file; otherwise this process opens the database and makes it.
 * `npm run restore`: BACKUP_FILE, else the newest backup in BACKUP_DIR, into an empty database.
 */
const WAIT_MS = 10 * 60_000;

/** The pid of the server running on the embedded database, or null. */
function runningServer(config: Config): number | null {
  const file = pidFile(config);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function backup(config: Config): Promise<string> {
  const pid = config.DATABASE_URL ? null : runningServer(config);
  if (pid !== null) {
    const before = new Set(listBackups(config));
    process.kill(pid, 'SIGUSR2');
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      const made = listBackups(config).find((f) => !before.has(f));
      if (made) return made;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(
      `the running server (pid ${pid}) made no backup in ${WAIT_MS / 60_000} minutes: see its log`,
    );
  }
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION')))
    throw new Error(`${config.DATA_DIR} holds no database`);
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL })
    : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
  try {
    const file = await makeBackup(config, database);
    pruneBackups(config);
    return file;
  } finally {
    await database.close();
  }
}

const command = process.argv[2];
try {
  const config = loadConfig();
  if (command === 'backup') console.log(`backup: ${await backup(config)}`);
  else if (command === 'restore')
    console.log(`restored: ${await restoreBackup(config, process.env.BACKUP_FILE || undefined)}`);
  else throw new Error('usage: backup-cli backup | restore');
} catch (e) {
  console.error(`${command ?? 'backup'} failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
