/**
 * A call that answers a file instead of the JSON envelope (a made PDF or ZIP): its handler returns a
 * `FileAnswer` and the registrar (route.ts) streams the file with its type and a download name.
 */
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';

export class FileAnswer {
  constructor(
    /** where the file is on disk */
    readonly path: string,
    /** its media type */
    readonly type: string,
    /** the name the browser saves it as (letters, digits, '.', '-', '_') */
    readonly name: string,
    readonly bytes: number,
  ) {}
}

export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', file.type)
    .header('content-length', String(file.bytes))
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(createReadStream(file.path));
}
