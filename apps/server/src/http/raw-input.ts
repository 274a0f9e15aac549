/**
 * A call's input as sent: the query and the JSON body merged (the body wins), with parameter names
 * matched case-insensitively to the call's schema.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '@po/contract';
import { AppError } from './errors.ts';

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
export function rawInput(req: FastifyRequest, schema: z.ZodObject): Record<string, unknown> {
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
export function assertBody(req: FastifyRequest): void {
  if (BAD_BODY.has(req)) throw new AppError(Code.BadInput, 'http.badJson');
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}
function isArrayField(schema: z.ZodObject, key: string): boolean {
  const f = schema.shape[key] as z.ZodType | undefined;
  return !!f && f instanceof z.ZodArray;
}
