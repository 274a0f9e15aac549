import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('WORKERS', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/po';

  it('is one process on the embedded database and the core count on a PostgreSQL server by default', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({ DATABASE_URL: url }).WORKERS).toBe(os.availableParallelism());
  });

  it('takes the number set', () => {
    expect(loadConfig({ DATABASE_URL: url, WORKERS: '3' }).WORKERS).toBe(3);
    expect(loadConfig({ WORKERS: '1' }).WORKERS).toBe(1);
  });

  it('refuses more than one process on the embedded database, and numbers that are not a count', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: must be 1 on the embedded database/);
    for (const bad of ['0', '-1', '1.5', 'two', '65'])
      expect(() => loadConfig({ DATABASE_URL: url, WORKERS: bad })).toThrow(/WORKERS/);
  });
});
