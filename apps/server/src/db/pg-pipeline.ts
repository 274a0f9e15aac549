/**
 * A PostgreSQL connection of its own for the reads made before anything else (the session read every
 * call with a session sends, http/session.ts, and a write's idempotency key, http/route.ts; both through
 * db/statement.ts `runRead`), with its statements pipelined: each goes as Bind/Execute/Sync the
 * moment it is asked for, without waiting for the one before to answer, and the answers come back in
 * order (one ReadyForQuery each). Its messages are read here, not by node-postgres' query machinery:
 * a pooled query (pool check-out and release with its idle timer, a Query and a Result object, an
 * event per message relayed through the client) cost the server 20-30 µs of its own time a statement,
 * the same statement here 6-9 µs (measured on this kind of machine; the database's work is the same).
 *
 * node-postgres still opens the connection (TLS, password and SCRAM, its settings); once it is open,
 * the answers to queries are taken off the client and read here. The statement is prepared under its
 * name on this connection once (Parse with a Describe for its columns' types), and its rows are read
 * as arrays with node-postgres' own type parsers, as a pooled query with `rowMode: 'array'` reads them.
 * A lost connection fails the statements under way on it, and the next statement opens a new one.
 */
import pg from 'pg';
import { prepareValue } from './pg-protocol.ts';
import type { ReadLine } from './statement.ts';

type Parser = (text: string) => unknown;

/** A statement sent and not yet answered. */
interface Pending {
  name: string;
  rows: unknown[][];
  error: unknown;
  resolve(rows: unknown[][]): void;
  reject(e: unknown): void;
}

/** node-postgres' connection as this module uses it (not in its types). */
interface Connection {
  stream: { cork?(): void; uncork?(): void };
  on(event: string, fn: (msg: never) => void): void;
  removeAllListeners(event: string): void;
  parse(msg: { text: string; name: string; types: unknown[] }): void;
  describe(msg: { type: 'S'; name: string }): void;
  bind(msg: { portal: string; statement: string; values: unknown[]; binary: boolean }): void;
  execute(msg: { portal: string; rows: number }): void;
  sync(): void;
}

/** The answers node-postgres' client reads for its queries: taken over on the pipeline's connection. */
const QUERY_ANSWERS = [
  'rowDescription',
  'dataRow',
  'commandComplete',
  'readyForQuery',
  'errorMessage',
  'parseComplete',
  'emptyQuery',
  'portalSuspended',
] as const;

/** One open connection: its client, what is prepared on it, and the statements under way in order. */
interface Line {
  client: pg.Client;
  con: Connection;
  /** statement name → its columns' parsers (once described on this connection) */
  columns: Map<string, Parser[]>;
  /** the names sent for preparation on this connection */
  prepared: Set<string>;
  /** the names PostgreSQL has prepared (its ParseComplete came) */
  parsed: Set<string>;
  pending: Pending[];
  lost: boolean;
}

export class StatementPipeline implements ReadLine {
  private line: Line | null = null;
  private opening: Promise<Line> | null = null;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  /** Runs the named statement (the same name always with the same text); answers its rows as arrays. */
  run(name: string, text: string, values: readonly unknown[]): Promise<unknown[][]> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const line = this.line;
    if (line && !line.lost) return this.send(line, name, text, values);
    return this.open().then((l) => this.send(l, name, text, values));
  }

  /** Ends the connection; statements asked for afterwards fail. */
  async close(): Promise<void> {
    this.closed = true;
    const line = this.line ?? (await this.opening?.catch(() => null));
    this.line = null;
    if (line && !line.lost) {
      line.lost = true;
      await line.client.end().catch(() => undefined);
    }
  }

  private send(line: Line, name: string, text: string, values: readonly unknown[]): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      const { con } = line;
      const params = values.map((v) => prepareValue(v));
      con.stream.cork?.();
      try {
        if (!line.prepared.has(name)) {
          line.prepared.add(name);
          con.parse({ text, name, types: [] });
          con.describe({ type: 'S', name });
        }
        con.bind({ portal: '', statement: name, values: params, binary: false });
        con.execute({ portal: '', rows: 0 });
        con.sync();
      } finally {
        con.stream.uncork?.();
      }
      line.pending.push({ name, rows: [], error: undefined, resolve, reject });
    });
  }

  private open(): Promise<Line> {
    if (this.opening) return this.opening;
    const opening = this.connect().finally(() => {
      if (this.opening === opening) this.opening = null;
    });
    this.opening = opening;
    return opening;
  }

  private async connect(): Promise<Line> {
    const client = new pg.Client(this.config);
    // a connection lost before it opened fails the connect itself
    client.on('error', () => undefined);
    await client.connect();
    const con = (client as unknown as { connection: Connection }).connection;
    const line: Line = {
      client,
      con,
      columns: new Map(),
      prepared: new Set(),
      parsed: new Set(),
      pending: [],
      lost: false,
    };
    for (const event of QUERY_ANSWERS) con.removeAllListeners(event);
    const head = () => line.pending[0];
    con.on('rowDescription', (msg: { fields: Array<{ dataTypeID: number; format?: string }> }) => {
      const p = head();
      if (p)
        line.columns.set(
          p.name,
          msg.fields.map(
            (f) => pg.types.getTypeParser(f.dataTypeID, (f.format || 'text') as 'text') as Parser,
          ),
        );
    });
    con.on('dataRow', (msg: { fields: Array<string | null> }) => {
      const p = head();
      if (!p) return;
      const parsers = line.columns.get(p.name);
      const raw = msg.fields;
      const row = new Array<unknown>(raw.length);
      for (let i = 0; i < raw.length; i++) {
        const v = raw[i];
        row[i] = v === null || !parsers ? v : parsers[i](v);
      }
      p.rows.push(row);
    });
    con.on('parseComplete', () => {
      const p = head();
      if (p) line.parsed.add(p.name);
    });
    con.on('errorMessage', (msg: Error) => {
      const p = head();
      if (p && p.error === undefined) p.error = msg;
    });
    con.on('readyForQuery', () => {
      const p = line.pending.shift();
      if (!p) return;
      if (p.error === undefined) return p.resolve(p.rows);
      // a statement that failed before PostgreSQL prepared it is prepared again next time
      if (!line.parsed.has(p.name)) line.prepared.delete(p.name);
      p.reject(p.error);
    });
    const lost = (err?: unknown) => {
      if (line.lost && line.pending.length === 0) return;
      line.lost = true;
      if (this.line === line) this.line = null;
      const failed = line.pending.splice(0);
      const e = err instanceof Error ? err : new Error('Connection terminated unexpectedly');
      for (const p of failed) p.reject(e);
    };
    client.removeAllListeners('error');
    client.on('error', lost);
    client.on('end', () => lost());
    if (this.closed) {
      line.lost = true;
      await client.end().catch(() => undefined);
      throw new Error('the database is closed');
    }
    this.line = line;
    return line;
  }
}
