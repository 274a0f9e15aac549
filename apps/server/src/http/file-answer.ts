/**
 * A call that answers a file (a proof photo, a PDF) instead of the JSON envelope: its handler returns a
 * FileAnswer and `call` sends the bytes with their type. A refusal still goes in the envelope (401, 403,
 * 404 …), so a client tells a file from an error by the content type.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export class FileAnswer {
  constructor(
    /** the bytes, or a stream of a large file on disk (a made PDF or ZIP) */
    readonly body: Buffer | Readable,
    readonly type: string,
    /** the name a browser saves it under (`Content-Disposition`); none: shown inline */
    readonly fileName = '',
    /** how long a browser may keep it (seconds; the content never changes under a content hash) */
    readonly maxAge = 0,
    /** the size of a streamed body, sent as Content-Length */
    readonly bytes?: number,
  ) {}
}

export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  reply.header('content-type', file.type);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header(
    'Cache-Control',
    file.maxAge > 0 ? `private, max-age=${file.maxAge}, immutable` : 'private, no-store',
  );
  if (file.fileName)
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  if (file.bytes !== undefined) reply.header('content-length', String(file.bytes));
  return reply.send(file.body);
}
