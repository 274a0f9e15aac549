import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Code,
  refusal,
  sessionShape,
  type CallDef,
  type CallData,
  type CallParsed,
  type Guard,
} from '@po/contract';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { ok, Serialized } from './envelope.ts';
import { parseInput } from './validation.ts';
import { readSession } from './session.ts';
import type { AuthedCtx, Ctx, IdempotencyClaim, SessionUser } from './context.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import type { Lists } from '../db/list-cache.ts';
import type { Deps } from '../app.ts';
import { sha256 } from '../lib/crypto.ts';
import { rowOf, runRead, runStatement, writeAtCommit } from '../db/statement.ts';
import { isUniqueViolation } from '../db/errors.ts';

export type { Guard };

export interface CallOptions {
  /** a write: honours the Idempotency-Key header so a retried request does not apply twice */
  write?: boolean;
  tags?: string[];
  /** public calls: requests one address may make per minute (default: the PUBLIC_CALLS_PER_MINUTE setting) */
  perMinute?: number;
}

/** A call as the server registered it, with the guard it enforces (null: works without a session). */
export interface RegisteredCall {
  def: CallDef;
  guard: Guard | null;
  write: boolean;
}
/**
 * Every call registered by `call` and `publicCall`, by method and path: the generated test
 * (src/test/every-call.test.ts) walks them all, so calls added later are covered without a list.
 */
export const registeredCalls = new Map<string, RegisteredCall>();

/** Checks a user against a guard; throws the 403 the client sees. */
export function enforce(guard: Guard, user: SessionUser): void {
  const why = refusal(guard, user);
  if (why === 'corporate') throw forbidden('auth.corporate');
  if (why) throw forbidden();
}

/** A call's parameter names: as spelled (with the session's Id and Ticket), and by their lower case. */
interface KeyMap {
  exact: Set<string>;
  lower: Map<string, string>;
}
const keyMaps = new WeakMap<z.ZodObject, KeyMap>();
function keyMap(schema: z.ZodObject): KeyMap {
  let m = keyMaps.get(schema);
  if (!m) {
    const names = [...Object.keys(schema.shape), 'Id', 'Ticket'];
    m = { exact: new Set(names), lower: new Map(names.map((k) => [k.toLowerCase(), k])) };
    keyMaps.set(schema, m);
  }
  return m;
}

/** Query and body merged (body wins), with parameter names matched case-insensitively to the schema's. */
function rawInput(req: FastifyRequest, schema: z.ZodObject): Record<string, unknown> {
  // Writes come as JSON only: a cross-site form (text/plain, urlencoded, multipart) cannot make one,
  // not even with its parameters in the address and an empty body.
  if (req.method === 'POST' && !isJson(req.headers['content-type']))
    throw new AppError(Code.UnsupportedMedia, 'http.jsonOnly');
  const body = req.body;
  // A body that is not an object is bad input: refused once the session and the guard have answered.
  const badBody = body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body));
  if (badBody) BAD_BODY.add(req);
  const { exact, lower } = keyMap(schema);
  const query = req.query as Record<string, unknown> | undefined;
  const fromBody = badBody ? undefined : (body as Record<string, unknown> | null | undefined);
  const queryKeys = query ? Object.keys(query) : [];
  // A body alone whose names are all spelled as the call's (what the web app sends) is the input as it
  // is: nothing to rename or merge, and no copy (the input is only read from here on).
  if (queryKeys.length === 0 && fromBody) {
    let spelled = true;
    for (const k in fromBody) if (!exact.has(k)) spelled = false;
    if (spelled) return fromBody;
  }
  const out: Record<string, unknown> = {};
  // the query's parameters, then the body's (which win)
  const take = (from: Record<string, unknown>, keys: string[]) => {
    for (const k of keys) {
      const v = from[k];
      // A name spelled exactly as the schema (or the session's Id and Ticket) is taken as it is, so a
      // call's own `ID` never swallows the session `Id`; other spellings match case-insensitively.
      const canonical = exact.has(k) ? k : (lower.get(k.toLowerCase()) ?? k);
      // A repeated query parameter arrives as an array; take the last value for scalar fields.
      out[canonical] =
        Array.isArray(v) && req.method === 'GET' && !isArrayField(schema, canonical) ? v.at(-1) : v;
    }
  };
  if (query) take(query, queryKeys);
  if (fromBody) take(fromBody, Object.keys(fromBody));
  return out;
}
/** Requests whose JSON body is not an object (see rawInput). */
const BAD_BODY = new WeakSet<FastifyRequest>();
function assertBody(req: FastifyRequest): void {
  if (BAD_BODY.has(req)) throw new AppError(Code.BadInput, 'http.badJson');
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}
function isArrayField(schema: z.ZodObject, key: string): boolean {
  const f = schema.shape[key] as z.ZodType | undefined;
  return !!f && f instanceof z.ZodArray;
}

const envelopeOf = (data: z.ZodType) =>
  z.object({ Status: z.boolean(), Code: z.number(), Data: data.nullable(), Error: z.string().nullable() });

function docSchema(call: CallDef) {
  const input = call.auth ? call.input.extend(sessionShape) : call.input;
  return {
    summary: call.summary,
    [call.method === 'GET' ? 'querystring' : 'body']: input,
    response: { 200: envelopeOf(call.output) },
  };
}

/**
 * An idempotency key's row: looked up before the write, and written with the write's answer in the
 * commit's batch (db/statement.ts writeAtCommit), or claimed at once where the write's transaction is
 * not one this request opened. Written statements (db/statement.ts), since every write the web app and
 * the phone send carries a key (a scan, a registration), and building them with the query builder
 * cost more than running them.
 */
const KEY_ROW = rowOf(idempotencyKeys);
const SEEN_KEY = `select ${KEY_ROW.list} from "idempotency_keys" where "key" = $1::text`;
const KEY_COLUMNS = '"key", "user_guid", "call", "request_hash", "response"';
const KEY_VALUES = '$1::text, $2::uuid, $3::text, $4::text';
const STORE_KEY = `insert into "idempotency_keys" (${KEY_COLUMNS}) values (${KEY_VALUES}, $5::jsonb)`;
const CLAIM_KEY = `insert into "idempotency_keys" (${KEY_COLUMNS}) values (${KEY_VALUES}, '{}'::jsonb) on conflict do nothing returning "key"`;
/** A key written after its write (a write that audited nothing). */
const STORE_KEY_AFTER = `${STORE_KEY} on conflict do nothing`;
/** A key's answer, when it was claimed before the answer was known or the handler answered otherwise. */
const STORE_ANSWER = 'update "idempotency_keys" set "response" = $1::jsonb where "key" = $2::text';

/** Thrown inside a write's transaction when its key holds an answer already: the transaction rolls back. */
class Replay extends Error {
  constructor(public readonly row: typeof idempotencyKeys.$inferSelect) {
    super('idempotent replay');
  }
}

function replayOf<T>(row: typeof idempotencyKeys.$inferSelect, requestHash: string): T {
  if (row.requestHash !== requestHash) throw new AppError(Code.Conflict, 'common.idempotencyMismatch');
  return (row.response as { data: T }).data;
}

/**
 * A write sent with an `Idempotency-Key` applies once. The key is claimed by the write's first audit
 * record (every write audits inside its transaction, see `audit`) and stored in that same transaction
 * with the transaction's answer, so the key and the write commit together or not at all:
 * - a retry after the write committed answers the first answer (even when the process died before
 *   answering);
 * - a retry after a crash or a failure before the commit finds no key and applies the write once;
 * - two copies at once: the second's key, written with its commit, waits for the first's commit and
 *   then finds the key taken: its transaction rolls back and it answers the first answer.
 * Transactions the handler opens before its write (budgets, counters) do not hold the key. Keys are
 * scoped to the user (or anonymous callers) and the call; the housekeeping job purges them.
 */
async function withIdempotency<T>(
  ctx: Ctx,
  req: FastifyRequest,
  call: CallDef,
  input: unknown,
  run: (db: Db, idem?: IdempotencyClaim) => Promise<T>,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim().slice(0, 200) : '';
  const db = ctx.db;
  if (!key) return run(db);
  const scoped = `${ctx.user?.guid ?? 'anon'}:${call.name}:${key}`;
  const requestHash = sha256(JSON.stringify(input));
  const keyValues: unknown[] = [scoped, ctx.user?.guid ?? null, call.name, requestHash];
  /** the key's row, when it is in the database */
  const seenKey = async (on: DbOrTx) => {
    const [found] = await runRead(on, 'po_idem_seen', SEEN_KEY, [scoped]);
    return found ? KEY_ROW.read(found) : undefined;
  };

  const seen = await seenKey(db);
  if (seen) return replayOf<T>(seen, requestHash);

  /** the top-level transaction under way, and the one (or 'direct') that claimed the key */
  let current: unknown = null;
  let claimedIn: unknown = null;
  /** the answer stored with the key at the commit (JSON) */
  let stored: string | undefined;
  const idem: IdempotencyClaim = {
    async claim(tx) {
      if (claimedIn) return;
      // In a transaction this request opened, the key goes in with the transaction's answer, in the
      // commit's batch (below): no round trip of its own.
      if (current) {
        claimedIn = current;
        return;
      }
      const inserted = await runStatement(tx, 'po_idem_claim', CLAIM_KEY, keyValues);
      if (inserted.length === 0) {
        const prev = await seenKey(tx);
        if (prev) throw new Replay(prev);
      }
      claimedIn = 'direct';
    },
  };
  const original = db.transaction.bind(db);
  const wrapped = Object.create(db) as Db;
  wrapped.transaction = (async (
    fn: (tx: Tx) => Promise<unknown>,
    config?: Parameters<Db['transaction']>[1],
  ) => {
    /** the transaction that writes the key with its commit */
    let keyIn: unknown = null;
    try {
      return await original(async (tx) => {
        const outer = current;
        current = tx;
        try {
          const out = await fn(tx);
          if (claimedIn === tx) {
            keyIn = tx;
            stored = JSON.stringify(out ?? null);
            await writeAtCommit(tx, {
              name: 'po_idem_key',
              text: STORE_KEY,
              values: [...keyValues, `{"data":${stored}}`],
            });
          }
          return out;
        } catch (e) {
          if (claimedIn === tx) claimedIn = null;
          throw e;
        } finally {
          current = outer;
        }
      }, config);
    } catch (e) {
      if (keyIn !== null && claimedIn === keyIn) {
        claimedIn = null;
        // A copy of this request committed the key first (the insert waited for that commit, then found
        // the key): its write stands, this one rolled back, and the answer is the first one's.
        if (isUniqueViolation(e)) {
          const prev = await seenKey(db);
          if (prev) throw new Replay(prev);
        }
      }
      throw e;
    }
  }) as Db['transaction'];

  let data: T;
  try {
    data = await run(wrapped, idem);
  } catch (e) {
    if (e instanceof Replay) return replayOf<T>(e.row, requestHash);
    throw e;
  }
  if (!claimedIn) {
    // Nothing audited (a write that wrote nothing): remember the answer now.
    await runStatement(db, 'po_idem_key_after', STORE_KEY_AFTER, [...keyValues, JSON.stringify({ data })]);
  } else if (stored !== JSON.stringify(data ?? null)) {
    // the handler answered other than its transaction did (or the key was claimed before any answer)
    await runStatement(db, 'po_idem_answer', STORE_ANSWER, [JSON.stringify({ data }), scoped]);
  }
  return data;
}

/**
 * A call's context, written out field by field: one shape for every call (spreading the dependencies
 * in made a new shape each time and cost more than the rest of the call's set-up).
 */
function callCtx<U extends SessionUser | null>(
  deps: Pick<Deps, 'db' | 'config' | 'rs'>,
  lists: Lists,
  user: U,
  ip: string,
  requestId: string,
  idem?: IdempotencyClaim,
): Ctx & { user: U } {
  return { db: deps.db, config: deps.config, rs: deps.rs, lists, user, ip, requestId, idem };
}

/**
 * Runs a call's handler: a write through withIdempotency, on the database handle it gives and with the
 * key's claim in the context; anything else as it is.
 */
function runHandler<X extends Ctx, I, R>(
  ctx: X,
  req: FastifyRequest,
  reply: FastifyReply,
  def: CallDef,
  input: I,
  write: boolean,
  handler: (input: I, ctx: X, req: FastifyRequest, reply: FastifyReply) => Promise<R>,
): Promise<R> {
  if (!write) return handler(input, ctx, req, reply);
  return withIdempotency(ctx, req, def, input, (db, idem) => {
    const deps = { db, config: ctx.config, rs: ctx.rs };
    return handler(input, callCtx(deps, ctx.lists, ctx.user, ctx.ip, ctx.requestId, idem) as X, req, reply);
  });
}

type Handler<C extends CallDef> = (
  input: CallParsed<C>,
  ctx: AuthedCtx,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallData<C> | Serialized<CallData<C>>>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Serialised answers below this size go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;

/** The encoding of a compressed answer the client accepts (brotli first), or null. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Whether an If-None-Match header names the entity tag (weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Sends an answer serialised once (a cached list): with its entity tag, as 304 without a body when the
 * client has it already, compressed when large and the client accepts it. The answer holds no personal
 * data, so a browser may keep it (privately) and ask again with If-None-Match.
 */
function sendSerialized(req: FastifyRequest, reply: FastifyReply, answer: Serialized<unknown>) {
  reply.header('ETag', answer.etag);
  reply.header('Cache-Control', 'private, no-cache');
  reply.header('Vary', 'Accept-Encoding');
  if (req.method === 'GET' && matches(req.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.type(JSON_TYPE);
  const encoding = answer.body.length >= COMPRESS_FROM ? pickEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.body);
  reply.header('Content-Encoding', encoding);
  return reply.send(answer.compressed(encoding));
}

/**
 * Sends a call's answer in the envelope, serialised here: Fastify's path for an object (its checks for
 * streams and responses, its serialiser looked up by status code) cost a call a microsecond more than
 * sending the text, and the text is what the output schemas' serialiser would have written.
 */
function sendOk(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.header('content-type', JSON_TYPE).send(JSON.stringify(ok(data)));
}

/**
 * Registers a call that needs a session: 401 without one, 403 when the guard refuses, 400 on bad input.
 * The guard is the one the contract declares with the call (`defineCall(..., { guard })`), or, for
 * calls defined before guards moved into the contract, the one passed here.
 */
export function call<C extends CallDef & { guard: Guard }>(
  app: FastifyInstance,
  def: C,
  handler: Handler<C>,
  opts?: CallOptions,
): void;
export function call<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  guard: Guard,
  handler: Handler<C>,
  opts?: CallOptions,
): void;
export function call<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  a: Guard | Handler<C>,
  b?: Handler<C> | CallOptions,
  c?: CallOptions,
): void {
  const fromContract = typeof a === 'function';
  const guard = fromContract ? def.guard : a;
  const handler = (fromContract ? a : b) as Handler<C>;
  const opts = ((fromContract ? b : c) ?? {}) as CallOptions;
  if (!guard) throw new Error(`call ${def.name} has no guard`);
  registeredCalls.set(`${def.method} ${def.path}`, { def, guard, write: !!opts.write });
  app.route({
    method: def.method,
    url: def.path,
    schema: { ...docSchema(def), tags: opts.tags },
    handler: async (req, reply) => {
      const raw = rawInput(req, def.input);
      const ticket = typeof raw.Ticket === 'string' ? raw.Ticket.trim() : '';
      const session = await readSession(app.deps.db, app.deps.config, ticket);
      if (!session) throw unauthorized();
      const { user } = session;
      // Id and Ticket together: the Id is required and must be the ticket's user.
      const id = typeof raw.Id === 'string' ? raw.Id.trim().toLowerCase() : '';
      if (id !== user.guid) throw unauthorized();
      enforce(guard, user);
      assertBody(req);
      const input = parseInput(def.input, raw, def.labels) as CallParsed<C>;
      const ctx: AuthedCtx = callCtx(
        app.deps,
        app.deps.listCache.at(session.listVersion),
        user,
        req.ip,
        String(req.id),
      );
      req.sessionTicket = ticket;
      const data = await runHandler(ctx, req, reply, def, input, !!opts.write, handler);
      if (data instanceof Serialized) return sendSerialized(req, reply, data);
      return sendOk(reply, data);
    },
  });
}

/** Registers a call that works without a session (login, public requests). */
export function publicCall<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  handler: (input: CallParsed<C>, ctx: Ctx, req: FastifyRequest, reply: FastifyReply) => Promise<CallData<C>>,
  opts: CallOptions = {},
): void {
  registeredCalls.set(`${def.method} ${def.path}`, { def, guard: null, write: !!opts.write });
  app.route({
    method: def.method,
    url: def.path,
    schema: { ...docSchema(def), tags: opts.tags },
    config: {
      rateLimit: { max: opts.perMinute ?? app.deps.config.PUBLIC_CALLS_PER_MINUTE, timeWindow: 60_000 },
    },
    handler: async (req, reply) => {
      const raw = rawInput(req, def.input);
      assertBody(req);
      const input = parseInput(def.input, raw, def.labels) as CallParsed<C>;
      const ctx: Ctx = callCtx(app.deps, app.deps.listCache.at(null), null, req.ip, String(req.id));
      const data = await runHandler(ctx, req, reply, def, input, !!opts.write, handler);
      return sendOk(reply, data);
    },
  });
}
