import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, eq, lt } from 'drizzle-orm';
import { Code, sessionShape, type CallDef, type CallData, type CallParsed } from '@po/contract';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { ok } from './envelope.ts';
import { parseInput } from './validation.ts';
import { resolveSession } from './session.ts';
import type { AuthedCtx, Ctx, SessionUser } from './context.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';

/** Who may make a call. Every route declares it; the server enforces it whatever the client shows. */
export interface Guard {
  /** roles allowed to call */
  roles: readonly number[];
  /** may users of a corporate client's office call it? (default: yes) */
  corporate?: boolean;
  /** may IsAnother users call it? (default: yes) */
  another?: boolean;
  /** an extra rule on the user; return false to refuse with 403 */
  check?: (user: SessionUser) => boolean;
}

export interface CallOptions {
  /** a write: honours the Idempotency-Key header so a retried request does not apply twice */
  write?: boolean;
  tags?: string[];
}

/** Checks a user against a guard; throws the 403 the client sees. */
export function enforce(guard: Guard, user: SessionUser): void {
  if (!guard.roles.includes(user.roleId)) throw forbidden();
  if (guard.corporate === false && user.isCorporate) throw forbidden('auth.corporate');
  if (guard.another === false && user.isAnother) throw forbidden();
  if (guard.check && !guard.check(user)) throw forbidden();
}

const keyMaps = new WeakMap<z.ZodObject, Map<string, string>>();
function keyMap(schema: z.ZodObject): Map<string, string> {
  let m = keyMaps.get(schema);
  if (!m) {
    m = new Map([
      ['id', 'Id'],
      ['ticket', 'Ticket'],
    ]);
    for (const k of Object.keys(schema.shape)) m.set(k.toLowerCase(), k);
    keyMaps.set(schema, m);
  }
  return m;
}

/** Query and body merged (body wins), with parameter names matched case-insensitively to the schema's. */
function rawInput(req: FastifyRequest, schema: z.ZodObject): Record<string, unknown> {
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new AppError(Code.BadInput, 'http.badJson');
  }
  const merged = { ...(req.query as Record<string, unknown>), ...((body as Record<string, unknown>) ?? {}) };
  const map = keyMap(schema);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(merged)) {
    // A name spelled exactly as the schema (or the session's Id and Ticket) is taken as it is, so a
    // call's own `ID` never swallows the session `Id`; other spellings match case-insensitively.
    const canonical = k in schema.shape || k === 'Id' || k === 'Ticket' ? k : (map.get(k.toLowerCase()) ?? k);
    // A repeated query parameter arrives as an array; take the last value for scalar fields.
    out[canonical] =
      Array.isArray(v) && req.method === 'GET' && !isArrayField(schema, canonical) ? v.at(-1) : v;
  }
  return out;
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

async function withIdempotency<T>(
  ctx: Ctx,
  req: FastifyRequest,
  call: CallDef,
  input: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim().slice(0, 200) : '';
  if (!key) return run();
  const scoped = `${ctx.user?.guid ?? 'anon'}:${call.name}:${key}`;
  const requestHash = sha256(JSON.stringify(input));
  const db = ctx.db;
  // Forget answers older than a day.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - 86_400_000)));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      key: scoped,
      userGuid: ctx.user?.guid ?? null,
      call: call.name,
      requestHash,
      response: { pending: true },
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [prev] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, scoped));
    if (prev && prev.requestHash !== requestHash)
      throw new AppError(Code.Conflict, 'common.idempotencyMismatch');
    const stored = prev?.response as { pending?: boolean; data?: T } | undefined;
    if (!stored || stored.pending) throw new AppError(Code.Conflict, 'common.conflict');
    return stored.data as T;
  }
  try {
    const data = await run();
    await db
      .update(idempotencyKeys)
      .set({ response: { data: data as unknown } })
      .where(and(eq(idempotencyKeys.key, scoped)));
    return data;
  } catch (e) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, scoped));
    throw e;
  }
}

/** Registers a call that needs a session: 401 without one, 403 when the guard refuses, 400 on bad input. */
export function call<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  guard: Guard,
  handler: (
    input: CallParsed<C>,
    ctx: AuthedCtx,
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<CallData<C>>,
  opts: CallOptions = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    schema: { ...docSchema(def), tags: opts.tags },
    handler: async (req, reply) => {
      const raw = rawInput(req, def.input);
      const ticket = typeof raw.Ticket === 'string' ? raw.Ticket.trim() : '';
      const user = await resolveSession(app.deps.db, app.deps.config, ticket);
      if (!user) throw unauthorized();
      const id = typeof raw.Id === 'string' ? raw.Id.trim().toLowerCase() : '';
      if (id && id !== user.guid) throw unauthorized();
      enforce(guard, user);
      const input = parseInput(def.input, raw) as CallParsed<C>;
      const ctx: AuthedCtx = { ...app.deps, user, ip: req.ip, requestId: String(req.id) };
      req.sessionTicket = ticket;
      const data = opts.write
        ? await withIdempotency(ctx, req, def, input, () => handler(input, ctx, req, reply))
        : await handler(input, ctx, req, reply);
      return ok(data);
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
  app.route({
    method: def.method,
    url: def.path,
    schema: { ...docSchema(def), tags: opts.tags },
    handler: async (req, reply) => {
      const raw = rawInput(req, def.input);
      const input = parseInput(def.input, raw) as CallParsed<C>;
      const ctx: Ctx = { ...app.deps, user: null, ip: req.ip, requestId: String(req.id) };
      const data = opts.write
        ? await withIdempotency(ctx, req, def, input, () => handler(input, ctx, req, reply))
        : await handler(input, ctx, req, reply);
      return ok(data);
    },
  });
}
