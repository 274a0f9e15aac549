/**
 * Sending a call's answer: the envelope serialised once, and a cached list with its entity tag,
 * compressed when large.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok, type Serialized } from './envelope.ts';

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
export function sendSerialized(req: FastifyRequest, reply: FastifyReply, answer: Serialized<unknown>) {
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
 * streams and responses, its serialiser looked up by status code) cost every call more than
 * sending the text, and the text is what the output schemas' serialiser would have written.
 */
export function sendOk(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.header('content-type', JSON_TYPE).send(JSON.stringify(ok(data)));
}
