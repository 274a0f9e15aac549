/**
 * The shipper REST API (`/api/v1`, issue 39): REST and JSON with HTTP statuses that mean what they say
 * (unlike the staff calls' envelope, always HTTP 200). A request carries `Authorization: Bearer <key>`
 * (auth.ts); its budget is per key, kept where the public calls' is (the database on PostgreSQL, so it
 * holds across processes); a write honours `Idempotency-Key` (http/idempotency.ts) and is audited with
 * the key's name. Errors answer `{ Status: false, Code, Key, Error, ErrorEn }` with the product's Code
 * and message in Georgian and English.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '@po/contract';
import {
  shipperError,
  shipperListQuery,
  shipperParcel,
  shipperParcelInput,
  shipperParcelPage,
  shipperRegistered,
  shipperRegisterAnswer,
  type ApiScope,
} from '@po/contract/shipper';
import type { ParcelAccess } from '@po/contract';
import { AppError } from '../../http/errors.ts';
import { withIdempotency } from '../../http/idempotency.ts';
import { parseInput } from '../../http/validation.ts';
import type { AuthedCtx } from '../../http/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { bearerOf, shipperCtx } from './auth.ts';
import * as api from './api-service.ts';
import { registerLabelRoutes } from './label-routes.ts';
import { registerPodRoutes } from './pod-routes.ts';

/** The HTTP status of a failure: its Code, except that a broken rule of well-formed input is 422. */
export function httpStatusOf(e: AppError): number {
  if (e.code === Code.BadInput) {
    return e.key.startsWith('v.') || e.key.startsWith('http.') || e.key === 'shipper.batchSize' ? 400 : 422;
  }
  return e.code >= 400 && e.code < 600 ? e.code : 500;
}

export function sendFailure(reply: FastifyReply, e: AppError) {
  return reply.code(httpStatusOf(e)).send({ Status: false, ...api.failureOf(e) });
}

/** Fastify's own errors (a body too large, not JSON) as the product's failures; anything else is a 500. */
function asAppError(err: FastifyError | AppError, req: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  const s = err.statusCode ?? 500;
  if (s === 413) return new AppError(Code.BadInput, 'http.tooLarge');
  if (s === 415) return new AppError(Code.UnsupportedMedia, 'http.jsonOnly');
  if (s >= 400 && s < 500) return new AppError(Code.BadInput, 'http.badJson');
  req.log.error({ err, reqId: req.id }, 'unexpected error');
  return new AppError(Code.Internal, 'http.internal', { requestId: req.id });
}

const failures = {
  400: shipperError,
  401: shipperError,
  403: shipperError,
  404: shipperError,
  429: shipperError,
};
const security = [{ shipperKey: [] }];
const barcodeParams = z.object({ barcode: z.string().meta({ example: 'PO123456785' }) });

/** Runs a write with the request's Idempotency-Key: a retry answers the first answer and applies nothing. */
function idempotent<T>(
  ctx: AuthedCtx,
  req: FastifyRequest,
  name: string,
  input: unknown,
  run: (c: AuthedCtx) => Promise<T>,
) {
  return withIdempotency(ctx, req, { name }, input, (db, idem) => run({ ...ctx, db, idem }));
}

export async function shipperApi(app: FastifyInstance) {
  const authed = (req: FastifyRequest, need: ApiScope, parcels: ParcelAccess) =>
    shipperCtx(app, req, need, parcels);
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => sendFailure(reply, asAppError(err, req)));
  app.setNotFoundHandler((req, reply) =>
    sendFailure(reply, new AppError(Code.NotFound, 'http.unknownCall', { path: req.url.split('?')[0] })),
  );
  // One budget a key (a request without one: a budget for its address), for all the API's routes.
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: () => app.deps.config.SHIPPER_CALLS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => {
        const key = bearerOf(req);
        return key ? `shipper:${sha256(key)}` : `shipper-ip:${req.ip}`;
      },
    }),
  );

  app.post(
    '/parcels',
    {
      schema: {
        tags: ['shipper'],
        summary: 'Register one parcel or a batch of up to 100',
        description:
          'The body is one parcel (the Registration fields), an array of them, or { "Parcels": [...] }. ' +
          "The sender is the key's office; the price is the client's tariff. A batch answers every line: " +
          'its barcode, price and tracking link, or its own error, so one bad line does not reject the others. ' +
          'Send an Idempotency-Key header: a retry answers the first answer and registers nothing twice.',
        security,
        body: z.union([
          shipperParcelInput,
          z.array(shipperParcelInput),
          z.object({ Parcels: z.array(shipperParcelInput) }),
        ]),
        response: {
          200: shipperRegisterAnswer,
          201: shipperRegistered,
          409: shipperError,
          422: shipperError,
          ...failures,
        },
      },
    },
    async (req, reply) => {
      const ctx = await authed(req, 'register', 'create');
      const { lines, single } = api.batchOf(req.body);
      const answer = await idempotent(ctx, req, 'ShipperRegister', lines, (c) => api.registerBatch(c, lines));
      if (!single) return reply.code(200).send(answer);
      const [line] = answer.Parcels;
      if (line.Status) return reply.code(201).send(line);
      return sendFailure(reply, new AppError(line.Code!, line.Key!, {}));
    },
  );

  app.get(
    '/parcels/:barcode',
    {
      schema: {
        tags: ['shipper'],
        summary: "A parcel's state and history",
        security,
        params: barcodeParams,
        response: { 200: shipperParcel, ...failures },
      },
    },
    async (req) => {
      const ctx = await authed(req, 'read', 'see');
      return api.parcelOf(ctx, (req.params as { barcode: string }).barcode);
    },
  );

  app.get(
    '/parcels',
    {
      schema: {
        tags: ['shipper'],
        summary: "The key's parcels registered in a period, newest first, a page at a time",
        description: 'The next page is in the Link header (rel="next") and in Next.',
        security,
        querystring: shipperListQuery,
        response: { 200: shipperParcelPage, ...failures },
      },
    },
    async (req, reply) => {
      const ctx = await authed(req, 'read', 'see');
      const q = parseInput(shipperListQuery, req.query, {
        from: { ka: 'დან', en: 'from' },
        to: { ka: 'მდე', en: 'to' },
        status: { ka: 'სტატუსი', en: 'status' },
        page: { ka: 'გვერდი', en: 'page' },
        limit: { ka: 'ლიმიტი', en: 'limit' },
      });
      const { parcels, more } = await api.listParcels(ctx, q);
      let next: string | null = null;
      if (more) {
        const params = new URLSearchParams(req.query as Record<string, string>);
        params.set('page', String(q.page + 1));
        params.set('limit', String(q.limit));
        next = `${ctx.config.PUBLIC_URL}/api/v1/parcels?${params.toString()}`;
        reply.header('Link', `<${next}>; rel="next"`);
      }
      return { Parcels: parcels, Page: q.page, Limit: q.limit, Next: next };
    },
  );

  app.delete(
    '/parcels/:barcode',
    {
      schema: {
        tags: ['shipper'],
        summary: 'Cancel a parcel while the deletion rules allow it (nothing has happened to it yet)',
        security,
        params: barcodeParams,
        response: {
          200: z.object({ Barcode: z.string(), Cancelled: z.literal(true) }),
          409: shipperError,
          ...failures,
        },
      },
    },
    async (req) => {
      const ctx = await authed(req, 'cancel', 'act');
      const barcode = (req.params as { barcode: string }).barcode;
      return idempotent(ctx, req, 'ShipperCancel', { barcode }, (c) => api.cancelParcel(c, barcode));
    },
  );

  registerLabelRoutes(app, authed, security, failures);
  registerPodRoutes(app, authed, security, failures);
}
