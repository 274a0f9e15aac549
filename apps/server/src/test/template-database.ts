/**
 * Vitest's global set-up for the server tests: one database migrated and loaded with the reference data,
 * made once per run, that every test file's database is copied from (test/harness.ts and
 * test/server-process.ts) instead of being made and migrated again.
 * - Embedded (PGlite): a fresh in-memory PGlite is migrated and dumped with PGlite's own `dumpDataDir`
 *   to a file; a test file opens its database with `loadDataDir` from it, so PGlite skips its initdb
 *   and the migrations.
 * - PostgreSQL (DATABASE_URL): a throwaway database is migrated and each test file's database is made
 *   with `create database … template` from it.
 * The copies are the same database the migrations make: `db/migrate.test.ts` still migrates from
 * nothing, and a test that needs an empty database asks for one.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** embedded: the file holding the template's dump (a gzipped tar); '' on PostgreSQL */
    pgliteTemplate: string;
    /** PostgreSQL: the template database's name; '' on PGlite */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await throwawayPostgres(url, 'po_template');
    const database = await openDatabase({ url: template.url });
    try {
      await migrate(database);
      await seedReference(database.db);
    } finally {
      await database.close(); // a template database takes copies only with nobody connected
    }
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    project.provide('pgliteTemplate', '');
    return template.drop;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'po-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    await seedReference(database.db);
    const dump = await database.dumpDataDir!();
    await writeFile(path.join(dir, 'template.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', path.join(dir, 'template.tar.gz'));
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}

/** In a test file: the template's dump, for PGlite's `loadDataDir` (an empty data folder or memory). */
export async function pgliteTemplate(): Promise<Blob> {
  return new Blob([await readFile(inject('pgliteTemplate'))]);
}

/** In a test file: a new database on the PostgreSQL server `url`, a copy of the template. */
export function postgresCopy(url: string, prefix: string): ReturnType<typeof throwawayPostgres> {
  return throwawayPostgres(url, prefix, undefined, inject('postgresTemplate'));
}
