import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Code, formatMessage } from '@po/contract';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { ping } from './db/client.ts';
import type { RsAdapter } from './integrations/rs/adapter.ts';
import { createRs } from './integrations/rs/index.ts';
import { AppError } from './http/errors.ts';
import { fail, ok } from './http/envelope.ts';
import { modules } from './modules/registry.ts';

export interface Deps {
  db: Db;
  config: Config;
  rs: RsAdapter;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    sessionTicket?: string;
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

export const WEB_DIST_DEFAULT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the Fastify instance: plugins, every call, the web app. It does not listen. */
export async function buildApp(
  config: Config,
  database: Database,
  over: { rs?: RsAdapter; logStream?: NodeJS.WritableStream } = {},
) {
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
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    trustProxy: true,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  const rs = over.rs ?? (await createRs(config, database.db));
  app.decorate('deps', { db: database.db, config, rs });

  // The call schemas are enforced by each route's own parsing (after the session and role checks),
  // so Fastify's validator passes values through; responses are plain JSON.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // JSON bodies; an empty body is an empty object. text/plain carrying JSON is accepted too.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = (_req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => {
    if (body.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new AppError(Code.BadInput, 'http.badJson'));
    }
  };
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, parseJson);

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(200).send(fail(err.code, err.text(), err.data));
    }
    const e = err as FastifyError;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      return reply.code(200).send(fail(Code.BadInput, formatMessage('http.tooLarge')));
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) {
      return reply.code(200).send(fail(Code.BadInput, formatMessage('http.badContentType')));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(200).send(fail(Code.BadInput, formatMessage('http.badJson')));
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return reply.code(200).send(fail(Code.Internal, formatMessage('http.internal', { requestId: req.id })));
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PostOffice back office API',
        version: '1.0.0',
        description:
          'Every call answers HTTP 200 with { Status, Code, Data, Error }. Every call but login carries Id and Ticket.',
      },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ping(database.db);
    return ok({ db: database.kind, uptime: Math.round(process.uptime()) });
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  for (const mod of modules) await app.register(mod);

  const webDist = config.WEB_DIST ?? WEB_DIST_DEFAULT;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
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
      return reply.sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}

export type App = FastifyInstance;
