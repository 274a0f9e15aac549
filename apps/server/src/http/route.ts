/**
 * The registrar: every call of the contract is registered here, with the guard and the parcel access
 * the contract declares for it. A session call answers 401 without a session, 403 when its guard
 * refuses, 400 on bad input, and runs its handler with a parcel scope of the kind it declared
 * (modules/parcels/scope.ts), so the parcels core refuses any parcel the caller may not see or touch.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  refusal,
  sessionShape,
  type CallDef,
  type CallData,
  type CallParsed,
  type Guard,
  type ParcelAccess,
} from '@po/contract';
import { forbidden, unauthorized } from './errors.ts';
import { Serialized } from './envelope.ts';
import { parseInput } from './validation.ts';
import { readSession } from './session.ts';
import type { AuthedCtx, Ctx, Deps, IdempotencyClaim, SessionUser } from './context.ts';
import type { Lists } from '../db/list-cache.ts';
import { assertBody, rawInput } from './raw-input.ts';
import { withIdempotency } from './idempotency.ts';
import { sendOk, sendSerialized } from './answer.ts';
import { FileAnswer, sendFile } from './file-answer.ts';
import { ParcelScope } from '../modules/parcels/scope.ts';

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
  /** what it does to parcels (the contract's declaration) */
  parcels: ParcelAccess;
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
  if (why === 'check' && guard.checkMessage) throw forbidden(guard.checkMessage);
  if (why) throw forbidden();
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

/** The scope of the calls without a session: they touch no parcel. */
const NO_PARCELS = new ParcelScope('none', null);

/**
 * A call's context, written out field by field: one shape for every call (spreading the dependencies
 * in made a new shape each time).
 */
function callCtx<U extends SessionUser | null>(
  deps: Pick<Deps, 'db' | 'config' | 'rs'>,
  lists: Lists,
  user: U,
  scope: ParcelScope,
  ip: string,
  requestId: string,
  idem?: IdempotencyClaim,
): Ctx & { user: U } {
  return { db: deps.db, config: deps.config, rs: deps.rs, lists, user, scope, ip, requestId, idem };
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
    const again = callCtx(deps, ctx.lists, ctx.user, ctx.scope, ctx.ip, ctx.requestId, idem) as X;
    return handler(input, again, req, reply);
  });
}

type Handler<C extends CallDef> = (
  input: CallParsed<C>,
  ctx: AuthedCtx,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallData<C> | Serialized<CallData<C>> | FileAnswer>;

/**
 * Registers a call that needs a session: 401 without one, 403 when the guard refuses, 400 on bad input.
 * The guard and the parcel access are the ones the contract declares with the call
 * (`defineCall(..., { guard, parcels })`); a call without either is refused at start.
 */
export function call<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  handler: Handler<C>,
  opts: CallOptions = {},
): void {
  const { guard, parcels } = def;
  if (!guard) throw new Error(`call ${def.name} has no guard in the contract`);
  if (!parcels) throw new Error(`call ${def.name} declares no parcel access in the contract`);
  registeredCalls.set(`${def.method} ${def.path}`, { def, guard, parcels, write: !!opts.write });
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
      // a password an administrator set: the session may only change it (UserCh), renew and log out
      if (user.passwordTemporary && !def.temporaryPassword) throw forbidden('auth.temporaryPassword');
      enforce(guard, user);
      assertBody(req);
      const input = parseInput(def.input, raw, def.labels) as CallParsed<C>;
      const lists = app.deps.listCache.at(session.listVersion);
      const scope = new ParcelScope(parcels, user);
      const ctx: AuthedCtx = callCtx(app.deps, lists, user, scope, req.ip, String(req.id));
      req.sessionTicket = ticket;
      req.userGuid = user.guid;
      const data = await runHandler(ctx, req, reply, def, input, !!opts.write, handler);
      if (data instanceof Serialized) return sendSerialized(req, reply, data);
      if (data instanceof FileAnswer) return sendFile(reply, data);
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
  // a public call that reaches parcels by design (the tracking page) declares it in the contract and
  // sees as the system does; what it answers is its own business (parcel-scope.test.ts checks it names no one)
  const parcels = def.parcels ?? 'none';
  const scope = parcels === 'none' ? NO_PARCELS : new ParcelScope(parcels, null);
  registeredCalls.set(`${def.method} ${def.path}`, {
    def,
    guard: null,
    parcels,
    write: !!opts.write,
  });
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
      const lists = app.deps.listCache.at(null);
      const ctx: Ctx = callCtx(app.deps, lists, null, scope, req.ip, String(req.id));
      const data = await runHandler(ctx, req, reply, def, input, !!opts.write, handler);
      return sendOk(reply, data);
    },
  });
}
