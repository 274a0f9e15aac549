import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import swagger from '@fastify/swagger';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { Socket } from 'node:net';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Code, formatMessage } from '@po/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { pendingMigrations, ping } from './db/client.ts';
import { ListCache } from './db/list-cache.ts';
import type { RsAdapter } from './integrations/rs/adapter.ts';
import { createRs } from './integrations/rs/index.ts';
import { AppError } from './http/errors.ts';
import { fail, failKey, ok } from './http/envelope.ts';
import type { Deps } from './http/context.ts';
import { modules } from './modules/registry.ts';
import { registerMetrics, watchOutbox, watchPool, watchReplicas } from './http/metrics.ts';
import { ReadReplicas } from './db/replicas.ts';
import { databaseRateStore } from './http/rate-store.ts';
import { DOCS_PATH, registerApiDocs } from './http/api-docs.ts';

export type { Deps };

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** set when the server begins to stop (main.ts): /api/ready answers 503 from then on */
    lifecycle: { stopping: boolean };
  }
  interface FastifyRequest {
    sessionTicket?: string;
    /** the session's user, for the request's log line */
    userGuid?: string;
  }
}

const SECRET_PARAMS = /^(password|ticket|old|new|guid|pass)$/i;
/** The URL as logged: values of secret parameters are replaced, so logs never hold passwords or tickets. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_PARAMS.test(k)) params.set(k, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * The security headers of every answer. The CSP fits the built app (its own scripts only; Mantine's and
 * the print frames' inline styles; local fonts; data: and blob: images; print frames are about:blank).
 */
const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval': the courier's camera reader (zxing-wasm, the app's own .wasm file)
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with `HELMET`, read once by running its middleware on a recording response.
 * They depend on nothing in the request, so every answer gets the same ones without running helmet per
 * request (the Fastify plugin rebuilt the middleware, and parsed the CSP again, for every request:
 * 6% of a cached call's time).
 */
function securityHeaders(): Record<string, string> {
  const out: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      out[name] = String(value);
      return res;
    },
    removeHeader() {},
  };
  let failed: unknown = null;
  helmet(HELMET)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return out;
}

/**
 * The security headers of the calls' answers. A call answers JSON and nothing else (never a page, a
 * script or a frame), so its answer carries what protects JSON, set once here rather than helmet's set
 * for the app's pages (ten headers and a 330-byte policy on every answer cost a tenth of a cached
 * call's time in the server):
 * - no-store: the answers carry tickets and personal data (a cached list that holds nothing personal
 *   says otherwise itself: http/route.ts sendSerialized);
 * - a policy that lets an answer opened as a page load and run nothing and be framed nowhere;
 * - nosniff, so an answer is never read as a script or a style, and the cross-origin resource policy,
 *   so another site cannot even load it;
 * - the frame and referrer policies the pages have.
 * HSTS and the cross-domain policy are the pages' (a browser learns HSTS from the page it loads before
 * any call; the cross-domain policy concerns files a plug-in reads, not JSON answers).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none';script-src 'self';style-src 'self' 'unsafe-inline';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const API_PATH = /^\/api\//i;
const BLANK = /^\s*$/;
/** Request ids: this process's random tag and a counter. */
const PROCESS_TAG = randomBytes(4).toString('hex');
let requests = 0;

/** Every API route any app instance registered ("GET /api/Name"): the generated test walks them. */
export const apiRoutes = new Set<string>();

/** The tracking page's addresses: `/track` and `/track/{barcode}`. */
const TRACK_PATH = /^\/track(\/[^/]*)?\/?$/;
export const WEB_DIST_DEFAULT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The OpenAPI document's own parts (the calls' come from the contract; the shipper API's from its routes). */
const OPENAPI = {
  openapi: {
    info: {
      title: 'PostOffice back office API',
      version: '1.0.0',
      description:
        'Every call answers HTTP 200 with { Status, Code, Data, Error }. Every call but login carries Id and Ticket. ' +
        'The shipper API (tag shipper, /api/v1) is REST: HTTP statuses, Authorization: Bearer <key> (docs/shipper-api.md).',
    },
    tags: [
      {
        name: 'shipper',
        description:
          "The shipper REST API (/api/v1) for a corporate client's own system: an API key from an administrator, " +
          'sent as Authorization: Bearer <key>. Failures answer { Status: false, Code, Key, Error, ErrorEn } with ' +
          'HTTP 400, 401, 403, 404, 409, 422 or 429.',
      },
    ],
    components: { securitySchemes: { shipperKey: { type: 'http' as const, scheme: 'bearer' } } },
  },
};

/** Builds the Fastify instance: plugins, every call, the web app. It does not listen. */
export async function buildApp(
  config: Config,
  database: Database,
  over: { rs?: RsAdapter; logStream?: NodeJS.WritableStream } = {},
) {
  // Fastify logs every request at info: below that level it need not even make the records
  const requestLogging = ['info', 'debug', 'trace'].includes(config.LOG_LEVEL);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(over.logStream ? { stream: over.logStream } : {}),
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
            },
          },
    // One line a request, written when it is answered (http/metrics.ts): its id, call, user, code and
    // time, rather than Fastify's two lines with the URL. A request's log is the server's own: no child
    // logger made (and its bindings serialised) for every request; the lines name the request id.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger: FastifyBaseLogger) => logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // unique across processes and restarts, and cheaper than a UUID per request
    genReqId: () => `${PROCESS_TAG}-${(++requests).toString(36)}`,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (none by default).
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    // A body dribbled a byte at a time, a silent socket or an idle kept-alive one are closed in a minute.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_SECONDS * 1000,
    http: {
      headersTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      // how often Node looks for requests past their time-out (its default, 30 s, is too coarse)
      connectionsCheckingInterval: 2000,
      // the URL and headers together (Node's default); beyond it, an envelope answer (answerClientError)
      maxHeaderSize: 16 * 1024,
    },
    clientErrorHandler: answerClientError,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  closeUnusedConnections(app.server, config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000);
  app.addHook('onRoute', (r) => {
    if (r.url.toLowerCase().startsWith('/api/'))
      for (const m of [r.method].flat()) if (m !== 'HEAD') apiRoutes.add(`${m} ${r.url}`);
  });
  const rs = over.rs ?? (await createRs(config, database.db));
  const replicas = await openReplicas(app, config, database);
  app.decorate('deps', { db: database.db, config, rs, listCache: new ListCache(database.db), replicas });
  app.decorate('lifecycle', { stopping: false });

  // The call schemas are enforced by each route's own parsing (after the session and role checks),
  // so Fastify's validator passes values through; responses are plain JSON.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // JSON bodies only (an empty body is an empty object): any other type is a 415 in the envelope, so
  // a cross-site form (text/plain, urlencoded, multipart) cannot make a write.
  app.removeAllContentTypeParsers();
  // The body is taken as bytes and decoded once, here: taken as text, Node's stream decoded it chunk by
  // chunk and Fastify measured the text's UTF-8 length again, a noticeable share of a Georgian body's
  // decoding and parsing.
  const parseJson = (_req: unknown, body: Buffer, done: (err: Error | null, value?: unknown) => void) => {
    let value: unknown;
    try {
      const text = body.toString('utf8');
      value = BLANK.test(text) ? {} : JSON.parse(text);
    } catch {
      return done(new AppError(Code.BadInput, 'http.badJson'));
    }
    done(null, value);
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJson);

  app.setErrorHandler(answerError);

  // Security headers on every answer: the calls' own (API_HEADERS), helmet's for everything else
  // (computed once at start: see securityHeaders).
  const documentHeaders = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(API_PATH.test(req.url) && !DOCS_PATH.test(req.url) ? API_HEADERS : documentHeaders);
    done();
  });
  // Calls without a session (login, public requests) are limited per address (route option `rateLimit`).
  // On PostgreSQL the budget is kept in the database, one for all the server's processes and hosts.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(Code.TooMany, 'http.tooMany'),
    ...(database.kind === 'postgres' ? { store: databaseRateStore(database.db) } : {}),
  });

  await app.register(swagger, { ...OPENAPI, transform: jsonSchemaTransform });

  registerPlatformRoutes(app, database);
  await registerApiDocs(app);
  registerMetrics(app, config, requestLogging);
  if (replicas) {
    const unwatch = watchReplicas(replicas);
    app.addHook('onClose', async () => unwatch());
  }
  if (database.poolStats) watchPool(() => database.poolStats!());
  watchOutbox(database.db);

  for (const mod of modules) await app.register(mod);

  const webDist = config.WEB_DIST ?? WEB_DIST_DEFAULT;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // the build writes name.br and name.gz beside each text file (scripts/build.mjs): no compressing per request
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.toLowerCase().startsWith('/api')) {
      return reply.code(200).send(fail(Code.NotFound, formatMessage('http.unknownCall', { path: url })));
    }
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url)) {
      reply.header('Cache-Control', 'no-cache');
      // the public tracking page is its own small entry (issue 38), without the back office's code
      if (TRACK_PATH.test(url)) return reply.sendFile('track.html');
      return reply.sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}

/**
 * The read replicas of DATABASE_READ_URL (db/replicas.ts), closed with the app; null without any. The
 * embedded database has none: the setting is refused at start (config.ts) and ignored, with a log
 * line, by an app given an embedded database.
 */
async function openReplicas(app: FastifyInstance, config: Config, database: Database) {
  if (config.DATABASE_READ_URL.length === 0) return null;
  if (database.kind !== 'postgres') {
    app.log.warn('DATABASE_READ_URL is ignored: the embedded database has no replicas');
    return null;
  }
  const replicas = await ReadReplicas.open(database.db, config.DATABASE_READ_URL, {
    maxLagSeconds: config.READ_MAX_LAG_SECONDS,
    checkSeconds: config.READ_CHECK_SECONDS,
    checkTimeoutSeconds: config.READ_CHECK_TIMEOUT_SECONDS,
    log: (level, msg) => app.log[level](msg),
  });
  app.addHook('onClose', () => replicas.close());
  return replicas;
}

/** The routes that are not calls: liveness, readiness, the OpenAPI document (its page: http/api-docs.ts). */
function registerPlatformRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ping(database.db);
    return ok({ db: database.kind, uptime: Math.round(process.uptime()) });
  });
  app.get('/api/ready', { schema: { hide: true } }, async (_req, reply) => {
    const reason = await notReady(app, database);
    if (!reason) return ok({ ready: true });
    return reply.code(503).send(failKey(Code.Unavailable, 'http.notReady', { reason }));
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * Why the server should not be sent requests now, or null: it is stopping, its database does not
 * answer, or the database lacks migrations this server needs (a newer server started before its
 * migrations ran). For the proxy's and the orchestrator's readiness checks.
 */
async function notReady(app: FastifyInstance, database: Database): Promise<string | null> {
  if (app.lifecycle.stopping) return 'stopping';
  try {
    await ping(database.db);
  } catch {
    return 'database unreachable';
  }
  const pending = await pendingMigrations(database.db);
  return pending.length ? `migrations pending: ${pending.join(', ')}` : null;
}

/**
 * Every error in the envelope, HTTP 200: ours with their code and Georgian text, Fastify's own as bad
 * input, anything unexpected as Code 500 naming the request id (logged, never shown).
 */
function answerError(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(200).send(fail(err.code, err.text(), err.data, err.key));
  }
  const e = err as FastifyError;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
    return reply.code(200).send(failKey(Code.BadInput, 'http.tooLarge'));
  }
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) {
    return reply.code(200).send(failKey(Code.UnsupportedMedia, 'http.jsonOnly'));
  }
  if (e.code === 'FST_ERR_REQUEST_TIMEOUT' || e.statusCode === 408) {
    return reply.code(200).send(failKey(Code.BadInput, 'http.timeout'));
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return reply.code(200).send(failKey(Code.BadInput, 'http.badJson'));
  }
  req.log.error({ err, reqId: req.id }, 'unexpected error');
  return reply
    .code(200)
    .send(fail(Code.Internal, formatMessage('http.internal', { requestId: req.id }), null, 'http.internal'));
}

/**
 * Node counts a connection's first request from the moment it connected, so a connection a browser
 * opened ahead of need (Chromium's preconnect) and left unused for the request time-out had its first
 * request answered "the request took too long". A connection that has sent nothing by half that time is
 * closed instead; the browser opens another for its request.
 */
function closeUnusedConnections(server: import('node:http').Server, requestTimeoutMs: number): void {
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, requestTimeoutMs / 2);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * Requests Node refuses before Fastify sees them (URL or headers too large, a request that took too
 * long, malformed HTTP): answered in the envelope where the socket can still take an answer.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const key =
    err.code === 'HPE_HEADER_OVERFLOW' || err.code === 'HPE_URI_OVERFLOW'
      ? 'http.urlTooLong'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'http.timeout'
        : 'http.badJson';
  const body = JSON.stringify(failKey(Code.BadInput, key));
  // The answer, then the connection closed whole: HTTP sockets are half-open, so `end` alone leaves a
  // client that keeps sending (a header line every few seconds) holding the socket for ever.
  socket.end(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

export type App = FastifyInstance;
