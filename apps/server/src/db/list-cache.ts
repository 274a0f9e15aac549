/**
 * The lists that change rarely (reference items, offices, tariffs, companies), kept in the process so a
 * call does not read them again and again.
 *
 * How a cached list stays right, in every process serving the database:
 * - Triggers on those tables move `list_version` on with every statement that writes them, in the
 *   writer's transaction (migration 0011_list_cache), whoever writes: this process, another server
 *   process, a script, psql.
 * - Every call with a session reads the version in the same statement as its session
 *   (http/session.ts), so it costs no round trip.
 * - A list is loaded once per version: a call that read a newer version than the one the lists were
 *   loaded at drops them all and loads what it needs again. So the first call after a write commits, in
 *   any process, sees the write; lists are never older than the version the call read.
 * - Without a version (calls without a session, a database without the row) nothing is kept: the list
 *   is read from the database.
 * Concurrent calls that need a list being loaded wait for the same load.
 */
import { asc } from 'drizzle-orm';
import type { Db } from './client.ts';
import { companies, offices, refItems, tariffs } from './schema.ts';

export type RefItem = typeof refItems.$inferSelect;
export type Office = typeof offices.$inferSelect;
export type TariffRecord = typeof tariffs.$inferSelect;

/** A version read with a session; null when unknown (nothing is kept). */
export type ListVersion = number | null;

export class ListCache {
  #version: number | null = null;
  #entries = new Map<string, Promise<unknown>>();
  /** the loads of `#entries` that have finished, by key: read without waiting (`peek`) */
  #values = new Map<string, unknown>();
  /** how many loads ran (tests and the bench look at it) */
  loads = 0;

  constructor(private readonly db: Db) {}

  /** The value under `key` as of `version` or newer: loaded once per version, shared by concurrent calls. */
  get<T>(version: ListVersion, key: string, load: (db: Db) => Promise<T>): Promise<T> {
    this.loads++;
    if (version === null) return load(this.db);
    if (this.#version === null || version > this.#version) {
      this.#version = version;
      this.#entries.clear();
      this.#values.clear();
    }
    const hit = this.#entries.get(key) as Promise<T> | undefined;
    if (hit) {
      this.loads--;
      return hit;
    }
    const loading = load(this.db);
    this.#entries.set(key, loading);
    loading.then(
      (value) => {
        if (this.#entries.get(key) === loading) this.#values.set(key, value);
      },
      () => {
        if (this.#entries.get(key) === loading) this.#entries.delete(key);
      },
    );
    return loading;
  }

  /**
   * The value under `key` when it is loaded already for `version` or newer, without waiting; undefined
   * otherwise (not loaded yet, being loaded, older than the version, or no version: `get` then loads it).
   * The calls on every request read the lists this way first: an `await` on a list in memory costs a
   * turn of the microtask queue, and a price calculation made ten of them.
   */
  peek<T>(version: ListVersion, key: string): T | undefined {
    if (version === null || this.#version === null || version > this.#version) return undefined;
    return this.#values.get(key) as T | undefined;
  }

  /** The lists as a call sees them: the version it read with its session. */
  at(version: ListVersion): Lists {
    return new Lists(this, version);
  }
}

/** The cached lists for one call (`ctx.lists`). Everything answered is shared: never change it. */
export class Lists {
  constructor(
    private readonly cache: ListCache,
    readonly version: ListVersion,
  ) {}

  /** Something of one's own derived from the lists (a serialised answer), kept as long as they are. */
  derived<T>(key: string, make: (db: Db) => Promise<T>): Promise<T> {
    return this.cache.get(this.version, `derived:${key}`, make);
  }

  /** What `derived` made under `key`, when it is in memory already; undefined when not (make it). */
  derivedNow<T>(key: string): T | undefined {
    return this.cache.peek(this.version, `derived:${key}`);
  }

  /** The lists below when they are in memory already, without waiting; undefined when not (load them). */
  refItemsNow(): ReadonlyMap<number, RefItem> | undefined {
    return this.cache.peek(this.version, 'refItems');
  }
  officesNow(): ReadonlyMap<string, Office> | undefined {
    return this.cache.peek(this.version, 'offices');
  }
  tariffsNow(): readonly TariffRecord[] | undefined {
    return this.cache.peek(this.version, 'tariffs');
  }
  companyIdsNow(): ReadonlyMap<string, number> | undefined {
    return this.cache.peek(this.version, 'companies');
  }

  /** Every reference item (regions, villages, statuses, the small lists), by id. */
  refItems(): Promise<ReadonlyMap<number, RefItem>> {
    return this.cache.get(this.version, 'refItems', async (db) => {
      const all = await db.select().from(refItems).orderBy(asc(refItems.id));
      return new Map(all.map((r) => [r.id, r]));
    });
  }

  /** Every office, by id. */
  offices(): Promise<ReadonlyMap<string, Office>> {
    return this.cache.get(this.version, 'offices', async (db) => {
      const all = await db.select().from(offices);
      return new Map(all.map((o) => [o.guid, o]));
    });
  }

  /** The enabled tariffs, in id order. */
  tariffs(): Promise<readonly TariffRecord[]> {
    return this.cache.get(this.version, 'tariffs', async (db) => {
      const all = await db.select().from(tariffs).orderBy(asc(tariffs.id));
      return all.filter((t) => t.enabled);
    });
  }

  /** The companies' ids by their codes. */
  companyIds(): Promise<ReadonlyMap<string, number>> {
    return this.cache.get(this.version, 'companies', async (db) => {
      const all = await db.select({ id: companies.id, pid: companies.pid }).from(companies);
      return new Map(all.map((c) => [c.pid, c.id]));
    });
  }
}
