/**
 * The public-call budget (@fastify/rate-limit, route option `rateLimit`) kept in the database, through
 * the plugin's documented `store` option, so that several server processes and hosts share one budget
 * per client address and call: two servers behind a proxy give an attacker one budget, not two. One
 * statement a request: the window's count goes up, or starts again when the window is over.
 *
 * Used on PostgreSQL; the embedded database is one process, where the plugin's own memory store holds
 * the same budget without a statement.
 */
import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db, DbOrTx } from '../db/client.ts';
import { rateWindows } from '../db/schema.ts';
import { runStatement } from '../db/statement.ts';

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;

const INCR = {
  name: 'po_rate_incr',
  text:
    'insert into "rate_windows" ("key", "hits", "ends_at") values ($1, 1, clock_timestamp() + $2 * interval \'1 millisecond\') ' +
    'on conflict ("key") do update set ' +
    '"hits" = case when "rate_windows"."ends_at" <= clock_timestamp() then 1 else "rate_windows"."hits" + 1 end, ' +
    '"ends_at" = case when "rate_windows"."ends_at" <= clock_timestamp() then excluded."ends_at" else "rate_windows"."ends_at" end ' +
    'returning "hits", greatest(0, ceil(extract(epoch from "ends_at" - clock_timestamp()) * 1000))::int',
};
const READ = {
  name: 'po_rate_read',
  text:
    'select "hits", greatest(0, ceil(extract(epoch from "ends_at" - clock_timestamp()) * 1000))::int ' +
    'from "rate_windows" where "key" = $1 and "ends_at" > clock_timestamp()',
};

/** The store class the plugin makes (`new Store(options)`), bound to the database. */
export function databaseRateStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateStore implements FastifyRateLimitStore {
    /** `scope`: the route's method and address (a route's store, made by `child`); '' for the plugin's */
    constructor(
      _options: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      runStatement(db, INCR.name, INCR.text, [`${this.scope}|${key}`, timeWindow]).then(
        ([row]) => done(null, { current: Number(row[0]), ttl: Number(row[1]) }),
        (err: Error) => done(err),
      );
    }

    read(key: string, done: Done): void {
      runStatement(db, READ.name, READ.text, [`${this.scope}|${key}`]).then(
        ([row]) =>
          done(null, row ? { current: Number(row[0]), ttl: Number(row[1]) } : { current: 0, ttl: 0 }),
        (err: Error) => done(err),
      );
    }

    /**
     * A route's own budget, as the plugin's memory store keeps one a route: its windows are keyed by
     * the route's method and address (the plugin's documented `routeInfo`).
     */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): DatabaseRateStore {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateStore(null, `${[info?.method ?? ''].flat().join(',')} ${info?.url ?? ''}`);
    }
  };
}

/** Forgets the windows that are over (housekeeping). */
export async function purgeRateWindows(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(rateWindows)
    .where(lt(rateWindows.endsAt, sql`clock_timestamp()`))
    .returning({ key: rateWindows.key });
  return gone.length;
}
