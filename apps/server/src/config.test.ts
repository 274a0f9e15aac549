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

describe('DATABASE_READ_URL', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/po';

  it('takes one or more replica URLs, comma-separated, with the lag limit and the check interval', () => {
    const cfg = loadConfig({
      DATABASE_URL: url,
      DATABASE_READ_URL: ' postgres://r1:5432/po , postgresql://r2:5433/po ',
      READ_MAX_LAG_SECONDS: '2.5',
    });
    expect(cfg.DATABASE_READ_URL).toEqual(['postgres://r1:5432/po', 'postgresql://r2:5433/po']);
    expect(cfg.READ_MAX_LAG_SECONDS).toBe(2.5);
    expect(cfg.READ_CHECK_SECONDS).toBe(1);
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_READ_URL).toEqual([]);
  });

  it('is refused on the embedded database, and when a URL is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1:5432/po' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_READ_URL: 'mysql://r1/po' })).toThrow(
      /DATABASE_READ_URL: must be postgres/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, READ_MAX_LAG_SECONDS: '0' })).toThrow(
      /READ_MAX_LAG_SECONDS/,
    );
  });
});
