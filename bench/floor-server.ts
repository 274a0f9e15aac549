/**
 * Fastify alone (bench/floor.ts starts it): the server's fixed cost of a request without any of a call's
 * own work. It takes a JSON body as the server does (its parser: the body's bytes decoded, JSON.parse),
 * sets the headers the server's answer carried (FLOOR_HEADERS, a JSON object, set in an onRequest hook
 * as the server sets its security headers) and answers the server's answer as it was (FLOOR_BODY), on
 * every path, without a session, a database or a log. The rate it keeps beside pgbench is the highest share a
 * call can have on this machine with Node and Fastify doing their part of every request.
 */
import Fastify from 'fastify';

const headers = JSON.parse(process.env.FLOOR_HEADERS ?? '{}') as Record<string, string>;
const body = process.env.FLOOR_BODY ?? '{"Status":true,"Code":200,"Data":null,"Error":null}';
const BLANK = /^\s*$/;

const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
  try {
    const text = body.toString('utf8');
    done(null, BLANK.test(text) ? {} : JSON.parse(text));
  } catch (e) {
    done(e as Error);
  }
});
app.addHook('onRequest', (_req, reply, done) => {
  reply.headers(headers);
  done();
});
app.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: async (_req, reply) => reply.type('application/json; charset=utf-8').send(body),
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('floor ready');
