/**
 * Statements written once, for the writes every scan and registration makes (the parcels core and the
 * audit record). Their SQL text is made once from the schema's tables, sent as a named prepared
 * statement (PostgreSQL parses and plans it once per connection), and their rows are read by position
 * with each column's own drizzle mapping, so the rows are the same objects the query builder answers.
 * Building a 49-column insert with the query builder cost a fifth of a registration's server time, and
 * a data-modifying `with` lets one statement write a parcel and its event (one round trip, not two).
 * Everything else keeps using drizzle.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { DbOrTx } from './client.ts';
import { objectMaker } from '../lib/object-maker.ts';

/** A column's name in the database: the schema's keys are snake-cased (the drizzle instances' casing). */
export function columnName(key: string, col: Column): string {
  return col.keyAsName ? toSnakeCase(key) : col.name;
}
/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table's columns in the schema's order, with their database names. */
export function columnsOf<T extends Table>(
  table: T,
): Array<{ key: keyof T['$inferSelect'] & string; name: string; col: Column }> {
  return Object.entries(getTableColumns(table)).map(([key, col]) => ({
    key: key as keyof T['$inferSelect'] & string,
    name: columnName(key, col),
    col,
  }));
}

export const tableName = (table: Table) => ident(getTableName(table));

/**
 * Every column of a table as a select (or returning) list, in the schema's order, and the reader that
 * turns the same columns of an array row (from `offset`) into the table's row object.
 */
export function rowOf<T extends Table>(table: T, alias?: string) {
  const cols = columnsOf(table);
  const make = objectMaker(cols.map((c) => c.key));
  const prefix = alias ? `${ident(alias)}.` : '';
  return {
    list: cols.map((c) => `${prefix}${ident(c.name)}`).join(', '),
    width: cols.length,
    read(row: readonly unknown[], offset = 0): T['$inferSelect'] {
      const values = new Array<unknown>(cols.length);
      for (let i = 0; i < cols.length; i++) {
        const v = row[offset + i];
        values[i] = v === null || v === undefined ? null : cols[i].col.mapFromDriverValue(v);
      }
      return make(values, 0) as T['$inferSelect'];
    },
  };
}

/** A parameter cast to its column's type (a parameter in a select list would otherwise be text). */
export function paramOf(col: Column, n: number): string {
  return `$${n}::${col.getSQLType()}`;
}

/** A value as the driver takes it for a column (drizzle's own mapping: dates, numbers, JSON). */
export function toDriver(col: Column, value: unknown): unknown {
  return value === null || value === undefined ? null : col.mapToDriverValue(value);
}

/**
 * What runs a written statement for a database or a transaction: on PostgreSQL the pool or the
 * transaction's connection, sending it by name (node-postgres prepares a named statement once per
 * connection, then sends only Bind/Execute); on PGlite the database or its transaction, with the text.
 * Answers the rows as arrays. The databases and transactions of db/client.ts and db/pg-driver.ts carry
 * theirs as `poDriver`.
 */
export interface Driver {
  statement(name: string, text: string, values: readonly unknown[]): Promise<unknown[][]>;
}
/** A database or transaction of ours: its driver, and where its reads outside transactions go. */
export interface WithDriver {
  readonly poDriver: Driver;
  /** PostgreSQL: a connection of its own for the reads every call makes first (db/pg-driver.ts) */
  readonly poReads?: Driver;
}

function driverOf(db: DbOrTx): Driver {
  const driver = (db as DbOrTx & Partial<WithDriver>).poDriver;
  if (!driver) throw new Error('statement: not a database or transaction opened by db/client.ts');
  return driver;
}

/**
 * Runs a written statement where `db` runs its own: on the pool, or on the transaction's connection.
 * On PostgreSQL it goes as the named prepared statement `name` (the same name must always carry the
 * same text); PGlite, in this process, takes the text each time. Answers the rows as arrays.
 */
export function runStatement(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<unknown[][]> {
  return driverOf(db).statement(name, text, values);
}

/**
 * A read every call (or every write) makes before anything else, outside any transaction: the session
 * (http/session.ts) and an idempotency key (http/route.ts). On PostgreSQL it goes on the connection kept
 * for them, pipelined (db/pg-driver.ts); a transaction, and PGlite, run it as `runStatement` does.
 * The rows are the same arrays either way.
 */
export function runRead(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  const reads = (db as DbOrTx & Partial<WithDriver>).poReads;
  return reads ? reads.statement(name, text, values) : runStatement(db, name, text, values);
}

/** A statement a transaction writes at its end, with its commit: it answers nothing the caller reads. */
export interface Deferred {
  name: string;
  text: string;
  values: unknown[];
}
const deferredOf = new WeakMap<object, Deferred[]>();

/**
 * Opens a transaction's list of statements written at its end (the transactions of db/client.ts and
 * db/pg-driver.ts do, for top-level transactions).
 */
export function openDeferred(tx: object): void {
  deferredOf.set(tx, []);
}
/** Takes the statements `tx` put off (and closes its list). */
export function takeDeferred(tx: object): Deferred[] {
  const list = deferredOf.get(tx) ?? [];
  deferredOf.delete(tx);
  return list;
}

/**
 * A write whose answer nobody reads (the audit record, an idempotency key's stored answer): in a
 * top-level transaction it is written at the transaction's end, on PostgreSQL pipelined with the
 * `commit` (sent just before it without waiting: no round trip of its own); it commits or rolls back with the transaction as
 * before, and a failure fails the transaction. Anywhere else it is written at once.
 */
export async function writeAtCommit(db: DbOrTx, st: Deferred): Promise<void> {
  const list = deferredOf.get(db);
  if (list) list.push(st);
  else await runStatement(db, st.name, st.text, st.values);
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** A drizzle `sql` compiled as the server sends it: its text and its parameters. */
export function compileSql(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}

/**
 * Integers of the code (statuses, reference groups, a limit) as SQL text, comma separated, to be written
 * into a statement rather than sent as parameters: a named statement whose parameters are only the values
 * that vary keeps one generic plan (CONTRIBUTING.md). Throws on anything but a safe integer.
 */
export function intsText(values: number | readonly number[]): string {
  const list = typeof values === 'number' ? [values] : values;
  return list
    .map((n) => {
      if (!Number.isSafeInteger(n)) throw new Error(`SQL text: ${n} is not an integer`);
      return String(n);
    })
    .join(', ');
}

/** `intsText` as a piece of a drizzle `sql`. */
export const intsSql = (values: number | readonly number[]): SQL => sql.raw(intsText(values));
/** Names given so far, by statement text (`po_q_<hash of the text>`). */
const names = new Map<string, string>();
/**
 * At most this many texts go named: node-postgres keeps every named statement it prepared for the
 * connection's life, so a text past the cap (a caller building ever new texts) goes unnamed, parsed and
 * planned each time as before. The texts of the statements sent through `runSql` are few (one per parcel
 * scope circle, tier and caller: a few dozen).
 */
export const MAX_NAMED = 200;

/** The name a statement's text goes by (the same text, the same name), or '' past the cap (unnamed). */
export function nameOf(text: string): string {
  let name = names.get(text);
  if (name !== undefined) return name;
  if (names.size >= MAX_NAMED) return '';
  name = `po_q_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a drizzle `sql` (or a query builder's `getSQL()`) as a named prepared statement (`runStatement`):
 * compiled with the dialect to its text and parameters, named by the text's hash. The parameters are
 * the query's (a column's mapping applied, as the query builder sends them). Answers the rows as arrays,
 * in the select list's order (read them with `rowOf` or an `objectMaker`). `named: false` sends it
 * unnamed (planned for its values each time, and taking none of the MAX_NAMED names): for a text that
 * varies (an `in` list of any length) or a list whose plan should follow its values.
 */
export function runSql(db: DbOrTx, query: SQL, named = true): Promise<unknown[][]> {
  const { sql: text, params } = compileSql(query);
  return runStatement(db, named ? nameOf(text) : '', text, params);
}

/**
 * A nested transaction as drizzle runs one: `run` inside savepoint `sp<depth>`, released when it
 * succeeds and rolled back to when it throws. Both drivers' transactions use it.
 */
export async function inSavepoint<X extends { execute(query: SQL): PromiseLike<unknown> }, T>(
  tx: X,
  depth: number,
  run: (tx: X) => Promise<T>,
): Promise<T> {
  const savepoint = `sp${depth}`;
  await tx.execute(sql.raw(`savepoint ${savepoint}`));
  try {
    const result = await run(tx);
    await tx.execute(sql.raw(`release savepoint ${savepoint}`));
    return result;
  } catch (err) {
    await tx.execute(sql.raw(`rollback to savepoint ${savepoint}`));
    throw err;
  }
}
