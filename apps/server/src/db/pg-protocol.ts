/**
 * What this server changes in node-postgres' handling of an answer (pg 8.23; loaded with the
 * PostgreSQL driver only). The three changes leave what a query answers as it was; they take work off the
 * path every call and every write goes through.
 *
 * 1. A named statement's row description is asked for once per process. node-postgres sends a
 *    Describe with every execution of a prepared statement, and PostgreSQL answers each with the
 *    statement's row description, which node-postgres parses and turns into value parsers again (the
 *    parcels core's statement has 65 columns, the session statement 21). A statement's name stands for
 *    one text (node-postgres refuses a name with another text), so its columns are the same on every
 *    connection: once one answer has described them, a later execution of the statement on a
 *    connection that has it prepared goes without the Describe and reads its rows with the columns
 *    it has on record; so does a statement sent with others in front of it in one batch (a
 *    transaction's first statement behind its `begin`, db/pg-transaction.ts). (A change of a
 *    column's type under a running server fails the statement in PostgreSQL itself: "cached plan
 *    must not change result type".)
 * 2. For answers read as arrays (the written statements, db/statement.ts), no empty row object with a
 *    key per column: node-postgres builds one for every answer, used only for rows as objects.
 * 3. A query's options, when a plain object, are copied field by field (the fields Query reads):
 *    node-postgres copies every one through its property descriptors (to keep getters), 1.8 µs a
 *    query.
 */
import pg from 'pg';

export interface Field {
  name: string;
  dataTypeID: number;
  format?: string;
}
/** node-postgres' connection: the protocol messages a query sends (not in its types). */
export interface Connection {
  parse(msg: { text: string; name: string; types?: unknown[] }): void;
  bind(msg: {
    portal: string;
    statement: string;
    values: unknown[];
    binary?: boolean;
    valueMapper?: (v: unknown) => unknown;
  }): void;
  execute(msg: { portal: string; rows?: number }): void;
  close(msg: { type: 'S'; name: string }): void;
  sync(): void;
  /** node-postgres' record of the named statements prepared on this connection (name → text) */
  parsedStatements: Record<string, string>;
}
/** The parts of node-postgres' Query this module uses (not in its types). */
export interface QueryInternals {
  name?: string;
  text: string;
  values: unknown[];
  rows?: number;
  portal: string;
  binary?: boolean;
  callback?: unknown;
  _result: { addFields(fields: Field[]): void };
  _accumulateRows: boolean;
  _checkForMultirow(): void;
  _getRows(connection: Connection, rows?: number): void;
  handleError(err: unknown, connection: Connection): void;
  listeners(event: string): unknown[];
  prepare(connection: Connection): void;
  handleRowDescription(msg: { fields: Field[] }): void;
}

/** node-postgres' own conversion of a parameter to its text form (dates, JSON, arrays). */
export const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils
  .prepareValue;

const QueryProto = pg.Query.prototype as unknown as QueryInternals;
/** node-postgres' own preparation of a query (Parse when needed, Bind, Describe, Execute, Sync). */
export const describingPrepare = QueryProto.prepare;
const describedRows = QueryProto.handleRowDescription;

/** A query of node-postgres' own class (not a batch: db/pg-transaction.ts BatchQuery). */
const plain = (q: object) => Object.getPrototypeOf(q) === pg.Query.prototype;

/** The columns of each named statement's rows, from the first answer that described them. */
const described = new Map<string, Field[]>();

QueryProto.handleRowDescription = function handleRowDescription(this: QueryInternals, msg) {
  // A query's description is its own statement's: the statements a batch sends in front of its query
  // (db/pg-transaction.ts BatchQuery) go without a Describe, so PostgreSQL describes none of them.
  if (this.name && !described.has(this.name)) described.set(this.name, msg.fields);
  describedRows.call(this, msg);
};

/**
 * Sends a named statement's Bind, Execute and Sync without a Describe, when its columns are on record
 * and the connection has it prepared with the query's text; answers those columns, to be taken (see
 * `takeColumns`) where the statement's own answer starts. Answers undefined when the query needs
 * node-postgres' own preparation, and null when a value could not be converted (the query has failed as
 * node-postgres fails it).
 */
export function executeDescribed(q: QueryInternals, connection: Connection): Field[] | null | undefined {
  const fields = q.name && !q.rows ? described.get(q.name) : undefined;
  if (!fields || connection.parsedStatements[q.name!] !== q.text) return undefined;
  try {
    connection.bind({
      portal: q.portal,
      statement: q.name!,
      values: q.values,
      binary: q.binary,
      valueMapper: prepareValue,
    });
  } catch (err) {
    // as node-postgres does when a value cannot be converted
    connection.close({ type: 'S', name: q.name! });
    connection.sync();
    q.handleError(err, connection);
    return null;
  }
  q._getRows(connection, q.rows);
  return fields;
}

/** What node-postgres does on a row description, with the columns on record. */
export function takeColumns(q: QueryInternals, fields: Field[]): void {
  q._checkForMultirow();
  q._result.addFields(fields);
  q._accumulateRows = Boolean(q.callback) || !q.listeners('row').length;
}

QueryProto.prepare = function prepare(this: QueryInternals, connection: Connection) {
  // a batch (db/pg-transaction.ts) prepares its own query
  const fields = plain(this) ? executeDescribed(this, connection) : undefined;
  if (fields === undefined) return describingPrepare.call(this, connection);
  if (fields) takeColumns(this, fields);
};

type ResultLike = {
  rowAsArray: boolean;
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _types?: { getTypeParser(oid: number, format: string): unknown };
};
const ResultClass = (pg as unknown as { Result: { prototype: { addFields(f: Field[]): void } } }).Result;
const objectRowsAddFields = ResultClass.prototype.addFields;
ResultClass.prototype.addFields = function addFields(this: ResultLike, fields: Field[]) {
  if (!this.rowAsArray) return objectRowsAddFields.call(this, fields);
  this.fields = fields;
  const types = this._types ?? pg.types;
  this._parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, (f.format || 'text') as 'text'));
};

/** The fields of a query's options that node-postgres' Query reads (pg 8.23). */
export const QUERY_FIELDS = [
  'text',
  'values',
  'rows',
  'types',
  'name',
  'queryMode',
  'binary',
  'portal',
  'callback',
  'rowMode',
] as const;

type NormalizeQueryConfig = (
  config: unknown,
  values?: unknown,
  callback?: unknown,
) => Record<string, unknown>;
const pgUtils = (pg as unknown as { utils: { normalizeQueryConfig: NormalizeQueryConfig } }).utils;
const normalizeAnyConfig = pgUtils.normalizeQueryConfig;
pgUtils.normalizeQueryConfig = function normalizeQueryConfig(config, values, callback) {
  if (config === null || typeof config !== 'object' || Object.getPrototypeOf(config) !== Object.prototype)
    return normalizeAnyConfig(config, values, callback);
  // A new object with the fields Query reads (QUERY_FIELDS; pg-protocol.test.ts checks there are no
  // others), written out: the caller's object stays as it was, and a copy made with `{ ...c }` and a key
  // added cost 0.7 µs, Object.create(c) 2 µs, node-postgres' own 1.8 µs, this 5 ns.
  const c = config as Record<string, unknown>;
  const out: Record<string, unknown> = {
    text: c.text,
    values: c.values,
    rows: c.rows,
    types: c.types,
    name: c.name,
    queryMode: c.queryMode,
    binary: c.binary,
    portal: c.portal,
    callback: c.callback,
    rowMode: c.rowMode,
  };
  if (values) {
    if (typeof values === 'function') out.callback = values;
    else out.values = values;
  }
  if (callback) out.callback = callback;
  return out;
};
